// Bad input at every endpoint of project actions, project groups and tag actions: malformed JSON,
// non-object bodies, wrong types, missing fields, unknown ids and another account's ids, huge
// strings, SQL metacharacters. Always the spec's status and error body, never a 500, and a
// refused request writes nothing (the tables are compared before and after).
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabaseFile } from '../../support/sqliteFile';
import { serveTeam, type TeamService } from './people';
import { otherAccount, type OtherAccount } from './peopleSupport';
import { createEntry, createProject, type Client } from './support';
import { expectArbitraryJsonRefusedCleanly, expectMalformedJsonRefused } from './badInput';

const TABLES = [
  'projects',
  'project_groups',
  'tags',
  'tag_merges',
  'entries',
  'entry_tags',
  'timers',
  'timer_tags',
  'expenses',
  'project_access',
  'accounts',
];

let team: TeamService;
let client: Client;
let reader: DatabaseSync;
let ids: {
  project: number;
  empty: number;
  archived: number;
  group: number;
  tag: number;
  other: OtherAccount & { tagId: number; groupId: number };
};

function snapshot(): string {
  return JSON.stringify(TABLES.map((t) => reader.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()));
}

beforeEach(async () => {
  team = await serveTeam();
  client = team.client;
  const project = await createProject(client, { name: 'Main' });
  const empty = await createProject(client, { name: 'Empty' });
  const archived = await createProject(client, { name: 'Archived' });
  await createEntry(client, { project_id: project, description: 'work #seed' });
  await createEntry(client, { project_id: archived });
  await client.put(`/v2/projects/${archived}/archive`);
  await client.put(`/v2/projects/${project}/timer/start`, { description: 'timing #seed' });
  const group = (await client.post('/v2/project_groups', { name: 'Group', project_ids: [project] })).body.id;
  const tag = (await client.get('/v2/tags?name=seed')).body[0].id;
  const other = otherAccount(team);
  const writer = openDatabaseFile(join(team.dataDir, 'service.db'));
  const now = '2024-01-01T00:00:00Z';
  const tagId = Number(
    writer
      .prepare('INSERT INTO tags (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)')
      .run(other.accountId, 'theirs', now, now).lastInsertRowid,
  );
  const groupId = Number(
    writer
      .prepare('INSERT INTO project_groups (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)')
      .run(other.accountId, 'Theirs', now, now).lastInsertRowid,
  );
  writer.close();
  ids = { project, empty, archived, group, tag, other: { ...other, tagId, groupId } };
  reader = openDatabaseFile(join(team.dataDir, 'service.db'), { readonly: true });
});

afterEach(() => reader.close());

type Kind = 'text' | 'id' | 'ids' | 'tagName';

/** Every write endpoint of this area, with a valid base body and the kind of each field it reads. */
function writes(): Array<{ method: string; url: string; base: Record<string, unknown>; fields: Record<string, Kind> }> {
  const g = `/v2/project_groups/${ids.group}`;
  return [
    {
      method: 'PUT',
      url: `/v2/projects/${ids.project}/merge`,
      base: { project_id: ids.empty },
      fields: { project_id: 'id' },
    },
    {
      method: 'PUT',
      url: '/v2/projects/archive',
      base: { project_ids: [ids.project] },
      fields: { project_ids: 'ids' },
    },
    {
      method: 'PUT',
      url: '/v2/projects/unarchive',
      base: { project_ids: [ids.archived] },
      fields: { project_ids: 'ids' },
    },
    { method: 'PUT', url: '/v2/projects/delete', base: { project_ids: [ids.empty] }, fields: { project_ids: 'ids' } },
    {
      method: 'POST',
      url: '/v2/project_groups',
      base: { name: 'Fine', project_ids: [ids.empty] },
      fields: { name: 'text', project_ids: 'ids' },
    },
    { method: 'PUT', url: g, base: {}, fields: { name: 'text' } },
    { method: 'POST', url: `${g}/add_projects`, base: { project_ids: [ids.empty] }, fields: { project_ids: 'ids' } },
    {
      method: 'PUT',
      url: `${g}/remove_projects`,
      base: { project_ids: [ids.project] },
      fields: { project_ids: 'ids' },
    },
    { method: 'PUT', url: `/v2/tags/${ids.tag}`, base: {}, fields: { name: 'tagName' } },
    { method: 'PUT', url: `/v2/tags/${ids.tag}/merge`, base: { tag_id: ids.tag }, fields: { tag_id: 'id' } },
    { method: 'PUT', url: '/v2/tags/delete', base: { tag_ids: [ids.tag] }, fields: { tag_ids: 'ids' } },
  ];
}

/** Actions without input: they must survive any body too. */
function actions(): Array<{ method: string; url: string }> {
  return [{ method: 'PUT', url: `/v2/project_groups/${ids.group}/remove_all_projects` }];
}

