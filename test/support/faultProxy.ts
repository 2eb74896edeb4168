// A faulty network between the real client and the real local service: an HTTP proxy on
// 127.0.0.1 that passes each request on, or, on cue or at random (seeded), fails it the way real
// networks and servers do:
//
//   reset-before    the connection is reset before the request is passed on: the service never sees it
//   reset-after     the service handles it, then the connection is reset instead of answering: the
//                   lost acknowledgement (toggl-open-source/toggldesktop#4801)
//   cut-answer      the service handles it, the client gets the head and half the body, then a reset
//   timeout-before  the request is held until the client gives up; the service never sees it
//   timeout-after   the service handles it at once; the answer is held until the client gives up
//   500, 503, 429   answered by the proxy itself; the service never sees the request
//   500-after,      the service handles it, then the proxy answers 500 (or 503) instead of the
//   503-after       service's answer: it acted, the client is told it failed (a gateway whose
//                   upstream answer went wrong)
//   expire          from this request on, for `expireMs`, every request is answered 401 (a token
//                   that looks expired for a while)
//
// Requests are never reordered: a request the client gave up on is not passed on later, so the
// service sees requests in the order the client sent them (HTTP gives a client no defence
// against a delayed duplicate, and the local service is one hop away).
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { mulberry32, type Random } from './random';

export const FAULTS = [
  'reset-before',
  'reset-after',
  'cut-answer',
  'timeout-before',
  'timeout-after',
  '500',
  '503',
  '429',
  '500-after',
  '503-after',
  'expire',
] as const;
export type Fault = (typeof FAULTS)[number];

export interface ChaosOptions {
  seed: number;
  /** Share of requests that get a fault, 0..1. */
  rate: number;
  /** Relative weights of the faults; default: all equal. */
  weights?: Partial<Record<Fault, number>>;
  /** How long an `expire` fault answers 401, default 200 ms. */
  expireMs?: number;
}

export interface ProxyStats {
  requests: number;
  /** Requests the service saw. */
  forwarded: number;
  faults: Record<Fault, number>;
  /** Requests answered 401 during an expiry window (the first one counts as the fault too). */
  unauthorized: number;
}

export interface SeenRequest {
  method: string;
  path: string;
  fault: Fault | 'expired' | null;
  /** When it reached the proxy (Date.now()). */
  at: number;
}

/** A cued fault; with `when`, it waits for the first request that matches (others pass untouched). */
export type Cue = Fault | null | { fault: Fault; when: (method: string, path: string) => boolean };

/**
 * The fault for the next request (null: none): the first cue, taken once it matches (a cue that
 * does not match this request waits, and nothing else is chosen meanwhile), else chaos's draw.
 * The real-HTTP proxy and the in-process dispatcher choose alike.
 */
export function chooseFault(
  cues: Cue[],
  chaos: (ChaosOptions & { random: Random }) | null,
  method: string,
  path: string,
): Fault | null {
  const cue = cues[0];
  if (cue !== undefined && (cue === null || typeof cue === 'string' || cue.when(method, path))) {
    cues.shift();
    return cue === null || typeof cue === 'string' ? cue : cue.fault;
  }
  if (cue !== undefined) return null;
  if (!chaos?.random.chance(chaos.rate)) return null;
  return chaos.random.weighted<Fault>(chaos.weights ?? Object.fromEntries(FAULTS.map((f) => [f, 1])));
}

export interface FaultProxy {
  url: string;
  /** Gives the next requests these faults, in order (null: pass one request through untouched). */
  cue(...faults: Cue[]): void;
  /** Requests received and not yet answered (held ones included). */
  readonly inFlight: number;
  /** Faults at random from now on. */
  chaos(options: ChaosOptions): void;
  /** Answers 401 to every request for `ms`. */
  expire(ms: number): void;
  /** No more faults: cues, chaos and expiry end; held requests stay held until their clients give up. */
  heal(): void;
  readonly stats: ProxyStats;
  /** The last requests, oldest first (at most 200), for diagnostics. */
  readonly recent: readonly SeenRequest[];
  close(): Promise<void>;
}

/** Held requests are let go after this even if the client never gives up. */
const HOLD_CAP_MS = 30_000;
const RECENT = 200;

// Hop-by-hop headers (RFC 9110 7.6.1) and the length, which the proxy sets itself.
const HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
]);

export interface FaultProxyOptions {
  /** Retry-After (seconds) on the proxy's own 429 answers; default none. */
  retryAfter?: number | null;
  /** Called for each request once its fate is known: for diagnostics. */
  trace?: (seen: SeenRequest & { body: string; status: number | null; answer: string }) => void;
}

