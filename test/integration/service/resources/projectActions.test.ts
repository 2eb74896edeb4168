// Projects beyond create/read/update: one test per row of GAPS.md's "Projects and users" table
// that this step adds (merge; archive, unarchive and delete of many; entries and expenses of a
// project; the project limit), and the full form's links.
import { describe, expect, it } from 'vitest';
import { createExpense, createInvoice } from '../support/moneySupport';
import { serveTeam } from '../support/people';
import { createEntry, createProject, serve } from '../support/support';

const ids = (list: any[]) => list.map((x) => x.id);

describe('project actions', () => {
  it('PUT /v2/projects/:id/merge: project_id merged into this one and deleted; 204', async () => {
    const { client } = await serve();
    const target = await createProject(client, { name: 'Target', billing_increment: 1 });
    const source = await createProject(client, { name: 'Source', billing_increment: 30 });
    const moved = await createEntry(client, { project_id: source, minutes: 20, description: '#kept' });
    const stayed = await createEntry(client, { project_id: target, minutes: 5 });
    const reply = await client.put(`/v2/projects/${target}/merge`, { project_id: source });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect((await client.get(`/v2/projects/${source}`)).status).toBe(404);
    const entry = (await client.get(`/v2/entries/${moved.id}`)).body;
    expect(entry).toMatchObject({ minutes: 30, description: '#kept', project: { id: target, name: 'Target' } }); // minutes as logged
    expect((await client.get(`/v2/projects/${target}`)).body).toMatchObject({
      name: 'Target',
      billing_increment: 1,
      entries: 2,
      minutes: 35,
    });
    expect(ids((await client.get(`/v2/projects/${target}/entries`)).body).sort()).toEqual([moved.id, stayed.id].sort());
  });

  it('PUT /v2/projects/:id/merge: expenses move, and whoever was given the merged project is given this one', async () => {
    const team = await serveTeam();
    const { client } = team;
    const target = await createProject(client, { name: 'Target' });
    const source = await createProject(client, { name: 'Source' });
    const contractor = await team.member('contractor');
    await client.put(`/v2/users/${contractor.id}/give_access_to_projects`, { project_ids: [source] });
    const expense = await createExpense(client, { project_id: source, price: 9 });
    expect((await contractor.client.get(`/v2/projects/${target}`)).status).toBe(404);
    expect((await client.put(`/v2/projects/${target}/merge`, { project_id: source })).status).toBe(204);
    expect((await client.get(`/v2/expenses/${expense.id}`)).body.project.id).toBe(target);
    expect((await client.get(`/v2/projects/${target}`)).body.expenses).toBe(1);
    expect((await contractor.client.get(`/v2/projects/${target}`)).status).toBe(200);
  });

  it('PUT /v2/projects/:id/merge: a user given both projects keeps one access, to this one', async () => {
    const team = await serveTeam();
    const { client } = team;
    const target = await createProject(client, { name: 'Target' });
    const source = await createProject(client, { name: 'Source' });
    const contractor = await team.member('contractor');
    await client.put(`/v2/users/${contractor.id}/give_access_to_projects`, { project_ids: [source, target] });
    expect((await client.put(`/v2/projects/${target}/merge`, { project_id: source })).status).toBe(204);
    expect((await contractor.client.get(`/v2/projects/${target}`)).status).toBe(200);
    expect((await contractor.client.get('/v2/projects')).body.map((p: { id: number }) => p.id)).toEqual([target]);
  });

  it('PUT /v2/projects/:id/merge: refused if either is archived (code archived_project)', async () => {
    const { client } = await serve();
    const open = await createProject(client);
    const archived = await createProject(client);
    await createEntry(client, { project_id: archived });
    await client.put(`/v2/projects/${archived}/archive`);
    for (const [into, from] of [
      [open, archived],
      [archived, open],
    ]) {
      const reply = await client.put(`/v2/projects/${into}/merge`, { project_id: from });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ resource: 'Project', field: 'base', code: 'archived_project' }]);
    }
    expect((await client.get(`/v2/projects/${open}`)).status).toBe(200);
    expect((await client.get(`/v2/projects/${archived}`)).body.entries).toBe(1);
  });

  it('PUT /v2/projects/:id/merge: refuses a missing, unknown or identical project_id', async () => {
    const { client } = await serve();
    const target = await createProject(client);
    expect((await client.put(`/v2/projects/${target}/merge`, {})).body.errors).toEqual([
      { resource: 'Project', field: 'project_id', code: 'missing_field' },
    ]);
    expect((await client.put(`/v2/projects/${target}/merge`, { project_id: 999 })).body.errors).toEqual([
      { resource: 'Project', field: 'project_id', code: 'missing' },
    ]);
    expect((await client.put(`/v2/projects/${target}/merge`, { project_id: target })).body.errors).toEqual([
      { resource: 'Project', field: 'project_id', code: 'invalid' },
    ]);
    expect((await client.put(`/v2/projects/${target}/merge`, { project_id: '2' })).status).toBe(400);
    expect((await client.put('/v2/projects/999/merge', { project_id: target })).status).toBe(404);
  });

  it('PUT /v2/projects/:id/merge: timers move; a user with a timer on both keeps one holding the time of both', async () => {
    const { client, clock } = await serve();
    const target = await createProject(client, { name: 'Target' });
    const source = await createProject(client, { name: 'Source' });
    await client.put(`/v2/projects/${target}/timer/start`, { description: 'target work' });
    clock.advance(60_000);
    await client.put(`/v2/projects/${source}/timer/start`, { description: 'source #work' }); // pauses the target's
    clock.advance(120_000);
    expect((await client.put(`/v2/projects/${target}/merge`, { project_id: source })).status).toBe(204);
    const timers = (await client.get('/v2/timers')).body;
    expect(timers).toHaveLength(1);
    expect(timers[0]).toMatchObject({
      state: 'running',
      seconds: 180,
      description: 'target work',
      project: { id: target },
    });
    clock.advance(10_000);
    expect((await client.get(`/v2/projects/${target}/timer`)).body.seconds).toBe(190);
  });

  it('PUT /v2/projects/archive: project_ids; those that do not qualify are skipped; 204', async () => {
    const { client } = await serve();
    const used = await createProject(client);
    const empty = await createProject(client);
    await createEntry(client, { project_id: used });
    const reply = await client.put('/v2/projects/archive', { project_ids: [used, empty] });
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/projects/${used}`)).body.enabled).toBe(false);
    expect((await client.get(`/v2/projects/${empty}`)).body.enabled).toBe(true); // deletable: not archived
    expect((await client.put('/v2/projects/archive', { project_ids: [used] })).status).toBe(204); // already archived: skipped
  });

  it('PUT /v2/projects/unarchive: project_ids; those that do not qualify are skipped; 204', async () => {
    const { client } = await serve();
    const [a, b, open] = [await createProject(client), await createProject(client), await createProject(client)];
    for (const id of [a, b]) {
      await createEntry(client, { project_id: id });
      await client.put(`/v2/projects/${id}/archive`);
    }
    const reply = await client.put('/v2/projects/unarchive', { project_ids: [a, open] });
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/projects/${a}`)).body.enabled).toBe(true);
    expect((await client.get(`/v2/projects/${b}`)).body.enabled).toBe(false);
    expect((await client.get(`/v2/projects/${open}`)).body.enabled).toBe(true);
  });

  it('PUT /v2/projects/delete: project_ids; those that do not qualify are skipped; 204', async () => {
    const { client } = await serve();
    const used = await createProject(client);
    const [empty1, empty2] = [await createProject(client), await createProject(client)];
    await createEntry(client, { project_id: used });
    const reply = await client.put('/v2/projects/delete', { project_ids: [used, empty1, empty2] });
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/projects/${used}`)).status).toBe(200); // has entries: skipped
    expect((await client.get(`/v2/projects/${empty1}`)).status).toBe(404);
    expect((await client.get(`/v2/projects/${empty2}`)).status).toBe(404);
  });

  it('PUT /v2/projects/archive, /unarchive, /delete: project_ids required; an id naming no project refuses the whole call', async () => {
    const { client } = await serve();
    const empty = await createProject(client);
    for (const action of ['archive', 'unarchive', 'delete']) {
      expect((await client.put(`/v2/projects/${action}`, {})).body.errors).toEqual([
        { resource: 'Project', field: 'project_ids', code: 'missing_field' },
      ]);
      expect((await client.put(`/v2/projects/${action}`, { project_ids: [empty, 999] })).body.errors).toEqual([
        { resource: 'Project', field: 'project_ids', code: 'missing' },
      ]);
      expect((await client.put(`/v2/projects/${action}`, { project_ids: [] })).status).toBe(204);
    }
    expect((await client.get(`/v2/projects/${empty}`)).status).toBe(200);
  });

  it('GET /v2/projects/:id/entries: the list filters', async () => {
    const { client } = await serve();
    const project = await createProject(client, { billing_increment: 1 });
    const other = await createProject(client);
    const a = await createEntry(client, {
      project_id: project,
      date: '2024-03-01',
      minutes: 10,
      description: 'planning #meeting',
    });
    const b = await createEntry(client, {
      project_id: project,
      date: '2024-03-03',
      minutes: 20,
      description: 'coding',
    });
    await createEntry(client, { project_id: other });
    await createEntry(client, {});
    const list = async (q = '') => ids((await client.get(`/v2/projects/${project}/entries${q}`)).body);
    expect(await list()).toEqual([b.id, a.id]);
    expect(await list('?description=plan')).toEqual([a.id]);
    expect(await list('?to=2024-03-02')).toEqual([a.id]);
    expect(await list(`?tag_ids=${a.tags[0].id}`)).toEqual([a.id]);
    expect(await list(`?project_ids=${other}`)).toEqual([]);
    const paged = await client.get(`/v2/projects/${project}/entries?per_page=1`);
    expect(ids(paged.body)).toEqual([b.id]);
    expect(paged.headers.get('link')).toContain(`/v2/projects/${project}/entries?per_page=1&page=2>; rel="next"`);
    expect((await client.get(`/v2/projects/${project}/entries?billable=maybe`)).status).toBe(400);
    expect((await client.get('/v2/projects/999/entries')).status).toBe(404);
  });

  it('GET /v2/projects/:id/expenses: the list filters', async () => {
    const { client } = await serve();
    const project = await createProject(client);
    const other = await createProject(client);
    const cheap = await createExpense(client, { project_id: project, price: 5, date: '2024-03-01' });
    const dear = await createExpense(client, { project_id: project, price: 500, date: '2024-03-02', taxable: false });
    await createExpense(client, { project_id: other, price: 7 });
    const list = async (q = '') => ids((await client.get(`/v2/projects/${project}/expenses${q}`)).body);
    expect(await list()).toEqual([dear.id, cheap.id]);
    expect(await list('?price_from=100')).toEqual([dear.id]);
    expect(await list('?taxable=true')).toEqual([cheap.id]);
    expect(await list(`?project_ids=${other}`)).toEqual([]);
    expect((await client.get(`/v2/projects/${project}/expenses`)).body[0]).toEqual(
      (await client.get(`/v2/expenses/${dear.id}`)).body,
    );
    expect((await client.get(`/v2/projects/${project}/expenses?taxable=1`)).status).toBe(400);
    expect((await client.get('/v2/projects/999/expenses')).status).toBe(404);
  });

  it('counts expenses and lists the invoices holding its entries or expenses in the full form; expenses keep it from deletion', async () => {
    const { client } = await serve();
    const project = await createProject(client);
    const expense = await createExpense(client, { project_id: project, price: 12.5 });
    const entry = await createEntry(client, { project_id: project });
    const invoice = await createInvoice(client, {
      entry_ids: [entry.id],
      expense_ids: [expense.id],
      rate_calculation: { calculation_method: 'flat_rate', flat_rate: 100 },
    });
    const full = (await client.get(`/v2/projects/${project}`)).body;
    expect(full.expenses).toBe(1);
    expect(full.invoices).toEqual([
      {
        id: invoice.id,
        reference: invoice.reference,
        invoice_date: invoice.invoice_date,
        state: invoice.state,
        total_amount: invoice.total_amount,
        url: invoice.url,
      },
    ]);
    expect((await client.del(`/v2/projects/${project}`)).body.errors[0].code).toBe('not_deletable');
  });

  it("POST /v2/projects: code reached_project_limit past the account's limit (none by default), also through an entry's project_name", async () => {
    const { client } = await serve({ projectLimit: 2 });
    await createProject(client);
    await createProject(client);
    const refused = await client.post('/v2/projects', { name: 'Third' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ resource: 'Project', field: 'base', code: 'reached_project_limit' }]);
    const byEntry = await client.post('/v2/entries', { date: '2024-03-04', minutes: 5, project_name: 'Third' });
    expect(byEntry.status).toBe(400);
    expect(byEntry.body.errors[0].code).toBe('reached_project_limit');
    expect((await client.get('/v2/projects')).body).toHaveLength(2);
    expect((await client.get('/v2/entries')).body).toEqual([]);

    const unlimited = await serve();
    for (let i = 0; i < 5; i++) await createProject(unlimited.client);
  });

  it('shows the full Project form with its group, counts and every link', async () => {
    const { service, client } = await serve();
    const id = await createProject(client, { name: 'Linked' });
    const url = `${service.url}/v2/projects/${id}`;
    expect((await client.get(`/v2/projects/${id}`)).body).toMatchObject({
      group: null,
      invoices: [],
      expenses: 0,
      entries: 0,
      entries_url: `${url}/entries`,
      expenses_url: `${url}/expenses`,
      merge_url: `${url}/merge`,
      archive_url: `${url}/archive`,
      unarchive_url: `${url}/unarchive`,
    });
  });
});
