import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/api/errors';
import { createRateLimiter } from '../../../main/api/limiter';
import { createServiceLimiters, sharedConnection } from '../../../main/api/serviceLimiters';
import { FakeClock } from './fakeClock';
import { inTurn, json, startFaultServer, type FaultServer } from './faultServer';
import { createServiceApi, createOAuthClient, overEachWire } from './wires';

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

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  // and a moment more, so that a request that should not come has had its chance to arrive
  await new Promise((r) => setTimeout(r, 30));
};

const credentials = { kind: 'personal', token: 't' } as const;

overEachWire(() => {
  describe('rate limiter in the client', () => {
    let server: FaultServer;
    afterEach(() => server?.close());

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

    it('gives each client made without shared options its own limiter, and none with rateLimit 0', async () => {
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
});

overEachWire(() => {
  describe('one limiter per service, shared by every client an app makes', () => {
    const servers: FaultServer[] = [];
    afterEach(async () => {
      for (const s of servers.splice(0)) await s.close();
    });
    const serve = async (...args: Parameters<typeof startFaultServer>) => {
      const s = await startFaultServer(...args);
      servers.push(s);
      return s;
    };

    it('is one limiter per origin, whatever the path', () => {
      const limiters = createServiceLimiters(2);
      expect(limiters.forUrl('https://time.example.com/v2/timers')).toBe(
        limiters.forUrl('https://time.example.com/oauth/2/access_token?x=1'),
      );
      expect(limiters.forUrl('https://time.example.com/')).not.toBe(limiters.forUrl('https://auth.example.com/'));
      expect(limiters.forUrl('http://127.0.0.1:4000/')).not.toBe(limiters.forUrl('http://127.0.0.1:4001/'));
      expect(() => createServiceLimiters(0)).toThrow(RangeError);
    });

    it("keeps options that bring their own limiter or turn limiting off, as the embedded account's do", () => {
      const limiter = createRateLimiter(2);
      expect(sharedConnection({ limiter })).toEqual({ limiter });
      expect(sharedConnection({ rateLimit: 0 })).toEqual({ rateLimit: 0 });
      expect(sharedConnection({}).limiters).toBeDefined();
    });

    it("the account's client, its OAuth token client and a short-lived client of one service take turns at 2/s together; another service's client does not wait for them", async () => {
      const service = await serve((req) =>
        req.url.startsWith('/oauth/') ? json(200, { access_token: 'a', token_type: 'bearer' }) : json(200, { id: 1 }),
      );
      const other = await serve(() => json(200, { id: 2 }));
      const clock = new FakeClock();
      const connection = sharedConnection({ clock });
      // As app.ts makes them: the account's v2 client, the token client of its OAuth sign-in (on the
      // same host), and a one-try client checking a token (whoIs).
      const account = createServiceApi({ ...connection, baseUrl: service.url, credentials });
      const tokens = createOAuthClient({ ...connection, authUrl: service.url, clientId: 'c', clientSecret: 's' });
      const tryToken = createServiceApi({ ...connection, baseUrl: `${service.url}/`, credentials, retries: 0 });
      const elsewhere = createServiceApi({ ...connection, baseUrl: other.url, credentials });

      const calls = [
        account.getCurrentUser(),
        tokens.refresh('r'),
        tryToken.getCurrentUser(),
        account.getCurrentUser(),
        elsewhere.getCurrentUser(),
      ];
      for (let slot = 1; slot <= 4; slot++) {
        await until(() => service.seen.length >= slot);
        // one request per 500 ms across the three clients of the service
        expect(service.seen.length).toBe(slot);
        // the other service's request went at once, not in the queue behind them
        expect(other.seen.length).toBe(1);
        if (slot < 4) await clock.advance(500);
      }
      await Promise.all(calls);
      expect(clock.now()).toBe(1500);
    });

    it("a call to another host through the same client waits on that host's limiter (token management on {auth_url})", async () => {
      const service = await serve(() => json(200, { id: 1 }));
      const auth = await serve(() => json(200, []));
      const clock = new FakeClock();
      const connection = sharedConnection({ clock });
      const api = createServiceApi({ ...connection, baseUrl: service.url, credentials });
      const pending = [
        api.getCurrentUser(),
        api.getCurrentUser(),
        api.tokenManagement({ username: 'u', password: 'p', authUrl: auth.url }).listSubdomains(),
      ];
      await until(() => service.seen.length >= 1 && auth.seen.length >= 1);
      expect([service.seen.length, auth.seen.length]).toEqual([1, 1]);
      await clock.advance(500);
      await Promise.all(pending);
      expect(service.seen.length).toBe(2);
    });

    it('a 429 asking for longer than a call may wait holds every client of the service off that long, and the error carries the wait', async () => {
      const service = await serve(inTurn({ status: 429, headers: { 'Retry-After': '120' } }, json(200, { id: 1 })));
      const clock = new FakeClock();
      const connection = sharedConnection({ clock });
      const a = createServiceApi({ ...connection, baseUrl: service.url, credentials });
      const b = createServiceApi({ ...connection, baseUrl: service.url, credentials });

      const refused = await a.getCurrentUser().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 120_000 });

      const next = b.getCurrentUser();
      await clock.advance(119_000);
      await new Promise((r) => setTimeout(r, 50));
      expect(service.seen.length).toBe(1);
      await clock.advance(1000);
      await until(() => service.seen.length >= 2);
      expect(service.seen.length).toBe(2);
      expect(await next).toEqual({ id: 1 });
    });
  });
});
