// What each role sees in lists and what its refusals say (GAPS.md "Roles (decided)"; spec 001
// error codes cannot_create_projects and cannot_create_tags), and GET /v2/current_user/entries.
import { describe, expect, it } from 'vitest';
import { setCoworkerRights } from '../../../../service/domain/accountSettings';
import { asDb } from '../../../support/sqliteFile';
import { serveTeam } from '../support/people';
import { withDb } from '../support/peopleSupport';
import { createEntry, createProject } from '../support/support';

const ids = (list: Array<{ id: number }>) => list.map((x) => x.id);

async function crew() {
  const team = await serveTeam();
  const given = await createProject(team.client, { name: 'Given' });
  const closed = await createProject(team.client, { name: 'Closed' });
  const lee = await team.member('leader');
  const cora = await team.member('coworker');
  const carl = await team.member('contractor');
  await team.client.put(`/v2/users/${carl.id}/give_access_to_projects`, { project_ids: [given] });
  const mine = await createEntry(team.client, { date: '2024-03-01', project_id: closed });
  const lees = await createEntry(lee.client, { date: '2024-03-02' });
  const coras = await createEntry(cora.client, { date: '2024-03-03', project_id: closed });
  const carls = await createEntry(carl.client, { date: '2024-03-04', project_id: given });
  return { team, given, closed, lee, cora, carl, entries: { mine, lees, coras, carls } };
}

describe('what each role sees', () => {
  it("GET /v2/entries: leaders see everyone's, coworkers their own, contractors their own in given projects", async () => {
    const { team, lee, cora, carl, entries } = await crew();
    const all = [entries.carls.id, entries.coras.id, entries.lees.id, entries.mine.id];
    expect(ids((await team.client.get('/v2/entries')).body)).toEqual(all);
    expect(ids((await lee.client.get('/v2/entries')).body)).toEqual(all);
    expect(ids((await cora.client.get('/v2/entries')).body)).toEqual([entries.coras.id]);
    expect(ids((await cora.client.get(`/v2/entries?user_ids=${team.service.ownerId}`)).body)).toEqual([]);
    expect(ids((await carl.client.get('/v2/entries')).body)).toEqual([entries.carls.id]);
  });

  it("a contractor's filters cannot reach beyond the projects given", async () => {
    const { given, closed, carl, entries } = await crew();
    expect(ids((await carl.client.get(`/v2/entries?project_ids=${closed}`)).body)).toEqual([]);
    expect(ids((await carl.client.get(`/v2/entries?project_ids=${closed},${given}`)).body)).toEqual([entries.carls.id]);
    expect(ids((await carl.client.get('/v2/projects')).body)).toEqual([given]);
    expect(ids((await carl.client.get('/v2/projects?name=Closed')).body)).toEqual([]);
  });

  it('a contractor cannot log for another user nor move an entry out of the projects given', async () => {
    const { team, closed, carl, entries } = await crew();
    expect(
      (await carl.client.post('/v2/entries', { date: '2024-03-01', minutes: 5, user_id: team.service.ownerId })).body
        .errors,
    ).toEqual([{ resource: 'Entry', field: 'user_id', code: 'missing' }]);
    expect((await carl.client.put(`/v2/entries/${entries.carls.id}`, { project_id: closed })).body.errors).toEqual([
      { resource: 'Entry', field: 'project_id', code: 'missing' },
    ]);
    expect((await carl.client.put(`/v2/entries/${entries.carls.id}`, { project_id: null })).status).toBe(403);
    expect((await carl.client.get(`/v2/entries/${entries.carls.id}`)).body.project.name).toBe('Given');
  });
});

describe('timers of a contractor', () => {
  it('run only in projects given, and leave GET /v2/timers when the project is taken back', async () => {
    const { team, given, closed, carl } = await crew();
    expect((await carl.client.put(`/v2/projects/${closed}/timer/start`)).status).toBe(404);
    expect((await carl.client.put(`/v2/projects/${given}/timer/start`)).status).toBe(200);
    expect((await carl.client.get('/v2/timers')).body.map((t: { project: { id: number } }) => t.project.id)).toEqual([
      given,
    ]);
    await team.client.put(`/v2/users/${carl.id}/revoke_access_to_all_projects`);
    expect((await carl.client.get('/v2/timers')).body).toEqual([]);
    expect((await carl.client.get(`/v2/timers?projects=${given}`)).body).toEqual([]);
    expect((await carl.client.get(`/v2/projects/${given}/timer`)).status).toBe(404);
  });
});

