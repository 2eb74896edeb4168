// The role matrix of GAPS.md "Roles (decided)" on the project, project group and tag endpoints of
// this step: owner, supervisor and leader manage; coworkers view all; contractors see only the
// projects given them (others answer 404, as missing) and manage nothing (403). Lists of entries
// keep each role's entry scope (coworkers and contractors: their own).
import { describe, expect, it } from 'vitest';
import { serveTeam, type Role } from '../support/people';
import { createEntry, createProject, type Client } from '../support/support';
import { V1 } from '../support/v1Support';

const ROLES: Role[] = ['owner', 'supervisor', 'leader', 'coworker', 'contractor'];

/** One column per role, in the order of ROLES. */
const EXPECTED: Record<string, [number, number, number, number, number]> = {
  //                                                 owner super leader cowork contractor
  'PUT /v2/projects/:id/merge': /*                */ [204, 204, 204, 403, 403],
  'PUT /v2/projects/archive': /*                  */ [204, 204, 204, 403, 403],
  'PUT /v2/projects/unarchive': /*                */ [204, 204, 204, 403, 403],
  'PUT /v2/projects/delete': /*                   */ [204, 204, 204, 403, 403],
  'GET entries of a given project': /*            */ [200, 200, 200, 200, 200],
  'GET entries of a project not given': /*        */ [200, 200, 200, 200, 404],
  'GET expenses of a given project': /*           */ [200, 200, 200, 200, 200],
  'GET expenses of a project not given': /*       */ [200, 200, 200, 200, 404],
  'GET /v2/project_groups': /*                    */ [200, 200, 200, 200, 200],
  'POST /v2/project_groups': /*                   */ [201, 201, 201, 403, 403],
  'GET a group holding a given project': /*       */ [200, 200, 200, 200, 200],
  'GET a group without a given project': /*       */ [200, 200, 200, 200, 404],
  'PUT a group': /*                               */ [200, 200, 200, 403, 403],
  'GET a group entries': /*                       */ [200, 200, 200, 200, 200],
  'GET a group projects': /*                      */ [200, 200, 200, 200, 200],
  'POST a group add_projects': /*                 */ [200, 200, 200, 403, 403],
  'PUT a group remove_projects': /*               */ [204, 204, 204, 403, 403],
  'PUT a group remove_all_projects': /*           */ [204, 204, 204, 403, 403],
  'DELETE a group': /*                            */ [204, 204, 204, 403, 403],
  'PUT /v2/tags/:id': /*                          */ [200, 200, 200, 403, 403],
  'PUT /v2/tags/:id/merge': /*                    */ [204, 204, 204, 403, 403],
  'DELETE /v2/tags/:id': /*                       */ [204, 204, 204, 403, 403],
  'PUT /v2/tags/delete': /*                       */ [204, 204, 204, 403, 403],
  'GET /v2/tags/:id/entries': /*                  */ [200, 200, 200, 200, 200],
};

