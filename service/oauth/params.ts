// Parameters of the OAuth endpoints: the query of GET /oauth/2/authorize and the bodies of the
// POSTs, form-encoded (what browsers and most OAuth clients send) or JSON. Each parameter may
// appear once (RFC 6749 §3.1, §3.2) and must be a string; anything else is invalid_request.
import { OAuthError } from './errors';

export type Params = Map<string, string[]>;

/** Max size of an OAuth request body; they carry a handful of short fields. */
export const OAUTH_BODY_LIMIT = 64 * 1024;

export function fromSearch(search: string): Params {
  const params: Params = new Map();
  for (const [name, value] of new URLSearchParams(search)) params.set(name, [...(params.get(name) ?? []), value]);
  return params;
}

/** A body as Params: JSON when its Content-Type says so (or it looks like an object), form-encoded otherwise. */
export function parseBody(contentType: string | undefined, text: string): Params {
  const json =
    /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType ?? '') ||
    (!contentType && text.trimStart().startsWith('{'));
  if (!json) return fromSearch(text);
  if (text.trim() === '') return new Map();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new OAuthError('invalid_request', 'the body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new OAuthError('invalid_request', 'the JSON body must be an object');
  const params: Params = new Map();
  for (const [name, field] of Object.entries(value)) {
    if (field === null || field === undefined) continue; // a client writing null means "not sent"
    if (typeof field !== 'string') throw new OAuthError('invalid_request', `${name} must be a string`);
    params.set(name, [field]);
  }
  return params;
}

/** The one value of a parameter; undefined when absent or empty; invalid_request when repeated. */
export function one(params: Params, name: string): string | undefined {
  const values = params.get(name);
  if (!values) return undefined;
  if (values.length > 1) throw new OAuthError('invalid_request', `${name} is given more than once`);
  return values[0] === '' ? undefined : values[0];
}
