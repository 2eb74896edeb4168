// Bad input at every endpoint of project actions, project groups and tag actions: malformed JSON,
// non-object bodies, wrong types, missing fields, unknown ids and another account's ids, huge
// strings, SQL metacharacters. Always the spec's status and error body, never a 500, and a
// refused request writes nothing (the tables are compared before and after).
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { writeBeside } from '../../../support/sqliteFile';
import { otherAccount, type OtherAccount } from '../support/peopleSupport';
import { createEntry, createProject, type Client } from '../support/support';
import {
  expectArbitraryJsonRefusedCleanly,
  expectMalformedJsonRefused,
  expectMissingFieldsRefused,
  expectMissingReferencesRefused,
  expectOddQueriesAnswered,
  expectUnknownIdsNotFound,
  expectWrongFieldsRefused,
  HUGE,
  ODD_QUERIES,
  type Write,
  WRONG_TEXT,
  wrongIds,
} from '../support/badInput';
import { badInputTeamForEach } from '../support/badInputSetup';

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

const { snapshot, send, sendRaw, sendMalformed } = badInputTeamForEach({
  tables: TABLES,
  seed: async (team) => {
    const { client } = team;
    const project = await createProject(client, { name: 'Main' });
    const empty = await createProject(client, { name: 'Empty' });
    const archived = await createProject(client, { name: 'Archived' });
    await createEntry(client, { project_id: project, description: 'work #seed' });
    await createEntry(client, { project_id: archived });
    await client.put(`/v2/projects/${archived}/archive`);
    await client.put(`/v2/projects/${project}/timer/start`, { description: 'timing #seed' });
    const group = (await client.post('/v2/project_groups', { name: 'Group', project_ids: [project] })).body.id;
    const tag = (await client.get('/v2/tags?name=seed')).body[0].id;
    const other = await otherAccount(team);
    const now = '2024-01-01T00:00:00Z';
    const [tagId, groupId] = await writeBeside(join(team.dataDir, 'service.db'), (writer) => [
      Number(
        writer
          .prepare('INSERT INTO tags (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)')
          .run(other.accountId, 'theirs', now, now).lastInsertRowid,
      ),
      Number(
        writer
          .prepare('INSERT INTO project_groups (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)')
          .run(other.accountId, 'Theirs', now, now).lastInsertRowid,
      ),
    ]);
    return { project, empty, archived, group, tag, other: { ...other, tagId, groupId } };
  },
  ready: (started) => ({ client, reader, ids } = started),
});

type Kind = 'text' | 'id' | 'ids' | 'tagName';

