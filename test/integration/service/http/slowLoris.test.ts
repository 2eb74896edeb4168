// Connection limits (service/tuning.ts "connections"): 50 slow-loris connections that trickle
// their headers or body (with a credential or without), say nothing at all, or sit idle after a
// request, are each closed within the configured bound, and a normal request is answered while
// they hang. Bounds are shrunk here so the test is quick; each socket's 'close' is waited for.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TUNING } from '../../../../service/tuning';
import { serve } from '../support/support';

const LIMITS = { headersMs: 1_500, requestMs: 3_000, idleMs: 3_000, keepAliveMs: 1_500, checkEveryMs: 250 };
/** Slack on top of the bound for a machine under load; Node's and fastify's defaults are 60 s and unbounded. */
const SLACK_MS = 10_000;

type Kind = 'headers trickled' | 'body trickled' | 'body trickled, signed in' | 'silent' | 'idle after a request';
const KINDS: Kind[] = [
  'headers trickled',
  'body trickled',
  'body trickled, signed in',
  'silent',
  'idle after a request',
];

interface Slow {
  kind: Kind;
  socket: Socket;
  openedAt: number;
  closedAt?: number;
  closed: Promise<void>;
}

function openSlow(port: number, kind: Kind, token: string): Slow {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {}); // the service cutting us off is the point
  socket.resume(); // read (and drop) whatever it answers
  const slow: Slow = { kind, socket, openedAt: performance.now(), closed: Promise.resolve() };
  slow.closed = new Promise((resolve) =>
    socket.once('close', () => {
      slow.closedAt = performance.now();
      resolve();
    }),
  );
  const host = `Host: 127.0.0.1:${port}\r\nUser-Agent: SlowLoris/1\r\n`;
  const post = (auth: string) =>
    `POST /v2/entries HTTP/1.1\r\n${host}${auth}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`;
  socket.once('connect', () => {
    if (kind === 'headers trickled') socket.write(`GET /v2/current_user HTTP/1.1\r\n${host}`);
    if (kind === 'body trickled') socket.write(post(''));
    if (kind === 'body trickled, signed in') socket.write(post(`X-ServiceToken: ${token}\r\n`));
    if (kind === 'idle after a request')
      socket.write(`GET /v2/current_user HTTP/1.1\r\n${host}X-ServiceToken: ${token}\r\n\r\n`);
  });
  return slow;
}

/** One more piece of an unfinished request, as a slow-loris sends to keep its socket. */
function trickle(slow: Slow, n: number): void {
  if (slow.closedAt !== undefined || slow.socket.connecting || slow.socket.destroyed) return;
  if (slow.kind === 'headers trickled') slow.socket.write(`X-Slow-${n}: 1\r\n`);
  else if (slow.kind.startsWith('body trickled')) slow.socket.write(' ');
}

describe('connection limits', () => {
  it('closes 50 slow-loris connections within the bound while a normal request is answered', async () => {
    const { service, client } = await serve({ tuning: { ...DEFAULT_TUNING, connections: LIMITS } });
    const port = Number(new URL(service.url).port);
    const slows = Array.from({ length: 50 }, (_, i) => openSlow(port, KINDS[i % KINDS.length]!, service.token));
    let n = 0;
    const ticker = setInterval(() => {
      n++;
      for (const slow of slows) trickle(slow, n);
    }, 100);
    try {
      await Promise.all(slows.map((s) => new Promise((resolve) => s.socket.once('connect', resolve))));
      const reply = await client.get('/v2/current_user');
      expect(reply.status).toBe(200);
      // Answered while the slow ones hang on.
      expect(slows.filter((s) => s.closedAt === undefined).length).toBeGreaterThan(0);

      let timer: NodeJS.Timeout | undefined;
      const bound = LIMITS.requestMs + SLACK_MS;
      await Promise.race([
        Promise.all(slows.map((s) => s.closed)),
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            const open = slows.filter((s) => s.closedAt === undefined).map((s) => s.kind);
            reject(new Error(`${open.length} of 50 still open after ${bound} ms: ${[...new Set(open)].join(', ')}`));
          }, bound + 2_000);
        }),
      ]).finally(() => clearTimeout(timer));
      for (const slow of slows) expect(slow.closedAt! - slow.openedAt, slow.kind).toBeLessThan(bound);
    } finally {
      clearInterval(ticker);
      for (const slow of slows) slow.socket.destroy();
    }
  }, 60_000);
});
