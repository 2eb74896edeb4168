// Projects (GAPS.md "Projects and users" table; the full Project form of wire/serviceTypes.ts).
import { describe, expect, it } from 'vitest';
import { createEntry, createProject, serve } from '../support/support';

const KEYS = [
  'id',
  'name',
  'billing_increment',
  'enabled',
  'billable',
  'color',
  'url',
  'group',
  'minutes',
  'billable_minutes',
  'unbillable_minutes',
  'invoiced_minutes',
  'remaining_minutes',
  'budgeted_minutes',
  'import',
  'invoices',
  'participants',
  'entries',
  'entries_url',
  'expenses',
  'expenses_url',
  'created_at',
  'updated_at',
  'merge_url',
  'archive_url',
  'unarchive_url',
  // Beyond spec 001: the real service sends them (service/README.md "Beyond the spec").
  'description',
  'uninvoiced_minutes',
];

describe('projects', () => {
  it('creates a project with the defaults, answering 201 with a Location to it', async () => {
    const { service, client } = await serve();
    const reply = await client.post('/v2/projects', { name: 'Website' });
    expect(reply.status).toBe(201);
    const p = reply.body;
    expect(reply.headers.get('location')).toBe(`${service.url}/v2/projects/${p.id}`);
    expect(Object.keys(p).sort()).toEqual([...KEYS].sort());
    expect(p).toMatchObject({
      name: 'Website',
      billable: true,
      billing_increment: 15,
      enabled: true,
      color: null,
      group: null,
      minutes: 0,
      description: '',
      uninvoiced_minutes: 0,
      entries: 0,
      invoices: [],
      participants: [],
      url: `${service.url}/v2/projects/${p.id}`,
      archive_url: `${service.url}/v2/projects/${p.id}/archive`,
    });
    expect((await client.get(`/v2/projects/${p.id}`)).body).toEqual(p);
  });

  it('takes a description on create and update: "" by default, kept when absent, cleared by null or blank, refused when not a string or too long', async () => {
    const { client } = await serve();
    const made = await client.post('/v2/projects', { name: 'Site', description: '  Client work, phase 1  ' });
    expect(made.status).toBe(201);
    expect(made.body.description).toBe('Client work, phase 1');
    const id = made.body.id;
    expect((await client.put(`/v2/projects/${id}`, { name: 'Site 2' })).body.description).toBe('Client work, phase 1');
    expect((await client.put(`/v2/projects/${id}`, { description: 'Phase 2' })).body.description).toBe('Phase 2');
    expect((await client.get('/v2/projects')).body[0].description).toBe('Phase 2');
    expect((await client.put(`/v2/projects/${id}`, { description: null })).body.description).toBe('');
    await client.put(`/v2/projects/${id}`, { description: 'Phase 3' });
    expect((await client.put(`/v2/projects/${id}`, { description: '   ' })).body.description).toBe('');
    for (const description of [42, ['x'], { text: 'x' }, 'x'.repeat(10_001)]) {
      const reply = await client.put(`/v2/projects/${id}`, { description });
      expect(reply.status, JSON.stringify(description).slice(0, 20)).toBe(400);
      expect(reply.body.errors).toEqual([{ resource: 'Project', field: 'description', code: 'invalid' }]);
      expect((await client.post('/v2/projects', { name: 'Other', description })).status).toBe(400);
    }
    expect((await client.get(`/v2/projects/${id}`)).body.description).toBe('');
    expect((await client.post('/v2/projects', { name: 'Plain' })).body.description).toBe('');
  });

  it('uninvoiced_minutes: the minutes of its billable entries not invoiced, on an invoice or marked as such', async () => {
    const { client } = await serve();
    const id = await createProject(client, { billing_increment: 1 });
    const other = await createProject(client, { billing_increment: 1 });
    const invoiced = await createEntry(client, { project_id: id, minutes: 30 });
    await createEntry(client, { project_id: id, minutes: 20 });
    await createEntry(client, { project_id: id, minutes: 7, description: 'sick #vacation*' }); // unbillable: never counts
    await createEntry(client, { project_id: other, minutes: 100 });
    expect((await client.get(`/v2/projects/${id}`)).body).toMatchObject({
      billable_minutes: 50,
      uninvoiced_minutes: 50,
    });
    const invoice = await client.post('/v2/invoices', {
      invoice_date: '2024-03-31',
      entry_ids: [invoiced.id],
      rate_calculation: { calculation_method: 'standard_hourly_rate', standard_hourly_rate: 60 },
    });
    expect(invoice.status).toBe(201);
    const p = (await client.get(`/v2/projects/${id}`)).body;
    expect(p).toMatchObject({ billable_minutes: 50, invoiced_minutes: 30, uninvoiced_minutes: 20 });
    expect((await client.get('/v2/projects')).body.find((x: any) => x.id === id).uninvoiced_minutes).toBe(20);
    expect((await client.get(`/v2/projects/${other}`)).body.uninvoiced_minutes).toBe(100);
    // Invoiced outside of the service (marked, on no invoice) is invoiced too: counted once, there.
    const marked = await createEntry(client, { project_id: other, minutes: 40 });
    expect((await client.put(`/v2/entries/${marked.id}/marked_as_invoiced`, { date: '2024-03-31' })).status).toBe(204);
    expect((await client.get(`/v2/projects/${other}`)).body).toMatchObject({
      invoiced_minutes: 40,
      uninvoiced_minutes: 100,
    });
    const unbillable = await createProject(client, { billable: false });
    await createEntry(client, { project_id: unbillable, minutes: 15 });
    expect((await client.get(`/v2/projects/${unbillable}`)).body.uninvoiced_minutes).toBe(0);
  });

  it('takes billable, billing_increment and color', async () => {
    const { client } = await serve();
    const p = (
      await client.post('/v2/projects', { name: 'Internal', billable: false, billing_increment: 6, color: '#ff8800' })
    ).body;
    expect(p).toMatchObject({ billable: false, billing_increment: 6, color: '#ff8800' });
  });

  it('refuses a project without a name, with an unknown increment, a bad colour or an unknown group', async () => {
    const { client } = await serve();
    const reply = await client.post('/v2/projects', { billing_increment: 7, color: 'orange', project_group_id: 3 });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { resource: 'Project', field: 'name', code: 'missing_field' },
      { resource: 'Project', field: 'billing_increment', code: 'invalid' },
      { resource: 'Project', field: 'color', code: 'invalid' },
      { resource: 'Project', field: 'project_group_id', code: 'missing' },
    ]);
    expect((await client.get('/v2/projects')).body).toEqual([]);
  });

  it('refuses a second project of the same name, whatever its letter case', async () => {
    const { client } = await serve();
    await client.post('/v2/projects', { name: 'Website' });
    const reply = await client.post('/v2/projects', { name: 'website' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ resource: 'Project', field: 'name', code: 'already_exists' }]);
  });

  it('sums the minutes of its entries: billable, unbillable (through an unbillable tag) and its participants', async () => {
    const { service, client } = await serve();
    const id = await createProject(client, { billing_increment: 1 });
    await createEntry(client, { project_id: id, minutes: 30 });
    await createEntry(client, { project_id: id, minutes: 20, description: 'sick #vacation*' });
    const p = (await client.get(`/v2/projects/${id}`)).body;
    expect(p).toMatchObject({
      minutes: 50,
      billable_minutes: 30,
      unbillable_minutes: 20,
      invoiced_minutes: 0,
      entries: 2,
    });
    expect(p.participants).toEqual([
      expect.objectContaining({ id: service.ownerId, url: `${service.url}/v2/users/${service.ownerId}` }),
    ]);
  });

  it('counts every minute of an unbillable project as unbillable', async () => {
    const { client } = await serve();
    const id = await createProject(client, { billable: false, billing_increment: 1 });
    await createEntry(client, { project_id: id, minutes: 40 });
    expect((await client.get(`/v2/projects/${id}`)).body).toMatchObject({
      minutes: 40,
      billable_minutes: 0,
      unbillable_minutes: 40,
    });
  });

  it('lists projects by name and filters them by name, billable, enabled, billing_increment and group', async () => {
    const { client } = await serve();
    const a = await createProject(client, { name: 'Beta site', billable: false, billing_increment: 30 });
    const b = await createProject(client, { name: 'Alpha site' });
    const c = await createProject(client, { name: 'Gamma' });
    await createEntry(client, { project_id: c });
    await client.put(`/v2/projects/${c}/archive`);
    const names = async (q: string) => (await client.get(`/v2/projects${q}`)).body.map((p: any) => p.id);
    expect(await names('')).toEqual([b, a, c]);
    expect(await names('?name=SITE')).toEqual([b, a]);
    expect(await names('?billable=false')).toEqual([a]);
    expect(await names('?billable=true&enabled=true')).toEqual([b]);
    expect(await names('?enabled=false')).toEqual([c]);
    expect(await names('?billing_increment=30')).toEqual([a]);
    expect(await names('?project_group_ids=1,2')).toEqual([]);
    expect(await names('?name=%25')).toEqual([]); // a LIKE wildcard is matched literally
  });

  it('updates the create fields with PUT and keeps the rest', async () => {
    const { client } = await serve();
    const id = await createProject(client, { name: 'Old', billing_increment: 30 });
    const reply = await client.put(`/v2/projects/${id}`, { name: 'New', color: '#abc' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: 'New', color: '#abc', billing_increment: 30, billable: true });
    expect((await client.put(`/v2/projects/${id}`, { name: '' })).status).toBe(400);
  });

  it('refuses to archive a project without entries (code deletable) and archives one with entries', async () => {
    const { client } = await serve();
    const empty = await createProject(client);
    const refused = await client.put(`/v2/projects/${empty}/archive`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ resource: 'Project', field: 'base', code: 'deletable' }]);
    expect((await client.get(`/v2/projects/${empty}`)).body.enabled).toBe(true);

    const used = await createProject(client);
    await createEntry(client, { project_id: used });
    const archived = await client.put(`/v2/projects/${used}/archive`);
    expect(archived.status).toBe(204);
    expect(archived.text).toBe('');
    expect((await client.get(`/v2/projects/${used}`)).body.enabled).toBe(false);
    expect((await client.put(`/v2/projects/${used}/unarchive`)).status).toBe(204);
    expect((await client.get(`/v2/projects/${used}`)).body.enabled).toBe(true);
  });

  it('refuses changes to an archived project with code archived_project', async () => {
    const { client } = await serve();
    const id = await createProject(client);
    await createEntry(client, { project_id: id });
    await client.put(`/v2/projects/${id}/archive`);
    const reply = await client.put(`/v2/projects/${id}`, { name: 'Renamed' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].code).toBe('archived_project');
  });

  it('refuses to delete a project with entries (code not_deletable) and deletes one without, with its timer', async () => {
    const { client } = await serve();
    const used = await createProject(client);
    await createEntry(client, { project_id: used });
    const refused = await client.del(`/v2/projects/${used}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ resource: 'Project', field: 'base', code: 'not_deletable' }]);

    const empty = await createProject(client);
    await client.put(`/v2/projects/${empty}/timer/start`);
    expect((await client.del(`/v2/projects/${empty}`)).status).toBe(204);
    expect((await client.get(`/v2/projects/${empty}`)).status).toBe(404);
    expect((await client.get('/v2/timers')).body).toEqual([]);
  });

  it('answers 404 for every action on a project that does not exist', async () => {
    const { client } = await serve();
    for (const [method, path] of [
      ['GET', '/v2/projects/42'],
      ['PUT', '/v2/projects/42'],
      ['PUT', '/v2/projects/42/archive'],
      ['PUT', '/v2/projects/42/unarchive'],
      ['DELETE', '/v2/projects/42'],
    ] as const) {
      expect((await client.call(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(
        404,
      );
    }
  });
});