describe('creating projects and tags through an entry', () => {
  it('POST /v2/entries refuses a new project_name from a coworker with cannot_create_projects, creating nothing', async () => {
    const { team, cora } = await crew();
    const reply = await cora.client.post('/v2/entries', {
      date: '2024-03-01',
      minutes: 5,
      project_name: 'Brand new',
      description: '#fresh',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ resource: 'Entry', field: 'project_name', code: 'cannot_create_projects' }]);
    expect((await team.client.get('/v2/projects?name=Brand')).body).toEqual([]);
    expect((await team.client.get('/v2/tags?name=fresh')).body).toEqual([]);
    // An existing project's name is fine.
    expect(
      (await cora.client.post('/v2/entries', { date: '2024-03-01', minutes: 5, project_name: 'closed' })).status,
    ).toBe(201);
  });

  it('POST and PUT /v2/entries refuse a new #tag from a coworker with cannot_create_tags, writing nothing', async () => {
    const { team, cora, entries } = await crew();
    await createEntry(team.client, { description: '#known' });
    const post = await cora.client.post('/v2/entries', {
      date: '2024-03-01',
      minutes: 5,
      description: 'x #known #unknown',
    });
    expect(post.status).toBe(400);
    expect(post.body.errors).toEqual([{ resource: 'Entry', field: 'description', code: 'cannot_create_tags' }]);
    const put = await cora.client.put(`/v2/entries/${entries.coras.id}`, { description: '#other', minutes: 45 });
    expect(put.body.errors).toEqual([{ resource: 'Entry', field: 'description', code: 'cannot_create_tags' }]);
    expect((await cora.client.get(`/v2/entries/${entries.coras.id}`)).body.minutes).toBe(entries.coras.minutes);
    expect((await team.client.get('/v2/tags')).body.map((t: { name: string }) => t.name)).toEqual(['known']);
    expect(
      (await cora.client.post('/v2/entries', { date: '2024-03-01', minutes: 5, description: 'x #KNOWN' })).status,
    ).toBe(201);
  });

  it('PUT /v2/entries/:id refuses a new project_name from a coworker with cannot_create_projects', async () => {
    const { cora, entries } = await crew();
    const reply = await cora.client.put(`/v2/entries/${entries.coras.id}`, { project_name: 'Invented' });
    expect(reply.body.errors).toEqual([{ resource: 'Entry', field: 'project_name', code: 'cannot_create_projects' }]);
  });

  it('a coworker creates them when the account allows it', async () => {
    const { team, cora } = await crew();
    await withDb(team, async (db) => await setCoworkerRights(asDb(db), 1, { projects: true, tags: true }));
    const reply = await cora.client.post('/v2/entries', {
      date: '2024-03-01',
      minutes: 5,
      project_name: 'Allowed',
      description: '#allowed',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.project.name).toBe('Allowed');
    expect(reply.body.tags.map((t: { name: string }) => t.name)).toEqual(['allowed']);
    // Managing projects directly stays with the managers.
    expect((await cora.client.post('/v2/projects', { name: 'Direct' })).status).toBe(403);
  });

  it('a contractor never creates them, even where coworkers may', async () => {
    const { team, given, carl } = await crew();
    await withDb(team, async (db) => await setCoworkerRights(asDb(db), 1, { projects: true, tags: true }));
    expect(
      (await carl.client.post('/v2/entries', { date: '2024-03-01', minutes: 5, project_name: 'Mine now' })).body
        .errors[0].code,
    ).toBe('cannot_create_projects');
    expect(
      (await carl.client.post('/v2/entries', { date: '2024-03-01', minutes: 5, project_id: given, description: '#c' }))
        .body.errors[0].code,
    ).toBe('cannot_create_tags');
    // A project that exists but was not given reads as one that does not exist.
    expect(
      (await carl.client.post('/v2/entries', { date: '2024-03-01', minutes: 5, project_name: 'Closed' })).body.errors[0]
        .code,
    ).toBe('cannot_create_projects');
  });

  it('timer descriptions follow the same rule (code cannot_create_tags, resource Timer)', async () => {
    const { given, cora } = await crew();
    for (const [path, body] of [
      ['', { description: '#brandnew' }],
      ['/start', { description: '#brandnew' }],
    ] as const) {
      const reply = await cora.client.put(`/v2/projects/${given}/timer${path}`, body);
      expect(reply.body.errors, path).toEqual([
        { resource: 'Timer', field: 'description', code: 'cannot_create_tags' },
      ]);
    }
    expect((await cora.client.get('/v2/timers')).body).toEqual([]);
    await cora.client.put(`/v2/projects/${given}/timer/start`);
    expect(
      (await cora.client.put(`/v2/projects/${given}/timer/log`, { description: '#brandnew' })).body.errors[0].code,
    ).toBe('cannot_create_tags');
    expect((await cora.client.get('/v2/timers')).body).toHaveLength(1);
  });
});

describe('GET /v2/current_user/entries', () => {
  it("GET /current_user/entries answers 200 with the current user's entries, most recent first, with the entry list filters", async () => {
    const { team, lee, entries } = await crew();
    const older = await createEntry(lee.client, { date: '2024-01-01', description: '#old' });
    const reply = await lee.client.get('/v2/current_user/entries');
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([entries.lees.id, older.id]);
    expect(ids((await lee.client.get('/v2/current_user/entries?to=2024-02-01')).body)).toEqual([older.id]);
    expect(ids((await lee.client.get(`/v2/current_user/entries?user_ids=${team.service.ownerId}`)).body)).toEqual([]);
    expect(ids((await team.client.get('/v2/current_user/entries')).body)).toEqual([entries.mine.id]);
    expect((await lee.client.get('/v2/current_user/entries?invoiced=perhaps')).body.errors).toEqual([
      { resource: 'Entry', field: 'invoiced', code: 'invalid' },
    ]);
  });

  it("is paginated, and served with the spec's trailing slash too", async () => {
    const { team } = await crew();
    for (let i = 0; i < 3; i++) await createEntry(team.client, {});
    const reply = await team.client.get('/v2/current_user/entries/?per_page=2');
    expect(reply.body).toHaveLength(2);
    expect(reply.headers.get('link')).toContain('rel="next"');
  });

  it("leaves out a contractor's entries in projects no longer given", async () => {
    const { team, carl, given, entries } = await crew();
    expect(ids((await carl.client.get('/v2/current_user/entries')).body)).toEqual([entries.carls.id]);
    await team.client.put(`/v2/users/${carl.id}/revoke_access_to_projects`, { project_ids: [given] });
    expect((await carl.client.get('/v2/current_user/entries')).body).toEqual([]);
  });
});
