// The few shapes every call of the service takes, built once around the one request path
// (transport.ts) and handed to each resource's calls. A call names its verb, path, body and
// whether a repeat is harmless (`safe`: SAFE or ONCE, see client.ts); the shape of
// the answer decides the helper: a record, nothing (204), a created record (201), a list.
import type { Auth } from '../auth';
import { ApiError } from '../errors';
import { paginate } from '../paginate';
import { withQuery } from '../query';
import { locationOf } from '../redirects';
import type { Method, Reply, Transport } from '../transport';
import type { CreateOptions } from '../types/writes';

/** Readable names for the `safe` flag at the call sites. */
export const SAFE = true;
export const ONCE = false;

export interface Requester {
  /** The whole reply, for the few calls whose status matters (202 against 204). */
  call(method: Method, path: string, body: unknown, safe: boolean): Promise<Reply>;
  get<T>(path: string): Promise<T>;
  /** PUT or POST answering a record (or a list that is not paginated). */
  put<T>(path: string, body: unknown, safe: boolean): Promise<T>;
  post<T>(path: string, body: unknown, safe: boolean): Promise<T>;
  /** A PUT action answering 204: void. */
  act(path: string, body: unknown, safe: boolean): Promise<void>;
  /** POST of a new record: 201 with the record, or with only its Location. Never safe (a key does not make it so: a service may ignore it). */
  create<T>(path: string, body: unknown, options?: CreateOptions): Promise<T>;
  /** DELETE answering 204. Never safe: a repeat answers 404, and only the caller knows whether that means "done". */
  del(path: string): Promise<void>;
  /** A paginated list, filters as the query string. */
  list<T>(path: string, filters?: object): AsyncIterable<T>;
}

/**
 * `scope` sends every call of this requester to another host (paths below `base`) with another
 * credential (`auth`), through the same transport: same limiter, clock and retry rules.
 */
export function createRequester(transport: Transport, scope: { base?: string; auth?: Auth } = {}): Requester {
  const send: Transport = scope.auth ? (c) => transport({ ...c, auth: c.auth ?? scope.auth }) : transport;
  const call = (method: Method, path: string, body: unknown, safe: boolean) =>
    send({ method, url: (scope.base ?? '') + path, body, safe });
  return {
    call,
    get: async <T>(path: string) => (await call('GET', path, undefined, SAFE)).body as T,
    put: async <T>(path: string, body: unknown, safe: boolean) => (await call('PUT', path, body, safe)).body as T,
    post: async <T>(path: string, body: unknown, safe: boolean) => (await call('POST', path, body, safe)).body as T,
    act: async (path, body, safe) => {
      await call('PUT', path, body, safe);
    },
    create: async <T>(path: string, body: unknown, options: CreateOptions = {}) =>
      created<T>(send, await send({ method: 'POST', url: (scope.base ?? '') + path, body, safe: ONCE, ...options })),
    del: async (path) => {
      await call('DELETE', path, undefined, ONCE);
    },
    list: <T>(path: string, filters?: object) => paginate<T>(send, withQuery((scope.base ?? '') + path, filters)),
  };
}

// A 201 names the new resource in Location; when its body is empty, read it from there.
async function created<T>(send: Transport, reply: Reply): Promise<T> {
  if (reply.body !== undefined) return reply.body as T;
  const location = locationOf(reply.headers.location, reply.url);
  if (!location)
    throw new ApiError({
      kind: 'protocol',
      message: 'The service created it but answered neither the record nor its Location',
      method: 'POST',
      url: reply.url,
      status: reply.status,
    });
  return (await send({ method: 'GET', url: location, safe: SAFE })).body as T;
}

// Ids go into paths: refuse anything but a positive integer rather than build a wrong URL.
export function id(value: number): string {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new ApiError({ kind: 'validation', message: `Not a valid id: ${String(value)}`, method: '', url: '' });
  }
  return String(value);
}

// Names that go into paths (a subdomain, an OAuth client_id, a webhook payload id): refuse an empty
// one, which would address another resource, and escape the rest.
export function segment(value: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ApiError({
      kind: 'validation',
      message: `Not a valid path segment: ${JSON.stringify(value)}`,
      method: '',
      url: '',
    });
  }
  return encodeURIComponent(value);
}

// PUT actions without input send no body at all (GAPS.md "Robustness toward real clients").
export function nonEmpty<T extends object>(input: T | undefined): T | undefined {
  return input && Object.values(input).some((v) => v !== undefined) ? input : undefined;
}