export async function startFaultProxy(target: string, options: FaultProxyOptions = {}): Promise<FaultProxy> {
  const retryAfter = options.retryAfter ?? null;
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const cues: Cue[] = [];
  let inFlight = 0;
  let chaos: (ChaosOptions & { random: Random }) | null = null;
  let expiredUntil = 0;
  const stats: ProxyStats = {
    requests: 0,
    forwarded: 0,
    faults: Object.fromEntries(FAULTS.map((f) => [f, 0])) as Record<Fault, number>,
    unauthorized: 0,
  };
  const recent: SeenRequest[] = [];
  const held = new Set<{ release(): void }>();
  const sockets = new Set<Socket>();

  const choose = (method: string, path: string): Fault | null => chooseFault(cues, chaos, method, path);

  const reset = (res: ServerResponse) => {
    const socket = res.socket ?? res.req.socket;
    if (socket && !socket.destroyed) socket.resetAndDestroy();
  };

  const answer = (res: ServerResponse, status: number, body: string, headers: OutgoingHttpHeaders = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, {
      ...(body ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
      'Content-Length': Buffer.byteLength(body),
      ...headers,
    });
    res.end(body);
  };

  /** Waits until the client gives up on this request (its socket closes), or the cap. */
  const hold = (res: ServerResponse) =>
    new Promise<void>((resolve) => {
      const entry = {
        release() {
          held.delete(entry);
          clearTimeout(cap);
          resolve();
        },
      };
      const cap = setTimeout(() => entry.release(), HOLD_CAP_MS);
      held.add(entry);
      res.on('close', () => entry.release());
    });

  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: OutgoingHttpHeaders; body: Buffer }>((resolve, reject) => {
      stats.forwarded++;
      const headers: OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && v !== undefined) headers[k] = v;
      headers.host = upstream.host;
      if (body.length > 0) headers['content-length'] = body.length;
      const out = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const h: OutgoingHttpHeaders = {};
            for (const [k, v] of Object.entries(res.headers)) if (!HOP.has(k) && v !== undefined) h[k] = v;
            resolve({ status: res.statusCode!, headers: h, body: Buffer.concat(chunks) });
          });
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    stats.requests++;
    const seen: SeenRequest = { method: req.method ?? '', path: req.url ?? '', fault: null, at: Date.now() };
    recent.push(seen);
    if (recent.length > RECENT) recent.shift();

    if (Date.now() < expiredUntil) {
      seen.fault = 'expired';
      stats.unauthorized++;
      return answer(res, 401, JSON.stringify({ message: 'Unauthorized: the token has expired' }));
    }
    const fault = choose(seen.method, seen.path);
    seen.fault = fault;
    if (fault) stats.faults[fault]++;

    switch (fault) {
      case 'reset-before':
        return reset(res);
      case 'timeout-before':
        await hold(res);
        return reset(res);
      case '500':
        return answer(res, 500, JSON.stringify({ message: 'Internal Server Error' }));
      case '503':
        return answer(res, 503, JSON.stringify({ message: 'Service Unavailable' }));
      case '429':
        // An empty body, as GAPS.md says the service answers past its limit; Retry-After only when
        // asked for (the local service sends 1 s, which would make every 429 cost a second).
        return answer(res, 429, '', retryAfter === null ? {} : { 'Retry-After': String(retryAfter) });
      case 'expire':
        expiredUntil = Date.now() + (chaos?.expireMs ?? 200);
        stats.unauthorized++;
        return answer(res, 401, JSON.stringify({ message: 'Unauthorized: the token has expired' }));
      default:
        break;
    }

    let reply: Awaited<ReturnType<typeof forward>>;
    try {
      reply = await forward(req, body);
    } catch {
      return reset(res);
    }
    options.trace?.({
      ...seen,
      body: body.toString('utf8'),
      status: reply.status,
      answer: reply.body.toString('utf8'),
    });
    switch (fault) {
      case 'reset-after':
        return reset(res);
      case 'timeout-after':
        await hold(res);
        return reset(res);
      case '500-after':
        return answer(res, 500, JSON.stringify({ message: 'Internal Server Error' }));
      case '503-after':
        return answer(res, 503, JSON.stringify({ message: 'Service Unavailable' }));
      case 'cut-answer': {
        if (res.destroyed) return;
        res.writeHead(reply.status, { ...reply.headers, 'Content-Length': reply.body.length });
        // Half the body (at least the head goes out), then the connection dies.
        res.write(reply.body.subarray(0, Math.floor(reply.body.length / 2)), () => reset(res));
        return;
      }
      default:
        return answer(res, reply.status, reply.body.toString('utf8'), reply.headers);
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      inFlight++;
      res.on('close', () => inFlight--);
      handle(req, res, Buffer.concat(chunks)).catch(() => reset(res));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    cue: (...faults) => void cues.push(...faults),
    chaos(options) {
      chaos = { ...options, random: mulberry32(options.seed) };
    },
    expire(ms) {
      expiredUntil = Date.now() + ms;
    },
    heal() {
      cues.length = 0;
      chaos = null;
      expiredUntil = 0;
    },
    get inFlight() {
      return inFlight;
    },
    stats,
    recent,
    async close() {
      cues.length = 0;
      chaos = null;
      for (const h of [...held]) h.release();
      for (const s of sockets) s.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