async function statuses(role: Role): Promise<{ seen: Record<string, number>; lists: Record<string, number[]> }> {
  const team = await serveTeam();
  const owner = team.client;
  const given = await createProject(owner, { name: 'Given' });
  const notGiven = await createProject(owner, { name: 'Not given' });
  const actor = role === 'owner' ? { id: team.service.ownerId, client: owner } : await team.member(role);
  await owner.put(`/v2/users/${actor.id}/give_access_to_projects`, { project_ids: [given] });
  const other = await team.member('coworker');
  await owner.put(`/v2/users/${other.id}/give_access_to_projects`, { project_ids: [given] });
  await owner.post('/v2/tags', { names: ['shared'] }); // coworkers and contractors may not create tags
  const mine = await createEntry(actor.client, { project_id: given, description: '#shared' });
  const theirs = await createEntry(other.client, { project_id: given, description: '#shared' });
  const c: Client = actor.client;
  let n = 0;
  const unique = () => `n${++n}`;
  const used = async () => {
    const id = await createProject(owner, { name: `Used ${unique()}` });
    await createEntry(owner, { project_id: id });
    return id;
  };
  // Groups the actions act on hold the given project, so that contractors see them (and get 403).
  const group = async (projectIds: number[]) =>
    (await owner.post('/v2/project_groups', { name: `G ${unique()}`, project_ids: projectIds })).body.id;
  // Tags the actions act on are used in the given project, so that contractors see them (and get 403).
  const tag = async () => {
    const name = `t${unique()}`;
    await createEntry(owner, { project_id: given, description: `#${name}` });
    return (await owner.get(`/v2/tags?name=${name}&per_page=1000`)).body.find((t: any) => t.name === name).id;
  };
  const grouped = await group([given]);
  const elsewhere = await group([notGiven]);
  const shared = (await owner.get('/v2/tags?name=shared')).body[0].id;

  const actions: Record<string, () => Promise<{ status: number; body?: any }>> = {
    'PUT /v2/projects/:id/merge': async () =>
      c.put(`/v2/projects/${given}/merge`, { project_id: await createProject(owner, { name: `M ${unique()}` }) }),
    'PUT /v2/projects/archive': async () => c.put('/v2/projects/archive', { project_ids: [await used()] }),
    'PUT /v2/projects/unarchive': async () => c.put('/v2/projects/unarchive', { project_ids: [await used()] }),
    'PUT /v2/projects/delete': async () =>
      c.put('/v2/projects/delete', { project_ids: [await createProject(owner, { name: `D ${unique()}` })] }),
    'GET entries of a given project': () => c.get(`/v2/projects/${given}/entries`),
    'GET entries of a project not given': () => c.get(`/v2/projects/${notGiven}/entries`),
    'GET expenses of a given project': () => c.get(`/v2/projects/${given}/expenses`),
    'GET expenses of a project not given': () => c.get(`/v2/projects/${notGiven}/expenses`),
    'GET /v2/project_groups': () => c.get('/v2/project_groups'),
    'POST /v2/project_groups': () => c.post('/v2/project_groups', { name: 'Mine', project_ids: [given] }),
    'GET a group holding a given project': () => c.get(`/v2/project_groups/${grouped}`),
    'GET a group without a given project': () => c.get(`/v2/project_groups/${elsewhere}`),
    'PUT a group': () => c.put(`/v2/project_groups/${grouped}`, { name: `R ${unique()}` }),
    'GET a group entries': () => c.get(`/v2/project_groups/${grouped}/entries`),
    'GET a group projects': () => c.get(`/v2/project_groups/${grouped}/projects`),
    'POST a group add_projects': async () =>
      c.post(`/v2/project_groups/${await group([given])}/add_projects`, { project_ids: [given] }),
    'PUT a group remove_projects': async () =>
      c.put(`/v2/project_groups/${await group([given])}/remove_projects`, { project_ids: [given] }),
    'PUT a group remove_all_projects': async () =>
      c.put(`/v2/project_groups/${await group([given])}/remove_all_projects`),
    'DELETE a group': async () => c.del(`/v2/project_groups/${await group([given])}`),
    'PUT /v2/tags/:id': async () => c.put(`/v2/tags/${await tag()}`, { name: `renamed${unique()}` }),
    'PUT /v2/tags/:id/merge': async () => c.put(`/v2/tags/${await tag()}/merge`, { tag_id: await tag() }),
    'DELETE /v2/tags/:id': async () => c.del(`/v2/tags/${await tag()}`),
    'PUT /v2/tags/delete': async () => c.put('/v2/tags/delete', { tag_ids: [await tag()] }),
    'GET /v2/tags/:id/entries': () => c.get(`/v2/tags/${shared}/entries`),
  };
  const seen: Record<string, number> = {};
  const lists: Record<string, number[]> = {};
  for (const [name, act] of Object.entries(actions)) {
    const reply = await act();
    seen[name] = reply.status;
    if (name.includes('entries') && reply.status === 200) lists[name] = reply.body.map((e: any) => e.id).sort();
  }
  // Whose entries each list shows, for the lists of the given project's entries.
  const everyone = [mine.id, theirs.id].sort();
  expect(lists['GET entries of a given project'], role).toEqual(
    role === 'coworker' || role === 'contractor' ? [mine.id] : everyone,
  );
  expect(lists['GET /v2/tags/:id/entries'], role).toEqual(
    role === 'coworker' || role === 'contractor' ? [mine.id] : everyone,
  );
  return { seen, lists };
}

