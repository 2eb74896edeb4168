// Spec 000 convention 8: 301 moves this and all later requests; 302 and 307 repeat this one
// request verbatim at the Location and keep the original URI afterwards.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/api/errors';
import { createRedirectMemory, redirectTarget } from '../../../main/api/redirects';
import { InstantClock } from './fakeClock';
import { json, startFaultServer, type FaultServer, type Handler } from './faultServer';
import { createServiceApi, overEachWire } from './wires';

const servers: FaultServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const start = async (handler: Handler) => {
  const s = await startFaultServer(handler);
  servers.push(s);
  return s;
};
const api = (url: string) =>
  createServiceApi({
    baseUrl: url,
    credentials: { kind: 'personal', token: 'tok' },
    rateLimit: 0,
    clock: new InstantClock(),
  });

describe('redirect memory', () => {
  it('turns a 301 that moves the base into a rewrite of every later URL under it', () => {
    const m = createRedirectMemory();
    m.remember('http://old:1/v2/timers', 'https://new.example/api/v2/timers');
    expect(m.resolve('http://old:1/v2/entries?page=2')).toBe('https://new.example/api/v2/entries?page=2');
    expect(m.resolve('http://old:1')).toBe('https://new.example/api');
    expect(m.resolve('http://old:10/v2/entries')).toBe('http://old:10/v2/entries');
    expect(m.resolve('http://other/v2/entries')).toBe('http://other/v2/entries');
  });

  it('remembers only the exact URL when the path itself changed', () => {
    const m = createRedirectMemory();
    m.remember('http://h/v2/projects/5', 'http://h/v2/projects/9');
    expect(m.resolve('http://h/v2/projects/5')).toBe('http://h/v2/projects/9');
    expect(m.resolve('http://h/v2/projects/6')).toBe('http://h/v2/projects/6');
  });

  it('follows chains of moves and stops on a cycle', () => {
    const m = createRedirectMemory();
    m.remember('http://a/v2/x', 'http://b/v2/x');
    m.remember('http://b/v2/x', 'http://c/v2/x');
    expect(m.resolve('http://a/v2/y')).toBe('http://c/v2/y');
    m.remember('http://c/v2/x', 'http://a/v2/x');
    expect(() => m.resolve('http://a/v2/y')).not.toThrow();
  });
});

describe('redirect target', () => {
  it('resolves a relative Location and refuses loops, missing Locations and HTTPS downgrades', () => {
    expect(redirectTarget('/v2/x?a=1', 'https://h/v2/y', ['https://h/v2/y'])).toEqual({ target: 'https://h/v2/x?a=1' });
    expect(redirectTarget('https://h/v2/y', 'https://h/v2/x', ['https://h/v2/y', 'https://h/v2/x'])).toHaveProperty(
      'refused',
    );
    expect(redirectTarget(undefined, 'https://h/v2/y', [])).toHaveProperty('refused');
    expect(redirectTarget('http://h/v2/y', 'https://h/v2/y', [])).toEqual({
      refused: 'Refused a redirect from HTTPS to http://h/v2/y',
    });
    expect(redirectTarget('https://h/v2/y', 'http://h/v2/y', [])).toEqual({ target: 'https://h/v2/y' });
  });
});

overEachWire(() => {
  describe('following redirects', () => {
    it('301: repeats the request at the new place and sends every later request there', async () => {
      const moved = await start(() => json(200, { id: 1, where: 'new' }));
      const old = await start(() => json(301, undefined, { Location: `${moved.url}/v2/current_user` }));
      const client = api(old.url);
      expect(await client.getCurrentUser()).toEqual({ id: 1, where: 'new' });
      await client.getEntry(7);
      expect(old.seen.map((s) => s.url)).toEqual(['/v2/current_user']);
      expect(moved.seen.map((s) => s.url)).toEqual(['/v2/current_user', '/v2/entries/7']);
      expect(moved.seen[1]!.headers['x-servicetoken']).toBe('tok');
    });

    it('302 and 307: repeat this request verbatim at the Location, then keep the original URI', async () => {
      for (const status of [302, 307]) {
        let first = true;
        const s = await start((req) => {
          if (req.url === '/v2/entries' && first) {
            first = false;
            return json(status, undefined, { Location: '/elsewhere/v2/entries' });
          }
          return json(201, { id: 7 });
        });
        const client = api(s.url);
        await client.createEntry({ date: '2025-01-02', minutes: 30, description: 'x' });
        await client.createEntry({ date: '2025-01-03', minutes: 15 });
        expect(s.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
          'POST /v2/entries',
          'POST /elsewhere/v2/entries',
          'POST /v2/entries',
        ]);
        expect(s.seen[1]!.body).toBe(s.seen[0]!.body);
        expect(JSON.parse(s.seen[1]!.body)).toEqual({ date: '2025-01-02', minutes: 30, description: 'x' });
      }
    });

    it('stops a redirect loop with a protocol error', async () => {
      const s = await start((req) =>
        json(302, undefined, { Location: req.url === '/v2/current_user' ? '/b' : '/v2/current_user' }),
      );
      const e = await api(s.url)
        .getCurrentUser()
        .catch((x: unknown) => x as ApiError);
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).kind).toBe('protocol');
      expect(s.seen).toHaveLength(2);
    });

    it('stops after five hops even without a loop', async () => {
      const s = await start((req) => json(307, undefined, { Location: `${req.url}x` }));
      const e = (await api(s.url)
        .getCurrentUser()
        .catch((x: unknown) => x)) as ApiError;
      expect(e.kind).toBe('protocol');
      expect(s.seen).toHaveLength(6);
    });

    it('refuses a redirect without Location', async () => {
      const s = await start(() => json(301));
      const e = (await api(s.url)
        .getCurrentUser()
        .catch((x: unknown) => x)) as ApiError;
      expect(e.kind).toBe('protocol');
    });
  });
});
