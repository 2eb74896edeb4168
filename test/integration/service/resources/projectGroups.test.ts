// Project groups: one test per row of spec 001's "Project groups" table, plus the shape, the
// trailing-slash paths and the group in the full Project form.
import { describe, expect, it } from 'vitest';
import { createEntry, createProject, serve, type Client } from '../support/support';

const KEYS = [
  'id',
  'name',
  'projects',
  'url',
  'entries_url',
  'invoices_url',
  'projects_url',
  'add_projects_url',
  'remove_projects_url',
  'remove_all_projects_url',
  'created_at',
  'updated_at',
];

async function createGroup(client: Client, name: string, projectIds: number[]): Promise<any> {
  const reply = await client.post('/v2/project_groups', { name, project_ids: projectIds });
  if (reply.status !== 201) throw new Error(`group not created: ${reply.status} ${reply.text}`);
  return reply.body;
}

const ids = (list: any[]) => list.map((x) => x.id);

describe('project groups', () => {
  it('GET /project_groups/: name (contained text), project_ids (comma-separated ids); 200 array of project group', async () => {
    const { client } = await serve();
    const [a, b, c] = [
      await createProject(client, { name: 'A' }),
      await createProject(client, { name: 'B' }),
      await createProject(client, { name: 'C' }),
    ];
    const clients = await createGroup(client, 'Clients', [a, b]);
    const internal = await createGroup(client, 'Internal work', [c]);
    const empty = await createGroup(client, 'Empty', []);
    const list = async (q: string) => ids((await client.get(`/v2/project_groups${q}`)).body);
    expect(await list('')).toEqual([clients.id, empty.id, internal.id]); // by name
    expect(await list('?name=NAL')).toEqual([internal.id]);
    expect(await list(`?project_ids=${b}`)).toEqual([clients.id]);
    expect(await list(`?project_ids=${b},${c}`)).toEqual([clients.id, internal.id]);
    expect(await list(`?project_ids=${c}&name=clients`)).toEqual([]);
    expect(await list('?name=%25')).toEqual([]); // a LIKE wildcard is matched literally
    const paged = await client.get('/v2/project_groups?per_page=2&page=2');
    expect(ids(paged.body)).toEqual([internal.id]);
    expect(paged.headers.get('link')).toContain('rel="first"');
    expect((await client.get('/v2/project_groups?project_ids=x')).status).toBe(400);
  });

  it('POST /project_groups/: name and project_ids required; projects already in another group are reassigned; 201 with Location', async () => {
    const { service, client } = await serve();
    const [a, b] = [await createProject(client, { name: 'A' }), await createProject(client, { name: 'B' })];
    const first = await createGroup(client, 'First', [a]);
    const reply = await client.post('/v2/project_groups', { name: 'Second', project_ids: [a, b] });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('location')).toBe(`${service.url}/v2/project_groups/${reply.body.id}`);
    expect(ids(reply.body.projects)).toEqual([a, b]);
    expect((await client.get(`/v2/project_groups/${first.id}`)).body.projects).toEqual([]);
    expect((await client.get(`/v2/projects/${a}`)).body.group).toEqual({
      id: reply.body.id,
      name: 'Second',
      url: reply.body.url,
    });

    const missing = await client.post('/v2/project_groups', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { resource: 'ProjectGroup', field: 'name', code: 'missing_field' },
      { resource: 'ProjectGroup', field: 'project_ids', code: 'missing_field' },
    ]);
  });

  it("POST /project_groups/ takes the sample body's name for the list, projects", async () => {
    const { client } = await serve();
    const a = await createProject(client);
    const reply = await client.post('/v2/project_groups/', { name: 'Sampled', projects: [a] });
    expect(reply.status).toBe(201);
    expect(ids(reply.body.projects)).toEqual([a]);
  });

  it('GET /project_groups/:id: 200, the project group with every link', async () => {
    const { service, client } = await serve();
    const a = await createProject(client, { name: 'Alpha', color: '#abcdef' });
    const group = await createGroup(client, 'G', [a]);
    const reply = await client.get(`/v2/project_groups/${group.id}`);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual([...KEYS].sort());
    const url = `${service.url}/v2/project_groups/${group.id}`;
    expect(reply.body).toEqual({
      id: group.id,
      name: 'G',
      projects: [
        {
          id: a,
          name: 'Alpha',
          billing_increment: 15,
          enabled: true,
          billable: true,
          color: '#abcdef',
          url: `${service.url}/v2/projects/${a}`,
        },
      ],
      url,
      entries_url: `${url}/entries`,
      invoices_url: `${url}/invoices`,
      projects_url: `${url}/projects`,
      add_projects_url: `${url}/add_projects`,
      remove_projects_url: `${url}/remove_projects`,
      remove_all_projects_url: `${url}/remove_all_projects`,
      created_at: '2024-03-04T09:00:00Z',
      updated_at: '2024-03-04T09:00:00Z',
    });
    expect((await client.get(`/v2/project_groups/${group.id}/`)).body).toEqual(reply.body);
    expect((await client.get('/v2/project_groups/999')).status).toBe(404);
  });

  it('PUT /project_groups/:id/: name (optional); 200', async () => {
    const { client, clock } = await serve();
    const group = await createGroup(client, 'Old', []);
    clock.advance(60_000);
    const renamed = await client.put(`/v2/project_groups/${group.id}/`, { name: 'New' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'New',
      updated_at: '2024-03-04T09:01:00Z',
      created_at: '2024-03-04T09:00:00Z',
    });
    const unchanged = await client.put(`/v2/project_groups/${group.id}`, {});
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.name).toBe('New');
    expect((await client.put(`/v2/project_groups/${group.id}`, { name: '' })).body.errors).toEqual([
      { resource: 'ProjectGroup', field: 'name', code: 'missing_field' },
    ]);
  });

  it('GET /project_groups/:id/entries: the entry list filters; 200 array of Entry', async () => {
    const { client } = await serve();
    const [a, b, outside] = [await createProject(client), await createProject(client), await createProject(client)];
    const group = await createGroup(client, 'G', [a, b]);
    const e1 = await createEntry(client, { project_id: a, date: '2024-03-01' });
    const e2 = await createEntry(client, { project_id: b, date: '2024-03-02', description: '#x' });
    await createEntry(client, { project_id: outside });
    await createEntry(client, {});
    const list = async (q = '') => ids((await client.get(`/v2/project_groups/${group.id}/entries${q}`)).body);
    expect(await list()).toEqual([e2.id, e1.id]);
    expect(await list('?from=2024-03-02')).toEqual([e2.id]);
    expect(await list(`?project_ids=${a},${outside}`)).toEqual([e1.id]);
    expect(await list(`?tag_ids=${e2.tags[0].id}`)).toEqual([e2.id]);
    expect((await client.get(`/v2/project_groups/${group.id}/entries?from=yesterday`)).status).toBe(400);
    const emptyGroup = await createGroup(client, 'Empty', []);
    expect((await client.get(`/v2/project_groups/${emptyGroup.id}/entries`)).body).toEqual([]);
  });

  it('GET /project_groups/:id/projects: the project list filters; 200 array of full Project', async () => {
    const { client } = await serve();
    const a = await createProject(client, { name: 'Alpha', billable: false });
    const b = await createProject(client, { name: 'Beta' });
    await createProject(client, { name: 'Outside' });
    const group = await createGroup(client, 'G', [b, a]);
    const reply = await client.get(`/v2/project_groups/${group.id}/projects`);
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([a, b]);
    expect(reply.body[0]).toEqual((await client.get(`/v2/projects/${a}`)).body);
    expect(ids((await client.get(`/v2/project_groups/${group.id}/projects?billable=true`)).body)).toEqual([b]);
    expect(ids((await client.get(`/v2/project_groups/${group.id}/projects?name=alp`)).body)).toEqual([a]);
    expect(
      ids((await client.get(`/v2/project_groups/${group.id}/projects?project_group_ids=${group.id + 1}`)).body),
    ).toEqual([]);
  });

  it('POST /project_groups/:id/add_projects: project_ids required; projects already in another group are ignored; 200 array of full Project', async () => {
    const { client } = await serve();
    const [a, b, c] = [
      await createProject(client, { name: 'A' }),
      await createProject(client, { name: 'B' }),
      await createProject(client, { name: 'C' }),
    ];
    const other = await createGroup(client, 'Other', [c]);
    const group = await createGroup(client, 'G', [a]);
    const reply = await client.post(`/v2/project_groups/${group.id}/add_projects`, { project_ids: [b, c, a] });
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([a, b]);
    expect(reply.body[1]).toEqual((await client.get(`/v2/projects/${b}`)).body);
    expect(reply.body[1].group).toMatchObject({ id: group.id, name: 'G' });
    expect(ids((await client.get(`/v2/project_groups/${other.id}`)).body.projects)).toEqual([c]);
    expect((await client.post(`/v2/project_groups/${group.id}/add_projects`, {})).body.errors).toEqual([
      { resource: 'ProjectGroup', field: 'project_ids', code: 'missing_field' },
    ]);
  });

  it('PUT /project_groups/:id/remove_projects: project_ids required; projects not in the group are ignored; 204', async () => {
    const { client } = await serve();
    const [a, b, c] = [await createProject(client), await createProject(client), await createProject(client)];
    const other = await createGroup(client, 'Other', [c]);
    const group = await createGroup(client, 'G', [a, b]);
    const reply = await client.put(`/v2/project_groups/${group.id}/remove_projects`, { project_ids: [a, c] });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect(ids((await client.get(`/v2/project_groups/${group.id}`)).body.projects)).toEqual([b]);
    expect(ids((await client.get(`/v2/project_groups/${other.id}`)).body.projects)).toEqual([c]);
    expect((await client.get(`/v2/projects/${a}`)).body.group).toBeNull();
  });

  it('PUT /project_groups/:id/remove_all_projects: 204; the projects stay, ungrouped', async () => {
    const { client } = await serve();
    const [a, b] = [await createProject(client), await createProject(client)];
    const group = await createGroup(client, 'G', [a, b]);
    const reply = await client.call('PUT', `/v2/project_groups/${group.id}/remove_all_projects`); // no body, no Content-Type
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/project_groups/${group.id}`)).body.projects).toEqual([]);
    expect((await client.get(`/v2/projects?project_group_ids=${group.id}`)).body).toEqual([]);
    expect((await client.get(`/v2/projects/${b}`)).status).toBe(200);
  });

  it('DELETE /project_groups/:id/: 204; the projects are kept and become ungrouped', async () => {
    const { client } = await serve();
    const a = await createProject(client);
    await createEntry(client, { project_id: a });
    const group = await createGroup(client, 'G', [a]);
    const reply = await client.del(`/v2/project_groups/${group.id}/`);
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/project_groups/${group.id}`)).status).toBe(404);
    const project = (await client.get(`/v2/projects/${a}`)).body;
    expect(project).toMatchObject({ group: null, entries: 1 });
  });

  it("sets and clears a project's group through project_group_id on POST and PUT /v2/projects", async () => {
    const { client } = await serve();
    const group = await createGroup(client, 'G', []);
    const created = await client.post('/v2/projects', { name: 'Grouped', project_group_id: group.id });
    expect(created.body.group).toMatchObject({ id: group.id, name: 'G' });
    expect((await client.get(`/v2/projects?project_group_ids=${group.id}`)).body.map((p: any) => p.id)).toEqual([
      created.body.id,
    ]);
    const cleared = await client.put(`/v2/projects/${created.body.id}`, { project_group_id: null });
    expect(cleared.body.group).toBeNull();
    const unknown = await client.put(`/v2/projects/${created.body.id}`, { project_group_id: 999 });
    expect(unknown.body.errors).toEqual([{ resource: 'Project', field: 'project_group_id', code: 'missing' }]);
  });
});
