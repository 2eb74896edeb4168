// Idempotency-Key on POST (draft-ietf-httpapi-idempotency-key-header; issue 29 item 4): a retry
// of a POST with the same key and request gets the first answer again without a second write,
// on any instance, for 24 h per user and key.
//
// The key must be stored in the same transaction as the write, or a kill between the two leaves
// either a write a retry would make again, or a key with no write. Routes run their writes in
// context.db.transaction(…), so this file makes the store's transaction() claim the
// request's key first thing inside the request's first transaction (a per-request state reached
// through AsyncLocalStorage, entered around POST handlers only). The answer is kept just before
// it goes out (onSend). Left: a kill between the write's commit and that keep; a retry then finds
// the key claimed without an answer and gets 409 (`answer_lost` once the request's time is up),
// never a second write, and the client looks up what the first attempt did, as it does without
// a key.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../auth/authenticate';
import type { Context } from '../context';
import type { Store } from '../storage/store';
import { isV1Path } from '../v1/path';
import { ApiError } from './errors';
import { claimKey, keepAnswer, keptRow, type KeptRow, type KeyRequest } from './idempotencyKeys';

const HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

interface KeyState extends KeyRequest {
  /** Taken by the request's first transaction (synchronously, so a second one does not try too). */
  claimed: boolean;
  /** That transaction committed: the answer is to be kept. */
  committed: boolean;
}

const current = new AsyncLocalStorage<KeyState>();
const states = new WeakMap<FastifyRequest, KeyState>();

const keyError = (code: string, status: number, message: string) =>
  new ApiError(status, message, [{ resource: 'request', field: 'Idempotency-Key', code }]);

/** Registered before the routes (app.ts): wraps their store and every POST handler. */
export function installIdempotency(app: FastifyInstance, context: Context): void {
  const store = context.db;
  claimKeysInTransactions(store);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST')) return;
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const state = states.get(request);
      return state ? current.run(state, () => handler.call(this, request, reply)) : handler.call(this, request, reply);
    };
  });
  app.addHook('preHandler', async (request, reply) => {
    const key = keyOf(request);
    const userId = key === undefined ? undefined : userIdOf(request);
    if (key === undefined || userId === undefined) return;
    const state: KeyState = {
      userId,
      key,
      fingerprint: fingerprintOf(request),
      nowMs: context.clock().getTime(),
      claimed: false,
      committed: false,
    };
    const row = await keptRow(store, state);
    if (!row) return void states.set(request, state);
    return replay(reply, row, state, context.tuning.connections.requestMs);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const state = states.get(request);
    if (!state?.committed) return payload;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    const header = (name: string) => {
      const value = reply.getHeader(name);
      return value === undefined ? null : String(value);
    };
    await keepAnswer(store, state, {
      status: reply.statusCode,
      contentType: header('content-type'),
      location: header('location'),
      body,
    }).catch((error: unknown) => request.log.error({ err: error }, 'the answer of an Idempotency-Key was not kept'));
    return payload;
  });
}

/** The key of an authenticated v2 POST, checked; undefined when there is none to honour. */
function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[HEADER];
  if (raw === undefined || request.method !== 'POST' || isV1Path(request.url)) return undefined;
  if ((request.routeOptions.config as { public?: boolean } | undefined)?.public) return undefined;
  // The draft's value is a structured-field string ("…"); a bare one is taken as it is.
  const value = typeof raw === 'string' ? raw.replace(/^"(.*)"$/, '$1') : undefined;
  if (value === undefined || !/^[\x20-\x7e]{1,255}$/.test(value))
    throw keyError('invalid', 400, 'Idempotency-Key must be one header of 1 to 255 printable ASCII characters');
  return value;
}

/** The authenticated user (none on a route outside authentication: its POSTs are not kept). */
function userIdOf(request: FastifyRequest): number | undefined {
  try {
    return actorOf(request).userId;
  } catch {
    return undefined;
  }
}

/** What a key is bound to: sha256 of method, path (with its query) and the body as parsed. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

const fingerprintOf = (request: FastifyRequest) => requestFingerprint(request.method, request.url, request.body);

/** A key seen before: its kept answer, or why there is none. */
function replay(reply: FastifyReply, row: KeptRow, state: KeyState, requestMs: number): FastifyReply {
  if (row.fingerprint !== state.fingerprint)
    throw keyError('mismatch', 422, 'This Idempotency-Key was used for another request: send a new key');
  if (row.status === null) {
    if (state.nowMs - row.created_ms < requestMs)
      throw keyError('in_progress', 409, 'A request with this Idempotency-Key is being processed: retry later');
    throw keyError(
      'answer_lost',
      409,
      'The request with this Idempotency-Key was carried out, but its answer was lost: look the record up',
    );
  }
  reply.code(row.status).header(REPLAYED_HEADER, 'true');
  if (row.content_type !== null) reply.header('content-type', row.content_type);
  if (row.location !== null) reply.header('location', row.location);
  return reply.send(row.body ?? '');
}

const WRAPPED = Symbol('idempotency keys claimed');

/**
 * Makes the store's transaction() claim the current request's key in the request's first
 * transaction. The store itself is changed, not wrapped: registries of the service key on the
 * store object (the events outbox, caches), so it must stay the one object everyone holds.
 */
function claimKeysInTransactions(store: Store & { [WRAPPED]?: true }): void {
  if (store[WRAPPED]) return;
  const original = store.transaction.bind(store);
  store.transaction = async (fn, options) => {
    const state = current.getStore();
    if (!state || state.claimed) return await original(fn, options);
    state.claimed = true;
    try {
      const result = await original(async (tx) => {
        if (!(await claimKey(tx, state)))
          throw keyError('in_progress', 409, 'A request with this Idempotency-Key is being processed: retry later');
        return await fn(tx);
      }, options);
      state.committed = true;
      return result;
    } catch (error) {
      state.claimed = false;
      throw error;
    }
  };
  store[WRAPPED] = true;
}