/** Every write endpoint of this area, with a valid base body and the kind of each field it reads. */
function writes(): Write<Kind>[] {
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

const WRONG: Record<Kind, unknown[]> = {
  text: WRONG_TEXT,
  id: ['1', '1; DROP TABLE projects', 0, -1, 1.5, 1e308, true, { id: 1 }, [1], HUGE],
  ids: [...wrongIds('tags'), HUGE],
  tagName: [{ n: 1 }, ['a'], 1, true, 'two words', "x'; DROP TABLE tags; --", '#', '*', 'a'.repeat(300), HUGE],
};

describe('bad input at the project, group and tag endpoints', () => {
  it("answers malformed and non-object JSON with 400 and the spec's message, writing nothing", async () => {
    await expectMalformedJsonRefused({
      endpoints: [...writes(), ...actions()],
      send: sendMalformed,
      snapshot,
    });
  });

  it('answers a wrong type, form or size in any field with 400 naming that field, writing nothing', async () => {
    await expectWrongFieldsRefused({ writes: writes(), wrong: WRONG, send, snapshot });
  });

  it('answers missing required fields with missing_field, writing nothing', async () => {
    await expectMissingFieldsRefused({
      rows: [
        { method: 'PUT', url: `/v2/projects/${ids.project}/merge`, fields: ['project_id'] },
        { method: 'PUT', url: '/v2/projects/archive', fields: ['project_ids'] },
        { method: 'PUT', url: '/v2/projects/unarchive', fields: ['project_ids'] },
        { method: 'PUT', url: '/v2/projects/delete', fields: ['project_ids'] },
        { method: 'POST', url: '/v2/project_groups', fields: ['name', 'project_ids'] },
        { method: 'POST', url: `/v2/project_groups/${ids.group}/add_projects`, fields: ['project_ids'] },
        { method: 'PUT', url: `/v2/project_groups/${ids.group}/remove_projects`, fields: ['project_ids'] },
        { method: 'PUT', url: `/v2/tags/${ids.tag}/merge`, fields: ['tag_id'] },
        { method: 'PUT', url: '/v2/tags/delete', fields: ['tag_ids'] },
      ],
      send,
      snapshot,
    });
  });

  it("answers unknown ids and another account's ids with 404 in paths and 400 missing in bodies, writing nothing", async () => {
    const before = snapshot();
    const { other } = ids;
    await expectUnknownIdsNotFound({
      rows: [
        {
          ids: ['999999', 'abc', '-1', '0', '1e3', '99999999999999999999', "1'%20OR%20'1'='1", String(other.projectId)],
          routes: (id) => [
            ['PUT', `/v2/projects/${id}/merge`],
            ['GET', `/v2/projects/${id}/entries`],
            ['GET', `/v2/projects/${id}/expenses`],
          ],
          body: (method) => (method === 'GET' ? undefined : { project_id: ids.empty }),
        },
        {
          ids: ['999999', 'abc', '0', String(other.groupId)],
          routes: (id) => [
            ['GET', `/v2/project_groups/${id}`],
            ['PUT', `/v2/project_groups/${id}`],
            ['GET', `/v2/project_groups/${id}/entries`],
            ['GET', `/v2/project_groups/${id}/projects`],
            ['POST', `/v2/project_groups/${id}/add_projects`],
            ['PUT', `/v2/project_groups/${id}/remove_projects`],
            ['PUT', `/v2/project_groups/${id}/remove_all_projects`],
            ['DELETE', `/v2/project_groups/${id}`],
          ],
          body: (method) => (method === 'GET' ? undefined : { project_ids: [ids.empty] }),
        },
        {
          ids: ['999999', 'abc', '0', String(other.tagId)],
          routes: (id) => [
            ['PUT', `/v2/tags/${id}`],
            ['PUT', `/v2/tags/${id}/merge`],
            ['DELETE', `/v2/tags/${id}`],
            ['GET', `/v2/tags/${id}/entries`],
          ],
          body: (method) => (method === 'GET' || method === 'DELETE' ? undefined : { tag_id: ids.tag, name: 'x' }),
        },
      ],
      send,
    });
    const g = `/v2/project_groups/${ids.group}`;
    await expectMissingReferencesRefused({
      rows: [
        {
          method: 'PUT',
          url: `/v2/projects/${ids.project}/merge`,
          body: { project_id: other.projectId },
          field: 'project_id',
        },
        { method: 'PUT', url: `/v2/projects/${ids.project}/merge`, body: { project_id: 999_999 }, field: 'project_id' },
        {
          method: 'PUT',
          url: '/v2/projects/archive',
          body: { project_ids: [ids.project, other.projectId] },
          field: 'project_ids',
        },
        {
          method: 'PUT',
          url: '/v2/projects/unarchive',
          body: { project_ids: [ids.archived, 999_999] },
          field: 'project_ids',
        },
        {
          method: 'PUT',
          url: '/v2/projects/delete',
          body: { project_ids: [ids.empty, other.projectId] },
          field: 'project_ids',
        },
        {
          method: 'POST',
          url: '/v2/project_groups',
          body: { name: 'New', project_ids: [ids.empty, other.projectId] },
          field: 'project_ids',
        },
        { method: 'POST', url: `${g}/add_projects`, body: { project_ids: [ids.empty, 999_999] }, field: 'project_ids' },
        {
          method: 'PUT',
          url: `${g}/remove_projects`,
          body: { project_ids: [ids.project, other.projectId] },
          field: 'project_ids',
        },
        { method: 'PUT', url: `/v2/tags/${ids.tag}/merge`, body: { tag_id: other.tagId }, field: 'tag_id' },
        { method: 'PUT', url: '/v2/tags/delete', body: { tag_ids: [ids.tag, other.tagId] }, field: 'tag_ids' },
      ],
      send,
    });
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
    await expectOddQueriesAnswered({
      lists: [
        '/v2/project_groups',
        `/v2/project_groups/${ids.group}/entries`,
        `/v2/project_groups/${ids.group}/projects`,
        `/v2/projects/${ids.project}/entries`,
        `/v2/projects/${ids.project}/expenses`,
        `/v2/tags/${ids.tag}/entries`,
      ],
      queries: [
        ...ODD_QUERIES,
        '?description=%25%25',
        '?project_ids=1,,2',
        '?billable=true&billable=false',
        "?project_ids=1'%20OR%201=1",
      ],
      get: (url) => client.get(url),
    });
  });

  it('never answers 5xx nor changes anything for arbitrary JSON bodies it refuses', async () => {
    await expectArbitraryJsonRefusedCleanly({
      endpoints: [...writes(), ...actions()],
      send: sendRaw,
      snapshot,
      numRuns: 200,
    });
  });
});
