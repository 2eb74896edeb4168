// Helpers of the v1 API tests: calls in JSON or XML over real HTTP, with the answer parsed by a
// plain fast-xml-parser (not the service's reader), and counts read through v2.
import { XMLParser } from 'fast-xml-parser';
import { USER_AGENT, type Client } from './support';

export interface V1Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON, or the XML document as plain values (nil="true" as null, type attributes dropped). */
  body: any;
}

/** An XML document parsed by fast-xml-parser, read as plain values. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (record['@_nil'] === 'true') return null;
  const keys = Object.keys(record).filter((k) => !k.startsWith('@_'));
  if (keys.length === 1 && keys[0] === '#text') return record['#text'];
  if (keys.length === 0) return record['@_type'] === 'array' ? {} : '';
  return Object.fromEntries(keys.map((k) => [k, simplify(record[k])]));
}

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (_name, jPath) =>
    /^(entries\.entry|projects\.project|users\.user|tags\.tag|entry\.tags\.tag|error\.errors\.error)$/.test(
      String(jPath),
    ),
});

export class V1 {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  static of(client: Client): V1 {
    return new V1(client.base, client.token);
  }

  async raw(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<V1Reply> {
    const response = await fetch(this.base + path, {
      method,
      headers: { 'user-agent': USER_AGENT, ...(this.token ? { 'x-servicetoken': this.token } : {}), ...headers },
      body,
    });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    let parsed: unknown;
    if (text.trim() && type.includes('application/json')) parsed = JSON.parse(text);
    else if (text.trim() && type.includes('text/xml')) parsed = simplify(xmlParser.parse(text));
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  json(method: string, path: string, body?: unknown): Promise<V1Reply> {
    return this.raw(
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
      body === undefined ? {} : { 'content-type': 'application/json' },
    );
  }

  xml(method: string, path: string, body?: string): Promise<V1Reply> {
    return this.raw(method, path, body, body === undefined ? {} : { 'content-type': 'text/xml' });
  }
}

/** The id at the end of a Location header. */
export const idOf = (reply: V1Reply) => Number(/\/(\d+)$/.exec(reply.headers.get('location') ?? '')![1]);

/** A JSON entry body; project-id/project-name keys as JSON writes them. */
export async function postEntryJson(v1: V1, entry: Record<string, unknown>): Promise<number> {
  const reply = await v1.json('POST', '/api/entries.json', {
    entry: { date: '2024-03-04', minutes: '0:30', ...entry },
  });
  if (reply.status !== 201) throw new Error(`entry not created: ${reply.status} ${reply.text}`);
  return idOf(reply);
}

/** What the v2 API counts of a list (for "nothing was written"). */
export async function v2Count(client: Client, path: string): Promise<number> {
  const reply = await client.get(`${path}${path.includes('?') ? '&' : '?'}per_page=1000`);
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status}`);
  return reply.body.length;
}
