// Bad input at every endpoint of users, teams and the current user's entries: malformed JSON,
// non-object bodies, wrong types, missing fields, unknown ids and another account's ids, huge
// strings, SQL metacharacters. Always the spec's status and error body, never a 500, and a
// refused request writes nothing (the tables are compared before and after).
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
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
  'accounts',
  'users',
  'personal_tokens',
  'projects',
  'entries',
  'project_access',
  'teams',
  'team_users',
  'oauth_access_tokens',
];

let client: Client;
let reader: DatabaseSync;
let ids: { user: number; project: number; team: number; other: OtherAccount };

const { snapshot, send, sendRaw, sendMalformed } = badInputTeamForEach({
  tables: TABLES,
  seed: async (team) => {
    const { client } = team;
    const user = (await team.member('coworker')).id;
    const project = await createProject(client, { name: 'Main' });
    await createEntry(client, { project_id: project });
    const created = await client.post('/v2/teams', { name: 'Crew', user_ids: [user] });
    return { user, project, team: created.body.id, other: await otherAccount(team) };
  },
  ready: (started) => ({ client, reader, ids } = started),
});

type Kind = 'text' | 'email' | 'enum' | 'ids';

/** Every write endpoint, with a valid base body and the kind of each field it reads. */
function writes(): Write<Kind>[] {
  const user = `/v2/users/${ids.user}`;
  const t = `/v2/teams/${ids.team}`;
  const person: Record<string, Kind> = { email: 'email', first_name: 'text', last_name: 'text', role: 'enum' };
  return [
    { method: 'POST', url: '/v2/users', base: { email: 'fine@example.test' }, fields: person },
    { method: 'PUT', url: user, base: {}, fields: person },
    {
      method: 'PUT',
      url: `${user}/give_access_to_projects`,
      base: { project_ids: [ids.project] },
      fields: { project_ids: 'ids' },
    },
    {
      method: 'PUT',
      url: `${user}/revoke_access_to_projects`,
      base: { project_ids: [ids.project] },
      fields: { project_ids: 'ids' },
    },
    {
      method: 'POST',
      url: '/v2/teams',
      base: { name: 'Fine', user_ids: [ids.user] },
      fields: { name: 'text', user_ids: 'ids' },
    },
    { method: 'PUT', url: t, base: {}, fields: { name: 'text' } },
    { method: 'POST', url: `${t}/add_users`, base: { user_ids: [ids.user] }, fields: { user_ids: 'ids' } },
    { method: 'PUT', url: `${t}/remove_users`, base: { user_ids: [ids.user] }, fields: { user_ids: 'ids' } },
  ];
}

/** Actions without input: they must survive any body too. */
function actions(): Array<{ method: string; url: string }> {
  const user = `/v2/users/${ids.user}`;
  return [
    { method: 'PUT', url: `${user}/activate` },
    { method: 'PUT', url: `${user}/revoke_access_to_all_projects` },
    { method: 'PUT', url: `/v2/teams/${ids.team}/remove_all_users` },
  ];
}

const WRONG: Record<Kind, unknown[]> = {
  text: WRONG_TEXT,
  email: [{ e: 1 }, ['a@b.c'], 1, true, 'no-at-sign', "x' OR 1=1 --", `${HUGE}@x.test`],
  enum: ['nope', 'owner', 1, { e: 1 }, HUGE],
  ids: wrongIds('users'),
};

/** A write (not GET) sends an empty object. */
const emptyUnlessGet = (method: string) => (method === 'GET' ? undefined : {});

