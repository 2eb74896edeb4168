// Teams (spec 001 "Teams"), one test per endpoint row, under /v2/teams and the spec's
// trailing-slash forms.
import { describe, expect, it } from 'vitest';
import { serveTeam } from '../support/people';
import { otherAccount } from '../support/peopleSupport';
import { createEntry } from '../support/support';

const TEAM_KEYS = [
  'id',
  'name',
  'users',
  'url',
  'entries_url',
  'users_url',
  'add_users_url',
  'remove_users_url',
  'remove_all_users_url',
  'created_at',
  'updated_at',
];
const ids = (list: Array<{ id: number }>) => list.map((x) => x.id);

async function setup() {
  const team = await serveTeam();
  const ann = await team.member('leader', { first_name: 'Ann' });
  const bob = await team.member('coworker', { first_name: 'Bob' });
  const cid = await team.member('coworker', { first_name: 'Cid' });
  return { team, client: team.client, ann, bob, cid };
}

describe('teams', () => {
  it('POST /teams/ answers 201 with the Team and a Location to it', async () => {
    const { team, client, ann, bob } = await setup();
    const reply = await client.post('/v2/teams/', { name: 'Design', user_ids: [bob.id, ann.id] });
    expect(reply.status).toBe(201);
    const t = reply.body;
    const url = `${team.service.url}/v2/teams/${t.id}`;
    expect(reply.headers.get('location')).toBe(url);
    expect(Object.keys(t).sort()).toEqual([...TEAM_KEYS].sort());
    expect(t).toMatchObject({
      name: 'Design',
      url,
      entries_url: `${url}/entries`,
      users_url: `${url}/users`,
      add_users_url: `${url}/add_users`,
      remove_users_url: `${url}/remove_users`,
      remove_all_users_url: `${url}/remove_all_users`,
      created_at: '2024-03-04T09:00:00Z',
      updated_at: '2024-03-04T09:00:00Z',
    });
    expect(t.users).toEqual([
      {
        id: ann.id,
        email: ann.email,
        first_name: 'Ann',
        last_name: null,
        profile_image_url: null,
        url: `${team.service.url}/v2/users/${ann.id}`,
      },
      {
        id: bob.id,
        email: bob.email,
        first_name: 'Bob',
        last_name: null,
        profile_image_url: null,
        url: `${team.service.url}/v2/users/${bob.id}`,
      },
    ]);
  });

  it("POST /teams/ accepts the sample body's list name users, and a user may be in several teams", async () => {
    const { client, ann } = await setup();
    expect(ids((await client.post('/v2/teams', { name: 'A', users: [ann.id] })).body.users)).toEqual([ann.id]);
    expect(ids((await client.post('/v2/teams', { name: 'B', users: [ann.id] })).body.users)).toEqual([ann.id]);
    expect((await client.get(`/v2/users/${ann.id}`)).body.teams.map((t: { name: string }) => t.name)).toEqual([
      'A',
      'B',
    ]);
  });

  it('POST /teams/ requires name and user_ids, refuses unknown users and a taken name, and writes nothing', async () => {
    const { team, client, ann } = await setup();
    const other = await otherAccount(team);
    expect((await client.post('/v2/teams', {})).body.errors).toEqual([
      { resource: 'Team', field: 'name', code: 'missing_field' },
      { resource: 'Team', field: 'user_ids', code: 'missing_field' },
    ]);
    expect((await client.post('/v2/teams', { name: 'X', user_ids: [ann.id, 999_999] })).body.errors).toEqual([
      { resource: 'Team', field: 'user_ids', code: 'missing' },
    ]);
    expect((await client.post('/v2/teams', { name: 'X', user_ids: [other.userId] })).body.errors).toEqual([
      { resource: 'Team', field: 'user_ids', code: 'missing' },
    ]);
    expect((await client.post('/v2/teams', { name: 'X', user_ids: 'all' })).body.errors).toEqual([
      { resource: 'Team', field: 'user_ids', code: 'invalid' },
    ]);
    expect((await client.post('/v2/teams', { name: 'Same', user_ids: [] })).status).toBe(201);
    expect((await client.post('/v2/teams', { name: 'SAME', user_ids: [] })).body.errors).toEqual([
      { resource: 'Team', field: 'name', code: 'already_exists' },
    ]);
    expect((await client.get('/v2/teams')).body).toHaveLength(1);
  });

  it('GET /teams/ answers 200 with the teams by name, filtered by name and user_ids', async () => {
    const { client, ann, bob, cid } = await setup();
    const z = (await client.post('/v2/teams', { name: 'Zeta', user_ids: [ann.id] })).body;
    const a = (await client.post('/v2/teams', { name: 'Alpha', user_ids: [bob.id] })).body;
    const m = (await client.post('/v2/teams', { name: 'Mid alpha', user_ids: [bob.id, cid.id] })).body;
    const reply = await client.get('/v2/teams/');
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([a.id, m.id, z.id]);
    expect(ids((await client.get('/v2/teams?name=ALPHA')).body)).toEqual([a.id, m.id]);
    expect(ids((await client.get(`/v2/teams?user_ids=${cid.id},${ann.id}`)).body)).toEqual([m.id, z.id]);
    expect(ids((await client.get(`/v2/teams?name=alpha&user_ids=${cid.id}`)).body)).toEqual([m.id]);
    expect((await client.get('/v2/teams?user_ids=x')).body.errors).toEqual([
      { resource: 'Team', field: 'user_ids', code: 'invalid' },
    ]);
  });

  it('GET /teams/ is paginated', async () => {
    const { client } = await setup();
    for (const name of ['a', 'b', 'c']) await client.post('/v2/teams', { name, user_ids: [] });
    const reply = await client.get('/v2/teams?per_page=2');
    expect(reply.body).toHaveLength(2);
    expect(reply.headers.get('link')).toContain('rel="next"');
  });

  it("GET /teams/:id answers 200 with the Team; 404 for an unknown one or another account's", async () => {
    const { team, client, ann } = await setup();
    const t = (await client.post('/v2/teams', { name: 'T', user_ids: [ann.id] })).body;
    const reply = await client.get(`/v2/teams/${t.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(t);
    const other = await otherAccount(team);
    for (const id of ['999', 'x', String(other.teamId)])
      expect((await client.get(`/v2/teams/${id}`)).status, id).toBe(404);
  });

  it('PUT /teams/:id/ answers 200 with the renamed Team; an absent name changes nothing', async () => {
    const { team, client, ann } = await setup();
    const t = (await client.post('/v2/teams', { name: 'Old', user_ids: [ann.id] })).body;
    team.clock.advance(60_000);
    const reply = await client.put(`/v2/teams/${t.id}/`, { name: 'New' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: 'New', updated_at: '2024-03-04T09:01:00Z' });
    expect((await client.put(`/v2/teams/${t.id}`, {})).body.name).toBe('New');
    expect((await client.put(`/v2/teams/${t.id}`, { name: '' })).body.errors).toEqual([
      { resource: 'Team', field: 'name', code: 'missing_field' },
    ]);
    await client.post('/v2/teams', { name: 'Taken', user_ids: [] });
    expect((await client.put(`/v2/teams/${t.id}`, { name: 'taken' })).body.errors).toEqual([
      { resource: 'Team', field: 'name', code: 'already_exists' },
    ]);
  });

  it("GET /teams/:id/entries answers 200 with the entries of the team's users, with the entry list filters", async () => {
    const { client, ann, bob, cid } = await setup();
    const t = (await client.post('/v2/teams', { name: 'T', user_ids: [ann.id, bob.id] })).body;
    const a = await createEntry(ann.client, { date: '2024-03-01' });
    const b = await createEntry(bob.client, { date: '2024-03-02' });
    await createEntry(cid.client, { date: '2024-03-03' });
    await createEntry(client, { date: '2024-03-03' });
    const reply = await client.get(`/v2/teams/${t.id}/entries`);
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([b.id, a.id]);
    expect(ids((await client.get(`/v2/teams/${t.id}/entries?to=2024-03-01`)).body)).toEqual([a.id]);
    expect(ids((await client.get(`/v2/teams/${t.id}/entries?user_ids=${bob.id},${cid.id}`)).body)).toEqual([b.id]);
    // A coworker in the team sees only their own entries of it.
    expect(ids((await bob.client.get(`/v2/teams/${t.id}/entries`)).body)).toEqual([b.id]);
    expect((await client.get(`/v2/teams/${t.id}/entries?billable=maybe`)).status).toBe(400);
  });

  it("GET /teams/:id/users answers 200 with the team's users in the full User form, with the user list filters", async () => {
    const { client, ann, bob, cid } = await setup();
    const t = (await client.post('/v2/teams', { name: 'T', user_ids: [ann.id, bob.id] })).body;
    const reply = await client.get(`/v2/teams/${t.id}/users`);
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([ann.id, bob.id]);
    expect(reply.body[0]).toMatchObject({
      role: 'leader',
      teams: [{ id: t.id, name: 'T' }],
      activate_url: expect.any(String),
    });
    expect(ids((await client.get(`/v2/teams/${t.id}/users?role=coworker`)).body)).toEqual([bob.id]);
    expect(ids((await client.get(`/v2/teams/${t.id}/users?name=ann`)).body)).toEqual([ann.id]);
    expect(cid.id).toBeGreaterThan(0);
  });

  it("POST /teams/:id/add_users answers 200 with the team's users in the full User form; users already in are ignored", async () => {
    const { client, ann, bob, cid } = await setup();
    const t = (await client.post('/v2/teams', { name: 'T', user_ids: [ann.id] })).body;
    const reply = await client.post(`/v2/teams/${t.id}/add_users`, { user_ids: [cid.id, ann.id, bob.id] });
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([ann.id, bob.id, cid.id]);
    expect(reply.body[0]).toHaveProperty('give_access_to_projects_url');
    expect(ids((await client.get(`/v2/teams/${t.id}`)).body.users)).toEqual([ann.id, bob.id, cid.id]);
    expect((await client.post(`/v2/teams/${t.id}/add_users`, { user_ids: [999_999] })).body.errors).toEqual([
      { resource: 'Team', field: 'user_ids', code: 'missing' },
    ]);
    expect((await client.post(`/v2/teams/${t.id}/add_users`, {})).body.errors).toEqual([
      { resource: 'Team', field: 'user_ids', code: 'missing_field' },
    ]);
  });

  it('PUT /teams/:id/remove_users answers 204; users not in the team are ignored', async () => {
    const { client, ann, bob, cid } = await setup();
    const t = (await client.post('/v2/teams', { name: 'T', user_ids: [ann.id, bob.id] })).body;
    const reply = await client.put(`/v2/teams/${t.id}/remove_users`, { user_ids: [bob.id, cid.id] });
    expect(reply.status).toBe(204);
    expect(ids((await client.get(`/v2/teams/${t.id}`)).body.users)).toEqual([ann.id]);
    expect((await client.get(`/v2/users/${bob.id}`)).status).toBe(200); // the user stays
  });

  it('PUT /teams/:id/remove_all_users answers 204 and leaves the team empty', async () => {
    const { client, ann, bob } = await setup();
    const t = (await client.post('/v2/teams', { name: 'T', user_ids: [ann.id, bob.id] })).body;
    const reply = await client.put(`/v2/teams/${t.id}/remove_all_users`);
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/teams/${t.id}`)).body.users).toEqual([]);
  });

  it('DELETE /teams/:id/ answers 204; the team is gone and its users are kept', async () => {
    const { client, ann } = await setup();
    const t = (await client.post('/v2/teams', { name: 'T', user_ids: [ann.id] })).body;
    const reply = await client.del(`/v2/teams/${t.id}/`);
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/teams/${t.id}`)).status).toBe(404);
    expect((await client.get(`/v2/users/${ann.id}`)).body.teams).toEqual([]);
    expect((await client.del(`/v2/teams/${t.id}`)).status).toBe(404);
  });
});
