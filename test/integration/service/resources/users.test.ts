// Users (GAPS.md "Projects and users": GET/POST /v2/users, GET/PUT /v2/users/:id and its actions;
// the full User form of spec 001, its project-access links in both spellings), one describe per endpoint row.
import { describe, expect, it } from 'vitest';
import { value } from '../../../support/sqliteFile';
import { serveTeam } from '../support/people';
import { otherAccount, PERSON_KEYS, withDb } from '../support/peopleSupport';
import { createEntry, createProject } from '../support/support';

const USER_KEYS = [
  ...PERSON_KEYS,
  'teams',
  'give_access_to_project_url',
  'give_access_to_projects_url',
  'revoke_access_to_project_url',
  'revoke_access_to_projects_url',
  'revoke_access_to_all_projects_url',
  'activate_url',
  'deactivate_url',
];

const ids = (list: Array<{ id: number }>) => list.map((x) => x.id);

describe('GET /v2/users', () => {
  it('GET /v2/users answers 200 with every user of the account in the full User form, oldest first', async () => {
    const team = await serveTeam();
    const { service, client } = team;
    const cora = await team.member('coworker', { first_name: 'Cora', last_name: 'Kim' });
    const reply = await client.get('/v2/users');
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([service.ownerId, cora.id]);
    const u = reply.body[1];
    expect(Object.keys(u).sort()).toEqual([...USER_KEYS].sort());
    const url = `${service.url}/v2/users/${cora.id}`;
    expect(u).toMatchObject({
      id: cora.id,
      email: cora.email,
      first_name: 'Cora',
      last_name: 'Kim',
      profile_image_url: null,
      url,
      state: 'active',
      role: 'coworker',
      teams: [],
      entries: 0,
      entries_url: `${url}/entries`,
      expenses: 0,
      expenses_url: `${url}/expenses`,
      // The spec's singular names and the real service's plural ones (GAPS.md), the same links.
      give_access_to_project_url: `${url}/give_access_to_projects`,
      give_access_to_projects_url: `${url}/give_access_to_projects`,
      revoke_access_to_project_url: `${url}/revoke_access_to_projects`,
      revoke_access_to_projects_url: `${url}/revoke_access_to_projects`,
      revoke_access_to_all_projects_url: `${url}/revoke_access_to_all_projects`,
      activate_url: `${url}/activate`,
      deactivate_url: `${url}/deactivate`,
    });
    expect(reply.body[0]).toMatchObject({ role: 'owner', email: 'me@stint.local' });
  });

  it('filters by name, email, role and state, combined', async () => {
    const team = await serveTeam();
    const ann = await team.member('leader', { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.test' });
    const bob = await team.member('coworker', { first_name: 'Bob', last_name: 'Annan', email: 'bob@work.test' });
    const cid = await team.member('contractor', { first_name: 'Cid', email: 'cid@work.test' });
    await team.client.put(`/v2/users/${cid.id}/deactivate`);
    const list = async (query: string) => ids((await team.client.get(`/v2/users?${query}`)).body);
    expect(await list('name=ann')).toEqual([ann.id, bob.id]); // first or last name, any case
    expect(await list(`name=${encodeURIComponent('Ann Lee')}`)).toEqual([ann.id]);
    expect(await list('email=work.test')).toEqual([bob.id, cid.id]);
    expect(await list('role=coworker')).toEqual([bob.id]);
    expect(await list('role=owner')).toEqual([team.service.ownerId]);
    expect(await list('state=disabled')).toEqual([cid.id]);
    expect(await list('email=work.test&state=active')).toEqual([bob.id]);
    expect(await list('name=%25')).toEqual([]); // % is text, not a wildcard
  });

  it('is paginated with a Link header', async () => {
    const team = await serveTeam();
    for (let i = 0; i < 4; i++) await team.member('coworker');
    const reply = await team.client.get('/v2/users?per_page=2&page=2');
    expect(reply.body).toHaveLength(2);
    expect(reply.headers.get('link')).toContain('rel="next"');
    expect(reply.headers.get('link')).toContain('rel="prev"');
  });

  it('refuses filters of the wrong value with 400 naming each', async () => {
    const { client } = await serveTeam();
    const reply = await client.get('/v2/users?role=admin&state=gone');
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { resource: 'User', field: 'role', code: 'invalid' },
      { resource: 'User', field: 'state', code: 'invalid' },
    ]);
  });

  it('shows a contractor only themselves', async () => {
    const team = await serveTeam();
    await team.member('coworker');
    const carl = await team.member('contractor');
    expect(ids((await carl.client.get('/v2/users')).body)).toEqual([carl.id]);
  });
});

