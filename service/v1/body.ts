// The body of a v1 request as plain values, from JSON or XML by v1/format.ts's rules.
//
// Decided: a resource's attributes come wrapped as the answers are ({"entry": {...}},
// <entry>…</entry>); JSON may also send them bare. An empty body is an empty set of attributes
// (a required one is then reported missing). A Content-Type naming the other format than the
// path's suffix is refused: nothing is guessed.
import type { FastifyRequest } from 'fastify';
import { invalid } from './errors';
import { requestFormat, type Format } from './format';
import { readXml } from './xml';

export type Attributes = Record<string, unknown>;

const isRecord = (value: unknown): value is Attributes =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The body's text and format; '' when there is none. */
export function rawBody(request: FastifyRequest): { text: string; format: Format } {
  const { suffix, contentType } = requestFormat(request);
  const text = typeof request.body === 'string' ? request.body : '';
  if (text.trim() !== '' && suffix && contentType && suffix !== contentType) {
    throw invalid(
      `The body is ${contentType === 'json' ? 'JSON (application/json)' : 'XML (text/xml)'} but the path asks for .${suffix}: send ${suffix === 'json' ? 'application/json' : 'text/xml'}`,
    );
  }
  return { text, format: suffix ?? contentType ?? 'json' };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('JSON Parsing Error');
  }
}

/** The attributes of one resource named `root` (entry, project, user). */
export function readAttributes(request: FastifyRequest, root: string): { attributes: Attributes; format: Format } {
  const { text, format } = rawBody(request);
  if (text.trim() === '') return { attributes: {}, format };
  if (format === 'json') {
    const value = parseJson(text);
    if (!isRecord(value)) throw invalid('Body should be JSON Hash');
    const keys = Object.keys(value);
    const wrapped = keys.length === 1 && keys[0] === root && isRecord(value[root]);
    return { attributes: wrapped ? (value[root] as Attributes) : value, format };
  }
  const content = readXml(text, root);
  if (content === '' || content === null) return { attributes: {}, format };
  if (!isRecord(content)) throw invalid(`<${root}> must hold one element per attribute`);
  return { attributes: content, format };
}

export { isRecord };
