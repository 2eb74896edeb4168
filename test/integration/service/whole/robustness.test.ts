// Bad input never yields a 500 and never writes anything: malformed JSON, arrays, wrong types,
// huge strings, SQL metacharacters and unknown ids thrown at every endpoint. Driven through
// fastify inject, since HTTP adds nothing to what is checked here; the database is compared
// table by table before and after each refused request.
import { connectionOf } from '../../../support/sqliteFile';
import { describe, expect, it } from 'vitest';
import type { BuiltService } from '../../../../service';
import {
  expectArbitraryJsonRefusedCleanly,
  expectMalformedJsonRefused,
  expectOddQueriesAnswered,
  expectUnknownIdsNotFound,
  expectWrongFieldsRefused,
  HUGE,
  ODD_QUERIES,
  type Write,
  WRONG_BOOLEAN,
  WRONG_DATE,
  WRONG_TEXT,
} from '../support/badInput';
import { injectedServiceForEach, snapshotOf } from '../support/badInputSetup';

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
let ids: { project: number; archived: number; entry: number; tag: number };

const snapshot = () => snapshotOf(connectionOf(built.db), TABLES);

const { call, send, sendRaw, sendMalformed } = injectedServiceForEach({
  ready: (service) => (built = service),
  seed: async () => {
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
  },
});

type Kind = 'text' | 'integer' | 'boolean' | 'date' | 'enum' | 'strings' | 'color';

/** Every write endpoint, with a valid base body and the kind of each field it reads. */
function writes(): Write<Kind>[] {
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

const WRONG: Record<Kind, unknown[]> = {
  text: WRONG_TEXT,
  integer: ["'; DROP TABLE entries; --", '12', { n: 1 }, [1], 1.5, true, 1e308, -1e308, HUGE],
  boolean: WRONG_BOOLEAN,
  date: WRONG_DATE,
  enum: ['nope', 1, { e: 1 }, HUGE],
  strings: ['name', [1], [['a']], { a: 'b' }, [null]],
  color: ['orange', '#12345g', 1, HUGE],
};

describe('bad input', () => {
  it('answers malformed and non-object JSON with 400 at every write endpoint and writes nothing', async () => {
    await expectMalformedJsonRefused({
      endpoints: writes(),
      send: sendMalformed,
      snapshot,
    });
  });

  it('answers a wrong type, form or size in any field with 400 naming that field, and writes nothing', async () => {
    await expectWrongFieldsRefused({ writes: writes(), wrong: WRONG, send, snapshot });
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
    await expectUnknownIdsNotFound({
      rows: [
        {
          ids: ['999999', 'abc', '-1', '0', '1e3', '99999999999999999999', "1'%20OR%20'1'='1"],
          routes: (id) => [
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
          ],
          body: (method) => (method === 'GET' ? undefined : {}),
        },
      ],
      send,
    });
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
    await expectOddQueriesAnswered({
      lists: ['/v2/projects', '/v2/tags', '/v2/timers', '/v2/entries'],
      queries: [...ODD_QUERIES, '?description=%25%25', '?billable=true&billable=false'],
      get: (url) => call('GET', url),
    });
  });

  it('never answers 5xx nor changes anything for arbitrary JSON bodies it refuses', async () => {
    await expectArbitraryJsonRefusedCleanly({
      endpoints: writes(),
      send: sendRaw,
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
