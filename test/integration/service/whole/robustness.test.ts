// Bad input never yields a 500 and never writes anything: malformed JSON, arrays, wrong types,
// huge strings, SQL metacharacters and unknown ids thrown at every endpoint. Driven through
// fastify inject, since HTTP adds nothing to what is checked here; the database is compared
// table by table before and after each refused request.
import { connectionOf } from '../../../support/sqliteFile';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildService, type BuiltService } from '../../../../service';
import { expectArbitraryJsonRefusedCleanly, expectMalformedJsonRefused } from '../support/badInput';

const TABLES = [
  'accounts',
  'users',
  'personal_tokens',
  'projects',
  'tags',
  'entries',
  'entry_tags',
  'timers',
  'timer_tags',
];

let built: BuiltService;
let app: FastifyInstance;
let headers: Record<string, string>;
let ids: { project: number; archived: number; entry: number; tag: number };

function snapshot(): string {
  return JSON.stringify(TABLES.map((t) => connectionOf(built.db).prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()));
}

async function call(method: string, url: string, payload?: string) {
  const reply = await app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload,
  });
  return { status: reply.statusCode, body: reply.body };
}

beforeEach(async () => {
  built = await buildService({ rateLimit: 0, now: () => new Date('2024-03-04T09:00:00Z') });
  app = built.app;
  headers = { 'user-agent': 'Fuzz/1', 'x-servicetoken': built.token };
  const project = (await call('POST', '/v2/projects', '{"name":"Main"}')).body;
  const archived = (await call('POST', '/v2/projects', '{"name":"Old"}')).body;
  const archivedId = JSON.parse(archived).id;
  await call('POST', '/v2/entries', JSON.stringify({ date: '2024-03-01', minutes: 10, project_id: archivedId }));
  await call('PUT', `/v2/projects/${archivedId}/archive`);
  const entry = JSON.parse(
    (await call('POST', '/v2/entries', '{"date":"2024-03-02","minutes":5,"description":"#seed"}')).body,
  );
  await call('PUT', `/v2/projects/${JSON.parse(project).id}/timer/start`);
  ids = { project: JSON.parse(project).id, archived: archivedId, entry: entry.id, tag: entry.tags[0].id };
});

afterEach(async () => {
  await app.close();
});

type Kind = 'text' | 'integer' | 'boolean' | 'date' | 'enum' | 'strings' | 'color';

/** Every write endpoint, with a valid base body and the kind of each field it reads. */
function writes(): Array<{ method: string; url: string; base: Record<string, unknown>; fields: Record<string, Kind> }> {
  const timer = `/v2/projects/${ids.project}/timer`;
  const project: Record<string, Kind> = {
    name: 'text',
    billable: 'boolean',
    billing_increment: 'integer',
    color: 'color',
    project_group_id: 'integer',
  };
  const entry: Record<string, Kind> = {
    date: 'date',
    minutes: 'integer',
    user_id: 'integer',
    description: 'text',
    project_id: 'integer',
    project_name: 'text',
    source_url: 'text',
  };
  return [
    {
      method: 'PUT',
      url: '/v2/current_user',
      base: {},
      fields: {
        first_name: 'text',
        last_name: 'text',
        time_format: 'enum',
        week_start: 'enum',
        send_personal_weekly_report: 'boolean',
        send_team_weekly_report: 'boolean',
      },
    },
    { method: 'POST', url: '/v2/projects', base: { name: 'Fine' }, fields: project },
    { method: 'PUT', url: `/v2/projects/${ids.project}`, base: {}, fields: project },
    { method: 'POST', url: '/v2/tags', base: { names: ['ok'] }, fields: { names: 'strings' } },
    { method: 'PUT', url: timer, base: {}, fields: { description: 'text' } },
    { method: 'PUT', url: `${timer}/start`, base: {}, fields: { entry_date: 'date', description: 'text' } },
    {
      method: 'PUT',
      url: `${timer}/add_or_subtract_time`,
      base: {},
      fields: { minutes: 'integer', seconds: 'integer' },
    },
    {
      method: 'PUT',
      url: `${timer}/log`,
      base: {},
      fields: { entry_date: 'date', minutes: 'integer', description: 'text' },
    },
    { method: 'POST', url: '/v2/entries', base: { date: '2024-03-01', minutes: 1 }, fields: entry },
    { method: 'PUT', url: `/v2/entries/${ids.entry}`, base: {}, fields: entry },
  ];
}

const HUGE = 'x'.repeat(200_000);
const WRONG: Record<Kind, unknown[]> = {
  text: [{ nested: true }, ['a'], 1.5, true, HUGE],
  integer: ["'; DROP TABLE entries; --", '12', { n: 1 }, [1], 1.5, true, 1e308, -1e308, HUGE],
  boolean: ['true', 1, { b: true }, [true], HUGE],
  date: ['2024-02-30', '2024-3-1', 20240301, { d: 1 }, "2024-03-01' OR 1=1 --", HUGE],
  enum: ['nope', 1, { e: 1 }, HUGE],
  strings: ['name', [1], [['a']], { a: 'b' }, [null]],
  color: ['orange', '#12345g', 1, HUGE],
};

