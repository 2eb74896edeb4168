// Lists follow the Link header's next URL exactly as given, lazily, and never loop.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../main/api/errors';
import { collect } from '../../../main/api/types';
import { InstantClock } from './fakeClock';
import { json, startFaultServer, type FaultServer } from './faultServer';
import { createServiceApi, overEachWire } from './wires';

let server: FaultServer;
afterEach(() => server?.close());
const api = (url: string) =>
  createServiceApi({
    baseUrl: url,
    credentials: { kind: 'personal', token: 't' },
    rateLimit: 0,
    clock: new InstantClock(),
  });

overEachWire(() => {
  describe('pagination', () => {
    it('follows rel="next" exactly as given, commas and semicolons included', async () => {
      const pages: Record<string, { items: number[]; next?: string }> = {
        '/v2/entries?description=a%2Cb': { items: [1, 2], next: '/v2/entries?description=a,b;c&page=2' },
        '/v2/entries?description=a,b;c&page=2': { items: [3, 4], next: '/v2/entries?page=3&x=%3B' },
        '/v2/entries?page=3&x=%3B': { items: [5] },
      };
      server = await startFaultServer((req) => {
        const page = pages[req.url]!;
        const link = [
          `<${server.url}/v2/entries?page=1>; rel="first"`,
          page.next && `<${server.url}${page.next}>; rel="next"`,
        ]
          .filter(Boolean)
          .join(', ');
        return json(
          200,
          page.items.map((id) => ({ id })),
          { Link: link },
        );
      });
      const ids = (await collect(api(server.url).listEntries({ description: 'a,b' }))).map((e) => e.id);
      expect(ids).toEqual([1, 2, 3, 4, 5]);
      expect(server.seen.map((r) => r.url)).toEqual(Object.keys(pages));
    });

    it('fetches nothing until iterated, and no further page than the consumer reads', async () => {
      server = await startFaultServer((req) =>
        json(200, [{ id: 1 }, { id: 2 }], {
          Link: `<${server.url}/v2/timers?page=${Number(req.url.split('page=')[1] ?? 1) + 1}>; rel="next"`,
        }),
      );
      const list = api(server.url).listTimers();
      expect(server.seen).toHaveLength(0);
      for await (const timer of list) if (timer.id === 2) break;
      expect(server.seen).toHaveLength(1);
    });

    it('stops with a protocol error when next points back at a page already read', async () => {
      server = await startFaultServer(() => json(200, [{ id: 1 }], { Link: `<${server.url}/v2/tags>; rel="next"` }));
      const e = (await collect(api(server.url).listTags()).catch((x: unknown) => x)) as ApiError;
      expect(e.kind).toBe('protocol');
      expect(server.seen).toHaveLength(1);
    });

    it('refuses a list answer that is not an array', async () => {
      server = await startFaultServer(() => json(200, { id: 1 }));
      const e = (await collect(api(server.url).listProjects()).catch((x: unknown) => x)) as ApiError;
      expect(e.kind).toBe('protocol');
    });
  });
});
