// The fault proxy itself: each fault does to the client and to the upstream what it says, and a
// seed replays the same faults.
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { createServiceApi } from '../../../main/api/client';
import { startFaultProxy, type Fault, type FaultProxy } from '../../support/faultProxy';
import { mulberry32 } from '../../support/random';

let upstream: Server;
let upstreamUrl: string;
let handled: string[] = [];
let proxy: FaultProxy;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handled.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString()}`);
      const body = JSON.stringify({ id: handled.length, filler: 'x'.repeat(200) });
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'Content-Type': 'application/json', 'X-Upstream': 'yes' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
afterEach(async () => {
  await proxy?.close();
  handled = [];
});

// Long enough that only a fault, never a loaded machine, leaves a request unanswered; the
// timeout faults are given a shorter one, since the client must give up on them (2 s: time for
// the proxy to pass a timeout-after request on first, even on a loaded machine).
const send = async (method: 'GET' | 'POST', path: string, body?: string, timeoutMs = 10_000) => {
  try {
    const res = await request(proxy.url + path, {
      method,
      body,
      headers: body ? { 'content-type': 'application/json' } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
  } catch (error) {
    return { error: error as Error };
  }
};

describe('fault proxy', () => {
  it('passes requests through untouched, body and headers included', async () => {
    proxy = await startFaultProxy(upstreamUrl);
    const r = await send('POST', '/v2/things?x=1', '{"a":1}');
    expect(r).toMatchObject({ status: 201, headers: { 'x-upstream': 'yes' } });
    expect(JSON.parse((r as { text: string }).text)).toMatchObject({ id: 1 });
    expect(handled).toEqual(['POST /v2/things?x=1 {"a":1}']);
    expect(proxy.stats).toMatchObject({ requests: 1, forwarded: 1 });
  });

  it.each([
    ['reset-before', false],
    ['timeout-before', false],
    ['reset-after', true],
    ['cut-answer', true],
    ['timeout-after', true],
  ] as Array<[Fault, boolean]>)('%s: the client gets no answer; the service saw it: %s', async (fault, reached) => {
    proxy = await startFaultProxy(upstreamUrl);
    proxy.cue(fault);
    const r = await send('POST', '/v2/entries', '{}', fault.startsWith('timeout') ? 2000 : undefined);
    expect(r).toHaveProperty('error');
    expect(handled.length).toBe(reached ? 1 : 0);
    expect(proxy.stats.faults[fault]).toBe(1);
    // The next request goes through again.
    expect(await send('GET', '/v2/timers')).toMatchObject({ status: 200 });
  });

  it.each([
    ['500', 500],
    ['503', 503],
    ['429', 429],
  ] as Array<[Fault, number]>)('%s is answered by the proxy without passing the request on', async (fault, status) => {
    proxy = await startFaultProxy(upstreamUrl);
    proxy.cue(fault);
    expect(await send('POST', '/v2/entries', '{}')).toMatchObject({ status });
    expect(handled).toEqual([]);
  });

  it.each([
    ['500-after', 500],
    ['503-after', 503],
  ] as Array<[Fault, number]>)(
    '%s passes the request on, then answers %i instead of the service',
    async (fault, status) => {
      proxy = await startFaultProxy(upstreamUrl);
      proxy.cue(fault);
      const r = await send('POST', '/v2/entries', '{"a":1}');
      expect(r).toMatchObject({ status });
      expect((r as { headers: Record<string, unknown> }).headers['x-upstream']).toBeUndefined();
      expect(handled).toEqual(['POST /v2/entries {"a":1}']);
      expect(proxy.stats).toMatchObject({ forwarded: 1, faults: { [fault]: 1 } });
    },
  );

  it('expire answers 401 to every request for a while, then lets them through', async () => {
    proxy = await startFaultProxy(upstreamUrl);
    proxy.expire(1500);
    expect(await send('GET', '/v2/timers')).toMatchObject({ status: 401 });
    expect(await send('GET', '/v2/timers')).toMatchObject({ status: 401 });
    await new Promise((r) => setTimeout(r, 1600));
    expect(await send('GET', '/v2/timers')).toMatchObject({ status: 200 });
    expect(proxy.stats.unauthorized).toBe(2);
  });

  it('the real client reads a lost answer to a POST as an unknown outcome, and a reset before it as well', async () => {
    proxy = await startFaultProxy(upstreamUrl);
    const api = createServiceApi({
      baseUrl: proxy.url,
      credentials: { kind: 'personal', token: 't' },
      rateLimit: 0,
      retries: 0,
      timeoutMs: 300,
    });
    for (const fault of ['reset-after', 'reset-before', 'timeout-after', '500-after', '503-after'] as const) {
      proxy.cue(fault);
      await expect(api.createEntry({ date: '2026-01-01', minutes: 5 })).rejects.toMatchObject({
        kind: 'unknown_outcome',
      });
    }
    // A safe call is retried through a fault.
    const retrying = createServiceApi({
      baseUrl: proxy.url,
      credentials: { kind: 'personal', token: 't' },
      rateLimit: 0,
      retries: 2,
      timeoutMs: 300,
      backoff: { baseMs: 1, capMs: 5 },
    });
    proxy.cue('reset-after', '500');
    await expect(retrying.getCurrentUser()).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it('replays the same faults from the same seed, at about the rate asked', async () => {
    const run = async () => {
      proxy = await startFaultProxy(upstreamUrl);
      proxy.chaos({ seed: 42, rate: 0.3, weights: { '500': 1, '503': 1, '429': 1 } });
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) statuses.push(((await send('GET', '/x')) as { status: number }).status);
      await proxy.close();
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    const faulted = first.filter((s) => s !== 200).length;
    expect(faulted).toBeGreaterThan(15);
    expect(faulted).toBeLessThan(45);
    proxy.heal();
  });
});

describe('mulberry32', () => {
  it('is deterministic and spreads over [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeCloseTo(0.5, 1);
  });
});
