// Request bodies (spec 000 "Errors", GAPS.md "Robustness"): every body is read as JSON whatever
// its Content-Type (decided: clients that forget the header still work; no v2 call of this step
// takes a file), an empty body counts as none, so actions that take no input accept a request
// without body or Content-Type, and anything but a JSON object is refused with the spec's texts.
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

export const BODY_LIMIT = 1024 * 1024;

export function parseJsonBody(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'JSON Parsing Error');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ApiError(400, 'Body should be JSON Hash');
  return value as Record<string, unknown>;
}

export function installJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