describe('project, group and tag roles', () => {
  it.each(ROLES)('%s: every action answers as GAPS.md "Roles" decides', async (role) => {
    const column = ROLES.indexOf(role);
    const expected = Object.fromEntries(Object.entries(EXPECTED).map(([name, row]) => [name, row[column]]));
    expect((await statuses(role)).seen).toEqual(expected);
  });

  it('one tag rule for v2 and v1: a contractor sees only the tags of entries in the projects given it, other roles every tag', async () => {
    const team = await serveTeam();
    const owner = team.client;
    const [given, notGiven] = [
      await createProject(owner, { name: 'Given' }),
      await createProject(owner, { name: 'Not given' }),
    ];
    await createEntry(owner, { project_id: given, description: 'work #design' });
    await createEntry(owner, { project_id: notGiven, description: 'work #secret' });
    await owner.post('/v2/tags', { names: ['unused'] });
    const contractor = await team.member('contractor');
    const coworker = await team.member('coworker');
    await owner.put(`/v2/users/${contractor.id}/give_access_to_projects`, { project_ids: [given] });
    const ids = Object.fromEntries((await owner.get('/v2/tags')).body.map((t: any) => [t.name, t.id]));

    const names = async (client: Client) => ({
      v2: (await client.get('/v2/tags')).body.map((t: any) => t.name),
      v1: (await V1.of(client).json('GET', '/api/tags.json')).body.map((w: any) => w.tag.name),
    });
    expect(await names(contractor.client)).toEqual({ v2: ['design'], v1: ['design'] });
    expect(await names(coworker.client)).toEqual({
      v2: ['design', 'secret', 'unused'],
      v1: ['design', 'secret', 'unused'],
    });
    const page = await contractor.client.get('/v2/tags?per_page=1');
    expect(page.headers.get('link') ?? '').not.toMatch(/rel="next"/);
    // What a contractor does not see does not exist for it (404); what it sees but may not change, 403.
    expect((await contractor.client.get(`/v2/tags/${ids.design}`)).status).toBe(200);
    for (const hidden of [ids.secret, ids.unused]) {
      expect((await contractor.client.get(`/v2/tags/${hidden}`)).status).toBe(404);
      expect((await contractor.client.get(`/v2/tags/${hidden}/entries`)).status).toBe(404);
      expect((await contractor.client.put(`/v2/tags/${hidden}`, { name: 'renamed' })).status).toBe(404);
    }
    expect((await contractor.client.put(`/v2/tags/${ids.design}`, { name: 'renamed' })).status).toBe(403);
    expect((await coworker.client.get(`/v2/tags/${ids.unused}`)).status).toBe(200);
    // Access taken back takes the project's tags with it.
    await owner.put(`/v2/users/${contractor.id}/revoke_access_to_projects`, { project_ids: [given] });
    expect(await names(contractor.client)).toEqual({ v2: [], v1: [] });
  });

  it('shows a contractor only the groups holding a project given it, with only those projects', async () => {
    const team = await serveTeam();
    const owner = team.client;
    const [given, notGiven] = [
      await createProject(owner, { name: 'Given' }),
      await createProject(owner, { name: 'Not given' }),
    ];
    const contractor = await team.member('contractor');
    await owner.put(`/v2/users/${contractor.id}/give_access_to_projects`, { project_ids: [given] });
    const mixed = (await owner.post('/v2/project_groups', { name: 'Mixed', project_ids: [given, notGiven] })).body;
    await owner.post('/v2/project_groups', {
      name: 'Hidden',
      project_ids: [await createProject(owner, { name: 'Elsewhere' })],
    });
    const list = (await contractor.client.get('/v2/project_groups')).body;
    expect(list.map((g: any) => g.id)).toEqual([mixed.id]);
    expect(list[0].projects.map((p: any) => p.id)).toEqual([given]);
    expect((await contractor.client.get(`/v2/project_groups/${mixed.id}/projects`)).body.map((p: any) => p.id)).toEqual(
      [given],
    );
  });
});