describe('bad input', () => {
  it('answers malformed and non-object JSON with 400 at every write endpoint and writes nothing', async () => {
    await expectMalformedJsonRefused({
      endpoints: writes(),
      send: (method, url, body) =>
        call(method, url, body).then((r) => ({ status: r.status, message: JSON.parse(r.body).message })),
      snapshot,
    });
  });

  it('answers a wrong type, form or size in any field with 400 naming that field, and writes nothing', async () => {
    const before = snapshot();
    for (const { method, url, base, fields } of writes()) {
      for (const [field, kind] of Object.entries(fields)) {
        for (const value of WRONG[kind]) {
          const what = `${method} ${url} ${field}=${JSON.stringify(value).slice(0, 30)}`;
          const reply = await call(method, url, JSON.stringify({ ...base, [field]: value }));
          expect(reply.status, what).toBe(400);
          expect(
            JSON.parse(reply.body).errors.map((e: { field: string }) => e.field),
            what,
          ).toContain(field);
        }
      }
    }
    expect(snapshot()).toBe(before);
  });

  it('stores SQL metacharacters as text and keeps every table', async () => {
    const evil = 'x\'); DROP TABLE entries; -- " % _ \\ #tag';
    const reply = await call(
      'POST',
      '/v2/entries',
      JSON.stringify({ date: '2024-03-01', minutes: 1, description: evil, project_name: evil.slice(0, 20) }),
    );
    expect(reply.status).toBe(201);
    expect(JSON.parse(reply.body).description).toBe(evil);
    const list = await call('GET', `/v2/entries?description=${encodeURIComponent("'); DROP")}`);
    expect(JSON.parse(list.body)).toHaveLength(1);
    for (const table of TABLES)
      expect(() => connectionOf(built.db).prepare(`SELECT 1 FROM ${table}`).all()).not.toThrow();
  });

  it('answers unknown ids with 404 (paths) or 400 (body references) at every endpoint, writing nothing', async () => {
    const before = snapshot();
    for (const id of ['999999', 'abc', '-1', '0', '1e3', '99999999999999999999', "1'%20OR%20'1'='1"]) {
      for (const [method, url] of [
        ['GET', `/v2/projects/${id}`],
        ['PUT', `/v2/projects/${id}`],
        ['PUT', `/v2/projects/${id}/archive`],
        ['PUT', `/v2/projects/${id}/unarchive`],
        ['DELETE', `/v2/projects/${id}`],
        ['GET', `/v2/tags/${id}`],
        ['GET', `/v2/entries/${id}`],
        ['PUT', `/v2/entries/${id}`],
        ['DELETE', `/v2/entries/${id}`],
        ['GET', `/v2/projects/${id}/timer`],
        ['PUT', `/v2/projects/${id}/timer`],
        ['PUT', `/v2/projects/${id}/timer/start`],
        ['PUT', `/v2/projects/${id}/timer/pause`],
        ['PUT', `/v2/projects/${id}/timer/add_or_subtract_time`],
        ['PUT', `/v2/projects/${id}/timer/log`],
        ['DELETE', `/v2/projects/${id}/timer`],
      ]) {
        expect((await call(method!, url!, method === 'GET' ? undefined : '{}')).status, `${method} ${url}`).toBe(404);
      }
    }
    for (const field of ['project_id', 'user_id']) {
      expect(
        (await call('POST', '/v2/entries', JSON.stringify({ date: '2024-03-01', minutes: 1, [field]: 999999 }))).status,
      ).toBe(400);
    }
    expect(snapshot()).toBe(before);
  });

  it('refuses an entry in an archived project without creating the project_name project or its tags', async () => {
    const before = snapshot();
    const reply = await call(
      'POST',
      '/v2/entries',
      JSON.stringify({ date: '2024-03-01', minutes: 1, project_id: ids.archived, description: '#brandnew' }),
    );
    expect(reply.status).toBe(400);
    expect(snapshot()).toBe(before);
  });

  it('answers odd query strings at every list with 200 or 400, never 500', async () => {
    for (const list of ['/v2/projects', '/v2/tags', '/v2/timers', '/v2/entries']) {
      for (const query of [
        '?page[]=1',
        '?per_page=1e3',
        '?name=%00',
        '?description=%25%25',
        '?a=%E0%A4%A',
        '?billable=true&billable=false',
        `?name=${'n'.repeat(5000)}`,
        '?&&&=',
      ]) {
        const reply = await call('GET', list + query);
        expect([200, 400], list + query.slice(0, 40)).toContain(reply.status);
      }
    }
  });

  it('never answers 5xx nor changes anything for arbitrary JSON bodies it refuses', async () => {
    await expectArbitraryJsonRefusedCleanly({
      endpoints: writes(),
      send: (method, url, body) => call(method, url, body),
      snapshot,
      numRuns: 300,
    });
  });

  it('answers a body over 1 MiB with 413, not 500', async () => {
    const reply = await call(
      'POST',
      '/v2/entries',
      JSON.stringify({ date: '2024-03-01', minutes: 1, description: 'x'.repeat(1_100_000) }),
    );
    expect(reply.status).toBe(413);
  });
});
