// The role matrix of GAPS.md "Roles (decided)": each role against representative actions on
// entries, timers, projects, tags, users, teams and the current user. What a role may not see
// answers 404 (as missing); what it sees but may not do, or an endpoint it may not use, 403;
// creating a project or tag through an entry it may not create answers 400 with
// cannot_create_projects / cannot_create_tags (spec 001 error table).
import { describe, expect, it } from 'vitest';
import { serveTeam, type Role } from '../support/people';
import { createEntry, createProject, type Client } from '../support/support';

const ROLES: Role[] = ['owner', 'supervisor', 'leader', 'coworker', 'contractor'];

/** One column per role, in the order of ROLES. */
const EXPECTED: Record<string, [number, number, number, number, number]> = {
  //                                              owner super leader cowork contractor
  'GET /v2/entries': /*                        */ [200, 200, 200, 200, 200],
  "GET another user's entry": /*               */ [200, 200, 200, 404, 404],
  "PUT another user's entry": /*               */ [200, 200, 403, 404, 404],
  "DELETE another user's entry": /*            */ [204, 204, 403, 404, 404],
  'PUT own entry': /*                          */ [200, 200, 200, 200, 200],
  'DELETE own entry': /*                       */ [204, 204, 204, 204, 204],
  'POST entry for another user': /*            */ [201, 201, 403, 403, 400],
  'POST entry in a given project': /*          */ [201, 201, 201, 201, 201],
  'POST entry in a project not given': /*      */ [201, 201, 201, 201, 400],
  'POST entry without project': /*             */ [201, 201, 201, 201, 403],
  'POST entry creating a project': /*          */ [201, 201, 201, 400, 400],
  'POST entry creating a tag': /*              */ [201, 201, 201, 400, 400],
  'POST entry with an existing tag': /*        */ [201, 201, 201, 201, 201],
  'PUT timer start in a project not given': /* */ [200, 200, 200, 200, 404],
  'PUT timer start in a given project': /*     */ [200, 200, 200, 200, 200],
  'PUT timer with a new tag': /*               */ [200, 200, 200, 400, 400],
  'GET /v2/projects': /*                       */ [200, 200, 200, 200, 200],
  'GET a project not given': /*                */ [200, 200, 200, 200, 404],
  'GET a given project': /*                    */ [200, 200, 200, 200, 200],
  'POST /v2/projects': /*                      */ [201, 201, 201, 403, 403],
  'PUT a given project': /*                    */ [200, 200, 200, 403, 403],
  'GET /v2/tags': /*                           */ [200, 200, 200, 200, 200],
  'POST /v2/tags': /*                          */ [201, 201, 201, 403, 403],
  'GET /v2/users': /*                          */ [200, 200, 200, 200, 200],
  'GET another user': /*                       */ [200, 200, 200, 200, 404],
  'GET oneself': /*                            */ [200, 200, 200, 200, 200],
  "GET another user's entries": /*             */ [200, 200, 200, 403, 404],
  'POST /v2/users': /*                         */ [201, 201, 403, 403, 403],
  'PUT another user': /*                       */ [200, 200, 403, 403, 404],
  'PUT another user activate': /*              */ [204, 204, 403, 403, 404],
  'PUT another user deactivate': /*            */ [204, 403, 403, 403, 404],
  'PUT another user give_access_to_projects': [204, 204, 403, 403, 404],
  'DELETE another user': /*                    */ [204, 403, 403, 403, 404],
  'GET /v2/teams': /*                          */ [200, 200, 200, 200, 403],
  'GET a team': /*                             */ [200, 200, 200, 200, 403],
  'POST /v2/teams': /*                         */ [201, 201, 403, 403, 403],
  'PUT a team': /*                             */ [200, 200, 403, 403, 403],
  'POST a team add_users': /*                  */ [200, 200, 403, 403, 403],
  'DELETE a team': /*                          */ [204, 204, 403, 403, 403],
  'GET /v2/current_user': /*                   */ [200, 200, 200, 200, 200],
  'GET /v2/current_user/entries': /*           */ [200, 200, 200, 200, 200],
  'PUT /v2/current_user': /*                   */ [200, 200, 200, 200, 200],
};

