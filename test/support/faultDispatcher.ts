// The faulty network of test/support/faultProxy.ts without sockets: an undici dispatcher (the
// client's TransportConfig.dispatcher) that hands each request to the real service's fastify app
// through `inject`, or fails it the same ways, on cue or at random (seeded):
//
//   reset-before    the client's connection dies (undici's SocketError) before the service sees it
//   reset-after     the service handles it, then the connection dies instead of the answer
//   cut-answer      the service handles it, the client gets the head and half the body, then the socket error
//   timeout-before  held until the client gives up (its own per-attempt timeout); the service never sees it
//   timeout-after   the service handles it; the answer is held until the client gives up
//   500, 503, 429   answered by the network itself; the service never sees the request
//   500-after,      the service handles it, then 500 (or 503) instead of its answer
//   503-after
//   expire          from this request on, for `expireMs` of the given clock, every request is answered 401
//
// The same faults, the same seeded choice and the same stats as the proxy, so the chaos scenario
// runs over either (chaosScenario.ts); only the wire is missing. Requests are never reordered.
import type { FastifyInstance } from 'fastify';
import { Dispatcher, errors } from 'undici';
import type { ChaosOptions, Cue, Fault, ProxyStats, SeenRequest } from './faultProxy';
import { chooseFault, FAULTS } from './faultProxy';
import { mulberry32, type Random } from './random';

export interface FaultNetwork {
  /** Gives the next requests these faults, in order (null: pass one request through untouched). */
  cue(...faults: Cue[]): void;
  /** Requests received and not yet answered (held ones included). */
  readonly inFlight: number;
  chaos(options: ChaosOptions): void;
  heal(): void;
  readonly stats: ProxyStats;
  readonly recent: readonly SeenRequest[];
}