describe('bad input at the people endpoints', () => {
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
        { method: 'POST', url: '/v2/users', fields: ['email'] },
        { method: 'PUT', url: `/v2/users/${ids.user}/give_access_to_projects`, fields: ['project_ids'] },
        { method: 'PUT', url: `/v2/users/${ids.user}/revoke_access_to_projects`, fields: ['project_ids'] },
        { method: 'POST', url: '/v2/teams', fields: ['name', 'user_ids'] },
        { method: 'POST', url: `/v2/teams/${ids.team}/add_users`, fields: ['user_ids'] },
        { method: 'PUT', url: `/v2/teams/${ids.team}/remove_users`, fields: ['user_ids'] },
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
          ids: ['999999', 'abc', '-1', '0', '1e3', '99999999999999999999', "1'%20OR%20'1'='1", String(other.userId)],
          routes: (id) => [
            ['GET', `/v2/users/${id}`],
            ['GET', `/v2/users/${id}/entries`],
            ['PUT', `/v2/users/${id}`],
            ['PUT', `/v2/users/${id}/activate`],
            ['PUT', `/v2/users/${id}/deactivate`],
            ['PUT', `/v2/users/${id}/give_access_to_projects`],
            ['PUT', `/v2/users/${id}/revoke_access_to_projects`],
            ['PUT', `/v2/users/${id}/revoke_access_to_all_projects`],
            ['DELETE', `/v2/users/${id}`],
          ],
          body: emptyUnlessGet,
        },
        {
          ids: ['999999', 'abc', '0', String(other.teamId)],
          routes: (id) => [
            ['GET', `/v2/teams/${id}`],
            ['PUT', `/v2/teams/${id}`],
            ['GET', `/v2/teams/${id}/entries`],
            ['GET', `/v2/teams/${id}/users`],
            ['POST', `/v2/teams/${id}/add_users`],
            ['PUT', `/v2/teams/${id}/remove_users`],
            ['PUT', `/v2/teams/${id}/remove_all_users`],
            ['DELETE', `/v2/teams/${id}`],
          ],
          body: emptyUnlessGet,
        },
      ],
      send,
    });
    const user = `/v2/users/${ids.user}`;
    const t = `/v2/teams/${ids.team}`;
    await expectMissingReferencesRefused({
      rows: [
        {
          method: 'PUT',
          url: `${user}/give_access_to_projects`,
          body: { project_ids: [other.projectId] },
          field: 'project_ids',
        },
        {
          method: 'PUT',
          url: `${user}/give_access_to_projects`,
          body: { project_ids: [ids.project, 999_999] },
          field: 'project_ids',
        },
        {
          method: 'PUT',
          url: `${user}/revoke_access_to_projects`,
          body: { project_ids: [999_999] },
          field: 'project_ids',
        },
        {
          method: 'POST',
          url: '/v2/teams',
          body: { name: 'New', user_ids: [ids.user, other.userId] },
          field: 'user_ids',
        },
        { method: 'POST', url: `${t}/add_users`, body: { user_ids: [other.userId] }, field: 'user_ids' },
        { method: 'PUT', url: `${t}/remove_users`, body: { user_ids: [ids.user, 999_999] }, field: 'user_ids' },
      ],
      send,
    });
    expect(snapshot()).toBe(before);
  });

  it('stores SQL metacharacters as text and finds them literally', async () => {
    const evil = 'x\'); DROP TABLE users; -- " % _ \\';
    const user = await client.post('/v2/users', {
      email: "o'brien+%_@example.test",
      first_name: evil,
      last_name: evil,
    });
    expect(user.status).toBe(201);
    expect(user.body).toMatchObject({ email: "o'brien+%_@example.test", first_name: evil });
    const t = await client.post('/v2/teams', { name: evil, user_ids: [user.body.id] });
    expect(t.body.name).toBe(evil);
    const byName = await client.get(`/v2/users?name=${encodeURIComponent("'); DROP")}`);
    expect(byName.body.map((u: { id: number }) => u.id)).toEqual([user.body.id]);
    expect((await client.get(`/v2/users?email=${encodeURIComponent('%_')}`)).body).toHaveLength(1);
    expect((await client.get(`/v2/teams?name=${encodeURIComponent('%')}`)).body).toHaveLength(1);
    for (const table of TABLES) expect(() => reader.prepare(`SELECT 1 FROM ${table}`).all()).not.toThrow();
  });

  it('answers odd query strings at every list with 200 or 400, never 500', async () => {
    await expectOddQueriesAnswered({
      lists: [
        '/v2/users',
        '/v2/teams',
        `/v2/teams/${ids.team}/users`,
        `/v2/teams/${ids.team}/entries`,
        `/v2/users/${ids.user}/entries`,
        '/v2/current_user/entries',
      ],
      queries: [...ODD_QUERIES, '?email=%25%25', '?role=leader&role=coworker', '?user_ids=1,,2', '?state='],
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
