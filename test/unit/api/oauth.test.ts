// OAuth credentials: Bearer header, one refresh after a 401 shared by concurrent requests, one retry.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/api/errors';
import { InstantClock } from './fakeClock';
import { json, startFaultServer, type FaultServer } from './faultServer';
import { createServiceApi, overEachWire } from './wires';

let server: FaultServer;
afterEach(() => server?.close());

// Accepts only the token it currently considers valid.
async function serviceAccepting(valid: () => string) {
  server = await startFaultServer((req) =>
    req.headers.authorization === `Bearer ${valid()}` ? json(200, { id: 1 }) : json(401, { message: 'Token expired' }),
  );
  return server;
}

function oauthClient(url: string, tokens: { current: string }, refresh: () => Promise<boolean>) {
  return createServiceApi({
    baseUrl: url,
    credentials: { kind: 'oauth', accessToken: async () => tokens.current, refresh },
    rateLimit: 0,
    clock: new InstantClock(),
  });
}

overEachWire(() => {
  describe('OAuth credentials', () => {
    it('refreshes once after a 401 and repeats the request with the new token', async () => {
      const tokens = { current: 'old' };
      await serviceAccepting(() => 'new');
      let refreshes = 0;
      const api = oauthClient(server.url, tokens, async () => {
        refreshes++;
        tokens.current = 'new';
        return true;
      });
      expect(await api.createEntry({ date: '2025-01-01', minutes: 1 })).toEqual({ id: 1 });
      expect(refreshes).toBe(1);
      expect(server.seen.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    });

    it('shares one refresh between concurrent requests that met the same expired token', async () => {
      const tokens = { current: 'old' };
      await serviceAccepting(() => 'new');
      let refreshes = 0;
      const api = oauthClient(server.url, tokens, async () => {
        refreshes++;
        await new Promise((r) => setTimeout(r, 30));
        tokens.current = 'new';
        return true;
      });
      const results = await Promise.all([api.getCurrentUser(), api.getTimer(1), api.getEntry(2), api.pauseTimer(3)]);
      expect(results).toHaveLength(4);
      expect(refreshes).toBe(1);
    });

    it('reports unauthorized when the refresh fails, or when the refreshed token is refused too', async () => {
      const tokens = { current: 'old' };
      await serviceAccepting(() => 'never');
      const failing = oauthClient(server.url, tokens, async () => false);
      const e = (await failing.getCurrentUser().catch((x: unknown) => x)) as ApiError;
      expect(e.kind).toBe('unauthorized');
      expect(server.seen).toHaveLength(1);

      let refreshes = 0;
      const refused = oauthClient(server.url, tokens, async () => {
        refreshes++;
        tokens.current = `t${refreshes}`;
        return true;
      });
      const again = (await refused.getCurrentUser().catch((x: unknown) => x)) as ApiError;
      expect(again.kind).toBe('unauthorized');
      expect(refreshes).toBe(1);
      expect(server.seen).toHaveLength(3);
    });

    it('does not report a refresh that could not be done as a refused credential', async () => {
      await serviceAccepting(() => 'new');
      const api = oauthClient(server.url, { current: 'old' }, async () => {
        throw new Error('auth host unreachable');
      });
      const e = (await api.getCurrentUser().catch((x: unknown) => x)) as ApiError;
      expect(e).toBeInstanceOf(ApiError);
      expect(e.kind).toBe('network');
    });

    it('a personal token refused is unauthorized at once', async () => {
      server = await startFaultServer(() => json(401, { message: 'Invalid token' }));
      const api = createServiceApi({
        baseUrl: server.url,
        credentials: { kind: 'personal', token: 'bad' },
        rateLimit: 0,
      });
      const e = (await api.getCurrentUser().catch((x: unknown) => x)) as ApiError;
      expect(e.kind).toBe('unauthorized');
      expect(e.retryable).toBe(false);
      expect(server.seen).toHaveLength(1);
    });
  });
});