export interface FaultDispatcher extends FaultNetwork {
  /** Resolves once no request is in flight (at once if none is). */
  whenIdle(): Promise<void>;
  /** Give this to the client as its `dispatcher` (any base URL: the origin is ignored). */
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

export interface FaultDispatcherOptions {
  /** The clock the expiry window counts on (the scenario's fake one); default Date.now. */
  now?: () => number;
  trace?: (seen: SeenRequest & { body: string; status: number | null; answer: string }) => void;
}

const RECENT = 200;
const JSON_TYPE = 'application/json; charset=utf-8';

type Handler = {
  onConnect?(abort: (reason?: Error) => void, context?: unknown): void;
  onHeaders?(status: number, headers: Buffer[], resume: () => void, statusText: string): boolean;
  onData?(chunk: Buffer): boolean;
  onComplete?(trailers: Buffer[]): void;
  onError?(error: Error): void;
};

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export function faultDispatcher(app: FastifyInstance, options: FaultDispatcherOptions = {}): FaultDispatcher {
  const now = options.now ?? Date.now;
  const cues: Cue[] = [];
  let inFlight = 0;
  let chaos: (ChaosOptions & { random: Random }) | null = null;
  let expiredUntil = Number.NEGATIVE_INFINITY;
  const stats: ProxyStats = {
    requests: 0,
    forwarded: 0,
    faults: Object.fromEntries(FAULTS.map((f) => [f, 0])) as Record<Fault, number>,
    unauthorized: 0,
  };
  const recent: SeenRequest[] = [];
  const held = new Set<() => void>();
  let idle: Array<() => void> = [];
  const settle = () => {
    if (--inFlight > 0) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };

  const choose = (method: string, path: string): Fault | null => chooseFault(cues, chaos, method, path);

  const own = (status: number, message?: string): Answer => ({
    status,
    headers: message ? { 'content-type': JSON_TYPE } : {},
    body: Buffer.from(message ? JSON.stringify({ message }) : ''),
  });

  const forward = async (opts: Dispatcher.DispatchOptions, body: string | undefined): Promise<Answer> => {
    stats.forwarded++;
    const res = await app.inject({
      method: opts.method as 'GET',
      url: opts.path,
      // The host the client addressed, as a socket's request would carry: the service builds its links from it.
      headers: { host: new URL(String(opts.origin)).host, ...headerObject(opts.headers) },
      ...(body === undefined ? {} : { payload: body }),
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = String(v);
    return { status: res.statusCode, headers, body: res.rawPayload };
  };

  class InjectDispatcher extends Dispatcher {
    dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      const h = handler as unknown as Handler;
      let aborted: Error | null = null;
      let release: (() => void) | null = null;
      h.onConnect?.((reason) => {
        if (aborted) return;
        aborted = reason ?? new errors.RequestAbortedError();
        release?.();
      });
      inFlight++;
      void handle(opts, h, {
        aborted: () => aborted,
        // Until the client gives up on it (its own timeout aborts the request).
        hold: () =>
          new Promise<void>((resolve) => {
            if (aborted) return resolve();
            const done = () => {
              held.delete(done);
              resolve();
            };
            release = done;
            held.add(done);
          }),
      }).finally(settle);
      return true;
    }
    async close(): Promise<void> {}
    async destroy(): Promise<void> {}
  }

  const handle = async (
    opts: Dispatcher.DispatchOptions,
    h: Handler,
    client: { aborted(): Error | null; hold(): Promise<void> },
  ): Promise<void> => {
    stats.requests++;
    const seen: SeenRequest = { method: opts.method, path: opts.path, fault: null, at: now() };
    recent.push(seen);
    if (recent.length > RECENT) recent.shift();
    const body = typeof opts.body === 'string' ? opts.body : opts.body == null ? undefined : String(opts.body);
    const fail = (error: Error) => h.onError?.(client.aborted() ?? error);
    const reset = () => fail(new errors.SocketError('other side closed'));
    const deliver = (a: Answer, cut = false) => {
      const aborted = client.aborted();
      if (aborted) return h.onError?.(aborted);
      const raw: Buffer[] = [];
      for (const [k, v] of Object.entries(a.headers))
        if (k !== 'transfer-encoding' && k !== 'connection') raw.push(Buffer.from(k), Buffer.from(v));
      h.onHeaders?.(a.status, raw, () => {}, '');
      if (cut) {
        if (a.body.length > 1) h.onData?.(a.body.subarray(0, Math.floor(a.body.length / 2)));
        return reset();
      }
      if (a.body.length > 0) h.onData?.(a.body);
      h.onComplete?.([]);
    };
    // Off the caller's stack, as a socket would answer.
    await new Promise((r) => setImmediate(r));

    if (now() < expiredUntil) {
      seen.fault = 'expired';
      stats.unauthorized++;
      return deliver(own(401, 'Unauthorized: the token has expired'));
    }
    const fault = choose(seen.method, seen.path);
    seen.fault = fault;
    if (fault) stats.faults[fault]++;
    switch (fault) {
      case 'reset-before':
        return reset();
      case 'timeout-before':
        await client.hold();
        return reset();
      case '500':
        return deliver(own(500, 'Internal Server Error'));
      case '503':
        return deliver(own(503, 'Service Unavailable'));
      case '429':
        return deliver(own(429));
      case 'expire':
        expiredUntil = now() + (chaos?.expireMs ?? 200);
        stats.unauthorized++;
        return deliver(own(401, 'Unauthorized: the token has expired'));
      default:
        break;
    }
    if (client.aborted()) return fail(new errors.RequestAbortedError());
    let reply: Answer;
    try {
      reply = await forward(opts, body);
    } catch {
      return reset();
    }
    options.trace?.({ ...seen, body: body ?? '', status: reply.status, answer: reply.body.toString('utf8') });
    switch (fault) {
      case 'reset-after':
        return reset();
      case 'timeout-after':
        await client.hold();
        return reset();
      case '500-after':
        return deliver(own(500, 'Internal Server Error'));
      case '503-after':
        return deliver(own(503, 'Service Unavailable'));
      case 'cut-answer':
        return deliver(reply, true);
      default:
        return deliver(reply);
    }
  };

  return {
    dispatcher: new InjectDispatcher(),
    cue: (...faults) => void cues.push(...faults),
    chaos(o) {
      chaos = { ...o, random: mulberry32(o.seed) };
    },
    heal() {
      cues.length = 0;
      chaos = null;
      expiredUntil = Number.NEGATIVE_INFINITY;
    },
    get inFlight() {
      return inFlight;
    },
    whenIdle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
    stats,
    recent,
    async close() {
      cues.length = 0;
      chaos = null;
      for (const release of [...held]) release();
    },
  };
}

/** undici's headers (an object, or a flat [name, value, ...] list) as an object for inject. */
function headerObject(headers: Dispatcher.DispatchOptions['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) out[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
    return out;
  }
  const entries =
    Symbol.iterator in Object(headers)
      ? [...(headers as Iterable<[string, string | string[] | undefined]>)]
      : Object.entries(headers);
  for (const [k, v] of entries) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}
