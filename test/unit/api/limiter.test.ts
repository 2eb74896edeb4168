import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApi } from '../../../main/api/client';
import { createRateLimiter } from '../../../main/api/limiter';
import { FakeClock } from './fakeClock';
import { json, startFaultServer, type FaultServer } from './faultServer';

describe('rate limiter', () => {
  it('spaces N requests so that they take (N-1)/rate seconds', async () => {
    for (const rate of [2, 4, 0.5]) {
      const clock = new FakeClock();
      const limiter = createRateLimiter(rate, clock);
      const granted: number[] = [];
      const all = Promise.all(Array.from({ length: 7 }, () => limiter.acquire().then(() => granted.push(clock.now()))));
      await clock.runAll();
      await all;
      expect(granted).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => (i * 1000) / rate));
    }
  });

  it('does not make a request wait after a quiet spell, nor save up a burst during it', async () => {
    const clock = new FakeClock();
    const limiter = createRateLimiter(2, clock);
    await limiter.acquire();
    await clock.advance(10_000);
    const granted: number[] = [];
    const all = Promise.all([1, 2, 3].map(() => limiter.acquire().then(() => granted.push(clock.now()))));
    await clock.runAll();
    await all;
    expect(granted).toEqual([10_000, 10_500, 11_000]);
  });

  it('holds everyone off after a 429 for as long as asked', async () => {
    const clock = new FakeClock();
    const limiter = createRateLimiter(2, clock);
    await limiter.acquire();
    limiter.holdOff(3000);
    const next = limiter.acquire().then(() => clock.now());
    await clock.runAll();
    expect(await next).toBe(3000);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => createRateLimiter(0)).toThrow(RangeError);
  });
});

describe('rate limiter in the client', () => {
  let server: FaultServer;
  afterEach(() => server?.close());

  const until = async (cond: () => boolean) => {
    for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
    // and a moment more, so that a request that should not come has had its chance to arrive
    await new Promise((r) => setTimeout(r, 30));
  };

  it('is shared by the clients given the same limiter: one request per slot across both', async () => {
    server = await startFaultServer(() => json(200, { id: 1 }));
    const clock = new FakeClock();
    const limiter = createRateLimiter(2, clock);
    const credentials = { kind: 'personal', token: 't' } as const;
    const a = createServiceApi({ baseUrl: server.url, credentials, limiter, clock });
    const b = createServiceApi({ baseUrl: server.url, credentials, limiter, clock });

    const calls = [a, b, a, b, a, b].map((api) => api.getCurrentUser());
    for (let slot = 1; slot <= 6; slot++) {
      await until(() => server.seen.length >= slot);
      expect(server.seen.length).toBe(slot);
      if (slot < 6) await clock.advance(500);
    }
    await Promise.all(calls);
    // six requests at 2/s: the last left 2.5 s after the first
    expect(clock.now()).toBe(2500);
  });

  it('gives each client its own limiter otherwise, and none with rateLimit 0', async () => {
    server = await startFaultServer(() => json(200, { id: 1 }));
    const clock = new FakeClock();
    const credentials = { kind: 'personal', token: 't' } as const;
    const a = createServiceApi({ baseUrl: server.url, credentials, clock });
    const b = createServiceApi({ baseUrl: server.url, credentials, clock });
    const pending = [a.getCurrentUser(), b.getCurrentUser(), a.getCurrentUser()];
    await until(() => server.seen.length >= 2);
    expect(server.seen.length).toBe(2);
    await clock.advance(500);
    await Promise.all(pending);

    const free = createServiceApi({ baseUrl: server.url, credentials, clock, rateLimit: 0 });
    await Promise.all([1, 2, 3, 4].map(() => free.getCurrentUser()));
    expect(clock.now()).toBe(500);
    expect(server.seen.length).toBe(7);
  });
});