const HUGE = 'x'.repeat(200_000);
const WRONG: Record<Kind, unknown[]> = {
  text: [{ nested: true }, ['a'], 1.5, true, HUGE],
  id: ['1', '1; DROP TABLE projects', 0, -1, 1.5, 1e308, true, { id: 1 }, [1], HUGE],
  ids: [
    '1',
    [0],
    [-1],
    ['1'],
    [1.5],
    [1e308],
    { a: 1 },
    [null],
    Array.from({ length: 1001 }, (_, i) => i + 1),
    '1; DROP TABLE tags',
    HUGE,
  ],
  tagName: [{ n: 1 }, ['a'], 1, true, 'two words', "x'; DROP TABLE tags; --", '#', '*', 'a'.repeat(300), HUGE],
};

describe('bad input at the project, group and tag endpoints', () => {
  it("answers malformed and non-object JSON with 400 and the spec's message, writing nothing", async () => {
    await expectMalformedJsonRefused({
      endpoints: [...writes(), ...actions()],
      send: (method, url, body) =>
        client.call(method, url, body).then((r) => ({ status: r.status, message: r.body?.message })),
      snapshot,
    });
  });

  it('answers a wrong type, form or size in any field with 400 naming that field, writing nothing', async () => {
    const before = snapshot();
    for (const { method, url, base, fields } of writes()) {
      for (const [field, kind] of Object.entries(fields)) {
        for (const value of WRONG[kind]) {
          const what = `${method} ${url} ${field}=${JSON.stringify(value).slice(0, 30)}`;
          const reply = await client.call(method, url, { ...base, [field]: value });
          expect(reply.status, what).toBe(400);
          expect(
            reply.body.errors.map((e: { field: string }) => e.field),
            what,
          ).toContain(field);
        }
      }
    }
    expect(snapshot()).toBe(before);
  });

  it('answers missing required fields with missing_field, writing nothing', async () => {
    const before = snapshot();
    const cases: Array<[string, string, string[]]> = [
      ['PUT', `/v2/projects/${ids.project}/merge`, ['project_id']],
      ['PUT', '/v2/projects/archive', ['project_ids']],
      ['PUT', '/v2/projects/unarchive', ['project_ids']],
      ['PUT', '/v2/projects/delete', ['project_ids']],
      ['POST', '/v2/project_groups', ['name', 'project_ids']],
      ['POST', `/v2/project_groups/${ids.group}/add_projects`, ['project_ids']],
      ['PUT', `/v2/project_groups/${ids.group}/remove_projects`, ['project_ids']],
      ['PUT', `/v2/tags/${ids.tag}/merge`, ['tag_id']],
      ['PUT', '/v2/tags/delete', ['tag_ids']],
    ];
    for (const [method, url, fields] of cases) {
      for (const body of [{}, undefined, Object.fromEntries(fields.map((f) => [f, null]))]) {
        const reply = await client.call(method, url, body);
        expect(reply.status, `${method} ${url}`).toBe(400);
        expect(reply.body.errors, `${method} ${url}`).toEqual(
          fields.map((field) => ({ resource: expect.any(String), field, code: 'missing_field' })),
        );
      }
    }
    expect(snapshot()).toBe(before);
  });

  it("answers unknown ids and another account's ids with 404 in paths and 400 missing in bodies, writing nothing", async () => {
    const before = snapshot();
    const { other } = ids;
    for (const id of [
      '999999',
      'abc',
      '-1',
      '0',
      '1e3',
      '99999999999999999999',
      "1'%20OR%20'1'='1",
      String(other.projectId),
    ]) {
      for (const [method, url] of [
        ['PUT', `/v2/projects/${id}/merge`],
        ['GET', `/v2/projects/${id}/entries`],
        ['GET', `/v2/projects/${id}/expenses`],
      ]) {
        expect(
          (await client.call(method!, url!, method === 'GET' ? undefined : { project_id: ids.empty })).status,
          `${method} ${url}`,
        ).toBe(404);
      }
    }
    for (const id of ['999999', 'abc', '0', String(other.groupId)]) {
      for (const [method, url] of [
        ['GET', `/v2/project_groups/${id}`],
        ['PUT', `/v2/project_groups/${id}`],
        ['GET', `/v2/project_groups/${id}/entries`],
        ['GET', `/v2/project_groups/${id}/projects`],
        ['POST', `/v2/project_groups/${id}/add_projects`],
        ['PUT', `/v2/project_groups/${id}/remove_projects`],
        ['PUT', `/v2/project_groups/${id}/remove_all_projects`],
        ['DELETE', `/v2/project_groups/${id}`],
      ]) {
        expect(
          (await client.call(method!, url!, method === 'GET' ? undefined : { project_ids: [ids.empty] })).status,
          `${method} ${url}`,
        ).toBe(404);
      }
    }
    for (const id of ['999999', 'abc', '0', String(other.tagId)]) {
      for (const [method, url] of [
        ['PUT', `/v2/tags/${id}`],
        ['PUT', `/v2/tags/${id}/merge`],
        ['DELETE', `/v2/tags/${id}`],
        ['GET', `/v2/tags/${id}/entries`],
      ]) {
        expect(
          (
            await client.call(
              method!,
              url!,
              method === 'GET' || method === 'DELETE' ? undefined : { tag_id: ids.tag, name: 'x' },
            )
          ).status,
          `${method} ${url}`,
        ).toBe(404);
      }
    }
    const bodies: Array<[string, string, Record<string, unknown>, string]> = [
      ['PUT', `/v2/projects/${ids.project}/merge`, { project_id: other.projectId }, 'project_id'],
      ['PUT', `/v2/projects/${ids.project}/merge`, { project_id: 999_999 }, 'project_id'],
      ['PUT', '/v2/projects/archive', { project_ids: [ids.project, other.projectId] }, 'project_ids'],
      ['PUT', '/v2/projects/unarchive', { project_ids: [ids.archived, 999_999] }, 'project_ids'],
      ['PUT', '/v2/projects/delete', { project_ids: [ids.empty, other.projectId] }, 'project_ids'],
      ['POST', '/v2/project_groups', { name: 'New', project_ids: [ids.empty, other.projectId] }, 'project_ids'],
      ['POST', `/v2/project_groups/${ids.group}/add_projects`, { project_ids: [ids.empty, 999_999] }, 'project_ids'],
      [
        'PUT',
        `/v2/project_groups/${ids.group}/remove_projects`,
        { project_ids: [ids.project, other.projectId] },
        'project_ids',
      ],
      ['PUT', `/v2/tags/${ids.tag}/merge`, { tag_id: other.tagId }, 'tag_id'],
      ['PUT', '/v2/tags/delete', { tag_ids: [ids.tag, other.tagId] }, 'tag_ids'],
    ];
    for (const [method, url, body, field] of bodies) {
      const reply = await client.call(method, url, body);
      expect(reply.status, `${method} ${url}`).toBe(400);
      expect(reply.body.errors, `${method} ${url}`).toEqual([{ resource: expect.any(String), field, code: 'missing' }]);
    }
    const project = await client.put(`/v2/projects/${ids.project}`, { project_group_id: other.groupId });
    expect(project.body.errors).toEqual([{ resource: 'Project', field: 'project_group_id', code: 'missing' }]);
    expect(snapshot()).toBe(before);
  });

  it('stores SQL metacharacters as text and finds them literally', async () => {
    const evil = 'x\'); DROP TABLE projects; -- " % _ \\';
    const group = await client.post('/v2/project_groups', { name: evil, project_ids: [] });
    expect(group.status).toBe(201);
    expect(group.body.name).toBe(evil);
    expect((await client.get(`/v2/project_groups?name=${encodeURIComponent("'); DROP")}`)).body).toHaveLength(1);
    expect((await client.get(`/v2/project_groups?name=${encodeURIComponent('% _')}`)).body).toHaveLength(1);
    expect((await client.get(`/v2/project_groups?name=${encodeURIComponent('%_')}`)).body).toHaveLength(0);
    const renamed = await client.put(`/v2/tags/${ids.tag}`, { name: "o'brien_%" });
    expect(renamed.status).toBe(400); // not a tag name: letters, digits, _ and - only
    expect((await client.put(`/v2/tags/${ids.tag}`, { name: 'drop_table-x' })).body.name).toBe('drop_table-x');
    for (const table of TABLES) expect(() => reader.prepare(`SELECT 1 FROM ${table}`).all()).not.toThrow();
  });

  it('answers odd query strings at every list with 200 or 400, never 500', async () => {
    const lists = [
      '/v2/project_groups',
      `/v2/project_groups/${ids.group}/entries`,
      `/v2/project_groups/${ids.group}/projects`,
      `/v2/projects/${ids.project}/entries`,
      `/v2/projects/${ids.project}/expenses`,
      `/v2/tags/${ids.tag}/entries`,
    ];
    for (const list of lists) {
      for (const query of [
        '?page[]=1',
        '?per_page=1e3',
        '?name=%00',
        '?description=%25%25',
        '?a=%E0%A4%A',
        '?project_ids=1,,2',
        `?name=${'n'.repeat(5000)}`,
        '?&&&=',
        '?billable=true&billable=false',
        "?project_ids=1'%20OR%201=1",
      ]) {
        const reply = await client.get(list + query);
        expect([200, 400], list + query.slice(0, 40)).toContain(reply.status);
      }
    }
  });

  it('never answers 5xx nor changes anything for arbitrary JSON bodies it refuses', async () => {
    await expectArbitraryJsonRefusedCleanly({
      endpoints: [...writes(), ...actions()],
      send: (method, url, body) => client.call(method, url, body),
      snapshot,
      numRuns: 200,
    });
  });
});