async function statuses(role: Role): Promise<Record<string, number>> {
  const team = await serveTeam();
  const owner = team.client;
  const given = await createProject(owner, { name: 'Given' });
  const notGiven = await createProject(owner, { name: 'Not given' });
  await createEntry(owner, { description: '#known' });
  const actor = role === 'owner' ? { id: team.service.ownerId, client: owner } : await team.member(role);
  await owner.put(`/v2/users/${actor.id}/give_access_to_projects`, { project_ids: [given] });
  const other = await team.member('coworker'); // "another user": a plain coworker with entries
  const othersEntry = async () => (await createEntry(other.client, { project_id: given })).id;
  const ownEntry = async () => (await createEntry(actor.client, { project_id: given })).id;
  const spare = async () => (await team.member('coworker')).id;
  const teamId = (await owner.post('/v2/teams', { name: 'Crew', user_ids: [other.id] })).body.id;
  const c: Client = actor.client;
  const entry = (fields: Record<string, unknown>) =>
    c.post('/v2/entries', { date: '2024-03-04', minutes: 15, ...fields });
  let n = 0;
  const unique = () => `n${++n}`;

  const actions: Record<string, () => Promise<{ status: number }>> = {
    'GET /v2/entries': () => c.get('/v2/entries'),
    "GET another user's entry": async () => c.get(`/v2/entries/${await othersEntry()}`),
    "PUT another user's entry": async () => c.put(`/v2/entries/${await othersEntry()}`, { minutes: 30 }),
    "DELETE another user's entry": async () => c.del(`/v2/entries/${await othersEntry()}`),
    'PUT own entry': async () => c.put(`/v2/entries/${await ownEntry()}`, { minutes: 30 }),
    'DELETE own entry': async () => c.del(`/v2/entries/${await ownEntry()}`),
    'POST entry for another user': () => entry({ user_id: other.id, project_id: given }),
    'POST entry in a given project': () => entry({ project_id: given }),
    'POST entry in a project not given': () => entry({ project_id: notGiven }),
    'POST entry without project': () => entry({}),
    'POST entry creating a project': () => entry({ project_name: `New ${unique()}` }),
    'POST entry creating a tag': () => entry({ project_id: given, description: `#fresh${unique()}` }),
    'POST entry with an existing tag': () => entry({ project_id: given, description: 'work #known' }),
    'PUT timer start in a project not given': () => c.put(`/v2/projects/${notGiven}/timer/start`),
    'PUT timer start in a given project': () => c.put(`/v2/projects/${given}/timer/start`),
    'PUT timer with a new tag': () => c.put(`/v2/projects/${given}/timer`, { description: `#timer${unique()}` }),
    'GET /v2/projects': () => c.get('/v2/projects'),
    'GET a project not given': () => c.get(`/v2/projects/${notGiven}`),
    'GET a given project': () => c.get(`/v2/projects/${given}`),
    'POST /v2/projects': () => c.post('/v2/projects', { name: `P ${unique()}` }),
    'PUT a given project': () => c.put(`/v2/projects/${given}`, { color: '#abcdef' }),
    'GET /v2/tags': () => c.get('/v2/tags'),
    'POST /v2/tags': () => c.post('/v2/tags', { names: [`t${unique()}`] }),
    'GET /v2/users': () => c.get('/v2/users'),
    'GET another user': () => c.get(`/v2/users/${other.id}`),
    'GET oneself': () => c.get(`/v2/users/${actor.id}`),
    "GET another user's entries": () => c.get(`/v2/users/${other.id}/entries`),
    'POST /v2/users': () => c.post('/v2/users', { email: `${unique()}@example.test` }),
    'PUT another user': () => c.put(`/v2/users/${other.id}`, { first_name: 'Renamed' }),
    'PUT another user activate': () => c.put(`/v2/users/${other.id}/activate`),
    'PUT another user deactivate': async () => c.put(`/v2/users/${await spare()}/deactivate`),
    'PUT another user give_access_to_projects': () =>
      c.put(`/v2/users/${other.id}/give_access_to_projects`, { project_ids: [given] }),
    'DELETE another user': async () => c.del(`/v2/users/${await spare()}`),
    'GET /v2/teams': () => c.get('/v2/teams'),
    'GET a team': () => c.get(`/v2/teams/${teamId}`),
    'POST /v2/teams': () => c.post('/v2/teams', { name: `T ${unique()}`, user_ids: [] }),
    'PUT a team': () => c.put(`/v2/teams/${teamId}`, { name: `Crew ${unique()}` }),
    'POST a team add_users': () => c.post(`/v2/teams/${teamId}/add_users`, { user_ids: [actor.id] }),
    'DELETE a team': async () =>
      c.del(`/v2/teams/${(await owner.post('/v2/teams', { name: `Gone ${unique()}`, user_ids: [] })).body.id}`),
    'GET /v2/current_user': () => c.get('/v2/current_user'),
    'GET /v2/current_user/entries': () => c.get('/v2/current_user/entries'),
    'PUT /v2/current_user': () => c.put('/v2/current_user', { first_name: 'Me' }),
  };
  const seen: Record<string, number> = {};
  for (const [name, act] of Object.entries(actions)) seen[name] = (await act()).status;
  return seen;
}

describe('role matrix', () => {
  it.each(ROLES)('%s: every action answers as GAPS.md "Roles" decides', async (role) => {
    const column = ROLES.indexOf(role);
    const expected = Object.fromEntries(Object.entries(EXPECTED).map(([name, row]) => [name, row[column]]));
    expect(await statuses(role)).toEqual(expected);
  });
});