describe('GET /v2/users/:id', () => {
  it('GET /v2/users/:id answers 200 with the full User, its teams and its entry count', async () => {
    const team = await serveTeam();
    const lee = await team.member('leader');
    await createEntry(lee.client, {});
    const created = await team.client.post('/v2/teams', { name: 'Design', user_ids: [lee.id] });
    const reply = await team.client.get(`/v2/users/${lee.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: lee.id,
      role: 'leader',
      entries: 1,
      teams: [{ id: created.body.id, name: 'Design', url: created.body.url }],
    });
  });

  it('answers 404 for an unknown id and for a user of another account', async () => {
    const team = await serveTeam();
    const other = await otherAccount(team);
    for (const id of ['999', 'abc', '0', String(other.userId)])
      expect((await team.client.get(`/v2/users/${id}`)).status, id).toBe(404);
  });
});

describe('GET /v2/users/:id/entries', () => {
  it("GET /v2/users/:id/entries answers 200 with that user's entries, with the entry list filters", async () => {
    const team = await serveTeam();
    const lee = await team.member('leader');
    await createEntry(team.client, { date: '2024-03-01' });
    const early = await createEntry(lee.client, { date: '2024-02-01' });
    const late = await createEntry(lee.client, { date: '2024-03-02', description: '#late' });
    expect(ids((await team.client.get(`/v2/users/${lee.id}/entries`)).body)).toEqual([late.id, early.id]);
    expect(ids((await team.client.get(`/v2/users/${lee.id}/entries?from=2024-03-01`)).body)).toEqual([late.id]);
    // user_ids cannot widen the list beyond the path's user.
    expect(ids((await team.client.get(`/v2/users/${lee.id}/entries?user_ids=${team.service.ownerId}`)).body)).toEqual(
      [],
    );
    expect((await team.client.get(`/v2/users/${lee.id}/entries?from=yesterday`)).status).toBe(400);
  });

  it("answers 403 to a coworker asking for another user's entries, 200 for their own", async () => {
    const team = await serveTeam();
    const cora = await team.member('coworker');
    await createEntry(cora.client, {});
    expect((await cora.client.get(`/v2/users/${team.service.ownerId}/entries`)).status).toBe(403);
    expect((await cora.client.get(`/v2/users/${cora.id}/entries`)).body).toHaveLength(1);
  });
});

describe('POST /v2/users', () => {
  it('POST /v2/users answers 201 with the new active user, role leader by default, and a Location to it', async () => {
    const team = await serveTeam();
    const reply = await team.client.post('/v2/users', {
      email: 'new@example.test',
      first_name: 'Nia',
      last_name: 'Ode',
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('location')).toBe(`${team.service.url}/v2/users/${reply.body.id}`);
    expect(Object.keys(reply.body).sort()).toEqual([...USER_KEYS].sort());
    expect(reply.body).toMatchObject({
      email: 'new@example.test',
      first_name: 'Nia',
      last_name: 'Ode',
      role: 'leader',
      state: 'active',
      created_at: '2024-03-04T09:00:00Z',
    });
    expect((await team.client.get(`/v2/users/${reply.body.id}`)).body).toEqual(reply.body);
    expect((await team.client.post('/v2/users', { email: 'c@example.test', role: 'contractor' })).body.role).toBe(
      'contractor',
    );
  });

  it('requires an e-mail address and refuses a role it cannot give', async () => {
    const { client } = await serveTeam();
    expect((await client.post('/v2/users', {})).body.errors).toEqual([
      { resource: 'User', field: 'email', code: 'missing_field' },
    ]);
    for (const email of ['nobody', 'a b@c.d', '@x', 'x@', 42, ['a@b.c'], `${'a'.repeat(250)}@b.test`]) {
      const reply = await client.post('/v2/users', { email });
      expect(reply.status, JSON.stringify(email)).toBe(400);
      expect(reply.body.errors, JSON.stringify(email)).toEqual([{ resource: 'User', field: 'email', code: 'invalid' }]);
    }
    for (const role of ['owner', 'admin', 1]) {
      expect((await client.post('/v2/users', { email: 'r@example.test', role })).body.errors, String(role)).toEqual([
        { resource: 'User', field: 'role', code: 'invalid' },
      ]);
    }
    expect((await client.get('/v2/users')).body).toHaveLength(1);
  });

  it('refuses an e-mail address in use with code already_exists, whatever its case', async () => {
    const team = await serveTeam();
    const lee = await team.member('leader', { email: 'lee@example.test' });
    const other = await otherAccount(team);
    for (const email of ['LEE@example.test', 'me@stint.local', other.email]) {
      const reply = await team.client.post('/v2/users', { email });
      expect(reply.status, email).toBe(400);
      expect(reply.body.errors, email).toEqual([{ resource: 'User', field: 'email', code: 'already_exists' }]);
    }
    expect(lee.id).toBeGreaterThan(0);
  });

  it('refuses the e-mail address of a deactivated user with code deactivated', async () => {
    const team = await serveTeam();
    const gone = await team.member('coworker', { email: 'gone@example.test' });
    await team.client.put(`/v2/users/${gone.id}/deactivate`);
    const reply = await team.client.post('/v2/users', { email: 'gone@example.test' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ resource: 'User', field: 'email', code: 'deactivated' }]);
  });

  it("refuses a user past the account's user limit with code reached_user_limit; deactivated users do not count", async () => {
    const team = await serveTeam({ userLimit: 2 });
    const first = await team.client.post('/v2/users', { email: 'one@example.test' });
    expect(first.status).toBe(201);
    const refused = await team.client.post('/v2/users', { email: 'two@example.test' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ resource: 'User', field: 'base', code: 'reached_user_limit' }]);
    expect((await team.client.get('/v2/users')).body).toHaveLength(2);
    await team.client.put(`/v2/users/${first.body.id}/deactivate`);
    expect((await team.client.post('/v2/users', { email: 'two@example.test' })).status).toBe(201);
  });

  it('has no user limit by default', async () => {
    const { client } = await serveTeam();
    for (let i = 0; i < 5; i++)
      expect((await client.post('/v2/users', { email: `u${i}@example.test` })).status).toBe(201);
  });
});

describe('PUT /v2/users/:id', () => {
  it('PUT /v2/users/:id answers 200 with the changed user and keeps what was not sent', async () => {
    const team = await serveTeam();
    const lee = await team.member('leader', { first_name: 'Lee', last_name: 'Old' });
    team.clock.advance(60_000);
    const reply = await team.client.put(`/v2/users/${lee.id}`, {
      email: 'lee.new@example.test',
      last_name: 'New',
      role: 'coworker',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      email: 'lee.new@example.test',
      first_name: 'Lee',
      last_name: 'New',
      role: 'coworker',
      updated_at: '2024-03-04T09:01:00Z',
    });
    expect((await lee.client.get('/v2/current_user')).body.role).toBe('coworker'); // the new role applies at once
    expect((await team.client.put(`/v2/users/${lee.id}`, { first_name: '' })).body.first_name).toBeNull();
  });

  it('refuses to change a deactivated user with code deactivated', async () => {
    const team = await serveTeam();
    const gone = await team.member('coworker');
    await team.client.put(`/v2/users/${gone.id}/deactivate`);
    const reply = await team.client.put(`/v2/users/${gone.id}`, { first_name: 'Back' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ resource: 'User', field: 'base', code: 'deactivated' }]);
  });

  it("refuses a change of one's own role with code authenticated_user, and lets names change", async () => {
    const team = await serveTeam();
    const sue = await team.member('supervisor');
    const reply = await sue.client.put(`/v2/users/${sue.id}`, { role: 'leader' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ resource: 'User', field: 'role', code: 'authenticated_user' }]);
    expect((await team.client.put(`/v2/users/${team.service.ownerId}`, { role: 'leader' })).body.errors[0].code).toBe(
      'authenticated_user',
    );
    expect((await sue.client.put(`/v2/users/${sue.id}`, { first_name: 'Sue', role: 'supervisor' })).status).toBe(200);
  });

  it('refuses an e-mail address another user has, or the owner role', async () => {
    const team = await serveTeam();
    const lee = await team.member('leader');
    expect((await team.client.put(`/v2/users/${lee.id}`, { email: 'ME@stint.local' })).body.errors).toEqual([
      { resource: 'User', field: 'email', code: 'already_exists' },
    ]);
    expect((await team.client.put(`/v2/users/${lee.id}`, { role: 'owner' })).body.errors).toEqual([
      { resource: 'User', field: 'role', code: 'invalid' },
    ]);
    expect((await team.client.put(`/v2/users/${lee.id}`, { email: null })).body.errors).toEqual([
      { resource: 'User', field: 'email', code: 'missing_field' },
    ]);
    expect((await team.client.put(`/v2/users/${lee.id}`, { email: lee.email.toUpperCase() })).status).toBe(200); // their own address
  });

  it('lets only the owner change the owner', async () => {
    const team = await serveTeam();
    const sue = await team.member('supervisor');
    expect((await sue.client.put(`/v2/users/${team.service.ownerId}`, { first_name: 'X' })).status).toBe(403);
    expect((await team.client.put(`/v2/users/${team.service.ownerId}`, { first_name: 'Ada' })).body.first_name).toBe(
      'Ada',
    );
  });
});

describe('PUT /v2/users/:id/activate and /deactivate', () => {
  it('PUT /v2/users/:id/deactivate answers 204, disables the user and their tokens stop working', async () => {
    const team = await serveTeam();
    const cora = await team.member('coworker');
    expect((await cora.client.get('/v2/current_user')).status).toBe(200);
    const reply = await team.client.put(`/v2/users/${cora.id}/deactivate`);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect((await team.client.get(`/v2/users/${cora.id}`)).body.state).toBe('disabled');
    expect((await cora.client.get('/v2/current_user')).status).toBe(401);
    expect((await team.client.put(`/v2/users/${cora.id}/deactivate`)).status).toBe(204); // again: unchanged
  });

  it('PUT /v2/users/:id/activate answers 204 and the user works again', async () => {
    const team = await serveTeam();
    const cora = await team.member('coworker');
    await team.client.put(`/v2/users/${cora.id}/deactivate`);
    expect((await team.client.put(`/v2/users/${cora.id}/activate`)).status).toBe(204);
    expect((await team.client.get(`/v2/users/${cora.id}`)).body.state).toBe('active');
    expect((await cora.client.get('/v2/current_user')).status).toBe(200);
    expect((await team.client.put(`/v2/users/${cora.id}/activate`)).status).toBe(204); // again: unchanged
  });

  it('activates no one past the user limit (reached_user_limit)', async () => {
    const team = await serveTeam({ userLimit: 2 });
    const a = await team.member('coworker');
    await team.client.put(`/v2/users/${a.id}/deactivate`);
    await team.client.post('/v2/users', { email: 'fills@example.test' });
    const reply = await team.client.put(`/v2/users/${a.id}/activate`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ resource: 'User', field: 'base', code: 'reached_user_limit' }]);
    expect((await team.client.get(`/v2/users/${a.id}`)).body.state).toBe('disabled');
  });

  it('lets no one deactivate themselves (authenticated_user) and only the owner deactivate anyone', async () => {
    const team = await serveTeam();
    const sue = await team.member('supervisor');
    const cora = await team.member('coworker');
    expect((await team.client.put(`/v2/users/${team.service.ownerId}/deactivate`)).body.errors).toEqual([
      { resource: 'User', field: 'base', code: 'authenticated_user' },
    ]);
    expect((await sue.client.put(`/v2/users/${cora.id}/deactivate`)).status).toBe(403);
    expect((await team.client.get(`/v2/users/${cora.id}`)).body.state).toBe('active');
  });

  it('only the owner reactivates a user the owner deactivated: a supervisor gets 403 and the user stays deactivated', async () => {
    const team = await serveTeam();
    const sue = await team.member('supervisor');
    const cora = await team.member('coworker');
    await team.client.put(`/v2/users/${cora.id}/deactivate`);
    const refused = await sue.client.put(`/v2/users/${cora.id}/activate`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: expect.stringMatching(/only the owner/) });
    expect((await team.client.get(`/v2/users/${cora.id}`)).body.state).toBe('disabled');
    expect((await cora.client.get('/v2/current_user')).status).toBe(401);
    // Activating an active user changes nothing, so a supervisor may ask; the owner reactivates.
    expect((await sue.client.put(`/v2/users/${sue.id}/activate`)).status).toBe(204);
    expect((await team.client.put(`/v2/users/${cora.id}/activate`)).status).toBe(204);
    expect((await team.client.get(`/v2/users/${cora.id}`)).body.state).toBe('active');
  });
});

describe('project access', () => {
  it('PUT /v2/users/:id/give_access_to_projects answers 204 and the contractor sees and logs in those projects only', async () => {
    const team = await serveTeam();
    const given = await createProject(team.client, { name: 'Given' });
    const other = await createProject(team.client, { name: 'Other' });
    const carl = await team.member('contractor');
    expect((await carl.client.get('/v2/projects')).body).toEqual([]);
    const reply = await team.client.put(`/v2/users/${carl.id}/give_access_to_projects`, { project_ids: [given] });
    expect(reply.status).toBe(204);
    expect(ids((await carl.client.get('/v2/projects')).body)).toEqual([given]);
    expect((await carl.client.post('/v2/entries', { date: '2024-03-01', minutes: 15, project_id: given })).status).toBe(
      201,
    );
    expect(
      (await carl.client.post('/v2/entries', { date: '2024-03-01', minutes: 15, project_id: other })).body.errors,
    ).toEqual([{ resource: 'Entry', field: 'project_id', code: 'missing' }]);
    // Giving again, or with duplicates, changes nothing.
    expect(
      (await team.client.put(`/v2/users/${carl.id}/give_access_to_projects`, { project_ids: [given, given] })).status,
    ).toBe(204);
  });

  it("PUT /v2/users/:id/revoke_access_to_projects answers 204 and the project and its entries leave the contractor's view", async () => {
    const team = await serveTeam();
    const a = await createProject(team.client, { name: 'A' });
    const b = await createProject(team.client, { name: 'B' });
    const carl = await team.member('contractor');
    await team.client.put(`/v2/users/${carl.id}/give_access_to_projects`, { project_ids: [a, b] });
    const entry = await createEntry(carl.client, { project_id: a });
    const reply = await team.client.put(`/v2/users/${carl.id}/revoke_access_to_projects`, { project_ids: [a] });
    expect(reply.status).toBe(204);
    expect(ids((await carl.client.get('/v2/projects')).body)).toEqual([b]);
    expect((await carl.client.get(`/v2/entries/${entry.id}`)).status).toBe(404);
    expect((await carl.client.get('/v2/entries')).body).toEqual([]);
    expect((await team.client.get(`/v2/entries/${entry.id}`)).status).toBe(200); // the entry itself stays
  });

  it('PUT /v2/users/:id/revoke_access_to_all_projects answers 204 and leaves the contractor no project', async () => {
    const team = await serveTeam();
    const a = await createProject(team.client, { name: 'A' });
    const carl = await team.member('contractor');
    await team.client.put(`/v2/users/${carl.id}/give_access_to_projects`, { project_ids: [a] });
    expect((await team.client.put(`/v2/users/${carl.id}/revoke_access_to_all_projects`)).status).toBe(204);
    expect((await carl.client.get('/v2/projects')).body).toEqual([]);
    expect((await carl.client.put(`/v2/projects/${a}/timer/start`)).status).toBe(404);
  });

  it('refuses project_ids that are missing, of the wrong type or name no project of the account, giving nothing', async () => {
    const team = await serveTeam();
    const a = await createProject(team.client, { name: 'A' });
    const carl = await team.member('contractor');
    const other = await otherAccount(team);
    const url = `/v2/users/${carl.id}/give_access_to_projects`;
    expect((await team.client.put(url, {})).body.errors).toEqual([
      { resource: 'User', field: 'project_ids', code: 'missing_field' },
    ]);
    for (const project_ids of ['1', [0], ['1'], [1.5], { a: 1 }]) {
      expect((await team.client.put(url, { project_ids })).body.errors, JSON.stringify(project_ids)).toEqual([
        { resource: 'User', field: 'project_ids', code: 'invalid' },
      ]);
    }
    for (const project_ids of [[a, 999_999], [other.projectId]]) {
      expect((await team.client.put(url, { project_ids })).body.errors).toEqual([
        { resource: 'User', field: 'project_ids', code: 'missing' },
      ]);
    }
    expect((await carl.client.get('/v2/projects')).body).toEqual([]);
  });
});

describe('DELETE /v2/users/:id', () => {
  it('DELETE /v2/users/:id answers 204 for a user without records, who is gone with their tokens and team places', async () => {
    const team = await serveTeam();
    const cora = await team.member('coworker');
    await team.client.post('/v2/teams', { name: 'T', user_ids: [cora.id] });
    const reply = await team.client.del(`/v2/users/${cora.id}`);
    expect(reply.status).toBe(204);
    expect((await team.client.get(`/v2/users/${cora.id}`)).status).toBe(404);
    expect((await cora.client.get('/v2/current_user')).status).toBe(401);
    expect((await team.client.get('/v2/teams')).body[0].users).toEqual([]);
  });

  it('refuses a user with entries (not_deletable), themselves (authenticated_user), and anyone but the owner (403)', async () => {
    const team = await serveTeam();
    const lee = await team.member('leader');
    const sue = await team.member('supervisor');
    const cora = await team.member('coworker');
    await createEntry(lee.client, {});
    expect((await team.client.del(`/v2/users/${lee.id}`)).body.errors).toEqual([
      { resource: 'User', field: 'base', code: 'not_deletable' },
    ]);
    expect((await team.client.del(`/v2/users/${team.service.ownerId}`)).body.errors).toEqual([
      { resource: 'User', field: 'base', code: 'authenticated_user' },
    ]);
    expect((await sue.client.del(`/v2/users/${cora.id}`)).status).toBe(403);
    expect((await team.client.get('/v2/users')).body).toHaveLength(4);
  });

  it("gives a deleted user's id to nobody's old token", async () => {
    const team = await serveTeam();
    const old = await team.member('coworker');
    expect((await old.client.get('/v2/current_user')).status).toBe(200); // its token is now cached
    await team.client.del(`/v2/users/${old.id}`);
    const next = await team.client.post('/v2/users', { email: 'next@example.test' });
    // The freed id is not given again (idsNeverReused.test.ts); the old token must lead nowhere either way.
    withDb(team, (db) => expect(value(db, 'SELECT COUNT(*) FROM personal_tokens')).toBe(1));
    expect((await old.client.get('/v2/current_user')).status).toBe(401);
    expect(next.status).toBe(201);
  });
});
