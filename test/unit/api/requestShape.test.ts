// What goes on the wire: the headers the spec requires, JSON bodies, no body for actions without
// input, filters as the spec writes them, and error answers turned into readable typed errors.
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { ApiError } from '../../../main/api/errors';
import { InstantClock } from './fakeClock';
import { inTurn, json, startFaultServer, type FaultServer } from './faultServer';
import { createServiceApi, overEachWire } from './wires';

let server: FaultServer;
afterEach(() => server?.close());
const api = (url: string, extra = {}) =>
  createServiceApi({
    baseUrl: `${url}/`,
    credentials: { kind: 'personal', token: 'secret' },
    rateLimit: 0,
    clock: new InstantClock(),
    ...extra,
  });

overEachWire(() => {
  describe('requests', () => {
    it('carry the User-Agent, the token and JSON', async () => {
      server = await startFaultServer(() => json(201, { id: 1 }));
      await api(server.url).createProject({ name: 'Stint', billable: false });
      const [req] = server.seen;
      expect(req!.headers['user-agent']).toMatch(/^Stint\/\d+\.\d+\.\d+$/);
      expect(req!.headers['x-servicetoken']).toBe('secret');
      expect(req!.headers['content-type']).toBe('application/json');
      expect(req!.headers.accept).toBe('application/json');
      expect(`${req!.method} ${req!.url}`).toBe('POST /v2/projects');
      expect(JSON.parse(req!.body)).toEqual({ name: 'Stint', billable: false });
    });

    it('send no body and no Content-Type for PUT actions without input', async () => {
      server = await startFaultServer(() => ({ status: 204 }));
      const client = api(server.url, { userAgent: 'Custom/1' });
      await client.archiveProject(4);
      await client.logTimer(4);
      await client.startTimer(4, {});
      await client.startTimer(4, { description: 'with #tag' });
      expect(server.seen.map((r) => [r.method, r.url, r.body, r.headers['content-type'] ?? null])).toEqual([
        ['PUT', '/v2/projects/4/archive', '', null],
        ['PUT', '/v2/projects/4/timer/log', '', null],
        ['PUT', '/v2/projects/4/timer/start', '', null],
        ['PUT', '/v2/projects/4/timer/start', '{"description":"with #tag"}', 'application/json'],
      ]);
      expect(server.seen[0]!.headers['user-agent']).toBe('Custom/1');
    });

    it('write filters as the spec does: comma lists, true/false, absent ones left out', async () => {
      server = await startFaultServer(() => json(200, []));
      const client = api(server.url);
      await collect(
        client.listEntries({
          project_ids: [1, 2],
          billable: false,
          from: '2025-01-01',
          description: undefined,
          per_page: 5,
        }),
      );
      await collect(client.listTimers({ projects: [3], description: 'a b&c' }));
      await collect(client.listProjects());
      expect(server.seen.map((r) => r.url)).toEqual([
        '/v2/entries?project_ids=1%2C2&billable=false&from=2025-01-01&per_page=5',
        '/v2/timers?projects=3&description=a+b%26c',
        '/v2/projects',
      ]);
    });

    it('refuse an id that is not a positive integer without sending anything', async () => {
      server = await startFaultServer(() => json(200, {}));
      const e = (await api(server.url)
        .getEntry(Number.NaN)
        .catch((x: unknown) => x)) as ApiError;
      expect(e.kind).toBe('validation');
      expect(server.seen).toHaveLength(0);
    });

    it('keep the minutes of an entry whose update leaves them out (the service would set 0)', async () => {
      server = await startFaultServer((req) => json(200, { id: 7, minutes: req.method === 'GET' ? 45 : 0 }));
      await api(server.url).updateEntry(7, { description: 'renamed' });
      expect(server.seen.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
        'GET /v2/entries/7 ',
        'PUT /v2/entries/7 {"description":"renamed","minutes":45}',
      ]);
    });

    it('read a created record from its Location when the 201 has no body', async () => {
      server = await startFaultServer(
        inTurn({ status: 201, headers: { Location: '/v2/entries/9' } }, json(200, { id: 9 })),
      );
      expect(await api(server.url).createEntry({ date: '2025-01-01', minutes: 5 })).toEqual({ id: 9 });
      expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v2/entries', 'GET /v2/entries/9']);
    });
  });
});

overEachWire(() => {
  describe('error answers', () => {
    const cases: Array<[number, unknown, string, RegExp]> = [
      [
        400,
        { message: 'Validation Failed', errors: [{ resource: 'Project', field: 'name', code: 'already_exists' }] },
        'validation',
        /^The service refused it: Validation Failed \(name: already_exists\)$/,
      ],
      [
        400,
        {
          message: 'Name has already been taken',
          errors: [{ resource: 'Project', field: 'base', code: 'not_deletable' }],
        },
        'validation',
        /^The service refused it: Name has already been taken \(not_deletable\)$/,
      ],
      [422, { message: 'JSON Parsing Error' }, 'validation', /JSON Parsing Error/],
      [404, { message: 'Timer not found' }, 'not_found', /^Not found: Timer not found$/],
      [404, '', 'not_found', /^Not found: GET \/v2\/entries\/5$/],
      [403, { message: 'Account does not include this feature' }, 'forbidden', /Account does not include this feature/],
      [401, '', 'unauthorized', /credentials/],
      [418, '<html>teapot</html>', 'protocol', /418/],
    ];

    it.each(cases)('%i %j is %s with a readable message', async (status, body, kind, message) => {
      server = await startFaultServer(() => json(status, body));
      const e = (await api(server.url)
        .getEntry(5)
        .catch((x: unknown) => x)) as ApiError;
      expect(e).toBeInstanceOf(ApiError);
      expect(e.kind).toBe(kind);
      expect(e.status).toBe(status);
      expect(e.message).toMatch(message);
      expect(e.method).toBe('GET');
      expect(e.url).toBe(`${server.url}/v2/entries/5`);
      if (typeof body === 'object') expect(e.body).toEqual(body);
      else expect(e.body).toBeNull();
    });

    it('a 2xx answer that is not JSON is a protocol error', async () => {
      server = await startFaultServer(() => json(200, '<html>'));
      const e = (await api(server.url)
        .getEntry(5)
        .catch((x: unknown) => x)) as ApiError;
      expect(e.kind).toBe('protocol');
    });
  });
});
