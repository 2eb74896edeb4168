// Expenses (spec 001 "Expenses" table and the Expense shape; wire/serviceTypesMoney.ts), one
// describe per endpoint row, then the codes invoiced and archived_project and the roles.
import { describe, expect, it } from 'vitest';
import { serveTeam } from '../support/people';
import { createExpense, createInvoice } from '../support/moneySupport';
import { createProject, serve } from '../support/support';

const KEYS = [
  'id',
  'price',
  'description',
  'taxable',
  'date',
  'project',
  'invoice',
  'user',
  'url',
  'created_at',
  'updated_at',
];
const ids = (reply: { body: Array<{ id: number }> }) => reply.body.map((x) => x.id);

describe('POST /v2/expenses', () => {
  it('date, project_id, price required; user_id default current user; taxable default true; 201 with the Expense and a Location', async () => {
    const { service, client } = await serve();
    const p = await createProject(client, { name: 'Site' });
    const reply = await client.post('/v2/expenses', {
      date: '2024-03-01',
      project_id: p,
      price: 12.5,
      description: 'Train #travel',
    });
    expect(reply.status).toBe(201);
    const x = reply.body;
    expect(Object.keys(x).sort()).toEqual([...KEYS].sort());
    expect(reply.headers.get('location')).toBe(`${service.url}/v2/expense/${x.id}`);
    expect(x).toEqual({
      id: x.id,
      price: 12.5,
      description: 'Train #travel', // tags are not parsed
      taxable: true,
      date: '2024-03-01',
      project: {
        id: p,
        name: 'Site',
        billing_increment: 15,
        enabled: true,
        billable: true,
        color: null,
        url: `${service.url}/v2/projects/${p}`,
      },
      invoice: null,
      user: {
        id: service.ownerId,
        email: 'me@stint.local',
        first_name: null,
        last_name: null,
        profile_image_url: null,
        url: `${service.url}/v2/users/${service.ownerId}`,
      },
      url: `${service.url}/v2/expense/${x.id}`,
      created_at: '2024-03-04T09:00:00Z',
      updated_at: '2024-03-04T09:00:00Z',
    });
    expect((await client.get('/v2/tags')).body).toEqual([]);
  });

  it('takes a negative price, a decimal string, taxable false and another user (for roles that change others)', async () => {
    const team = await serveTeam();
    const p = await createProject(team.client);
    const coworker = await team.member('coworker');
    const credit = await createExpense(team.client, {
      project_id: p,
      price: -20.05,
      taxable: false,
      user_id: coworker.id,
    });
    expect(credit).toMatchObject({ price: -20.05, taxable: false, user: { id: coworker.id } });
    expect((await createExpense(team.client, { project_id: p, price: '1234.5' })).price).toBe(1234.5);
    expect((await createExpense(team.client, { project_id: p, price: 0.1 + 0.2 })).price).toBe(0.3); // float noise is not a third decimal
  });

  it('refuses missing fields, wrong types, prices with more than two decimals or beyond a billion, and unknown ids, writing nothing', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    expect((await client.post('/v2/expenses', {})).body.errors).toEqual([
      { resource: 'Expense', field: 'date', code: 'missing_field' },
      { resource: 'Expense', field: 'project_id', code: 'missing_field' },
      { resource: 'Expense', field: 'price', code: 'missing_field' },
    ]);
    for (const price of [
      '12,50',
      '1e3',
      10.125,
      '10.125',
      'NaN',
      'Infinity',
      true,
      [1],
      { v: 1 },
      1e300,
      1_000_000_000.01,
      '-1000000000.01',
      '',
    ]) {
      const reply = await client.post('/v2/expenses', { date: '2024-03-01', project_id: p, price });
      expect(reply.status, JSON.stringify(price)).toBe(400);
      expect(reply.body.errors, JSON.stringify(price)).toEqual([
        { resource: 'Expense', field: 'price', code: price === '' ? 'missing_field' : 'invalid' },
      ]);
    }
    expect(
      (await client.post('/v2/expenses', { date: '2024-03-01', project_id: p, price: 1_000_000_000 })).status,
    ).toBe(201);
    for (const [field, value] of [
      ['taxable', 'yes'],
      ['date', '2024-02-30'],
      ['project_id', '1'],
      ['user_id', 1.5],
      ['description', 'x'.repeat(10_001)],
    ] as const) {
      const reply = await client.post('/v2/expenses', { date: '2024-03-01', project_id: p, price: 1, [field]: value });
      expect(reply.body.errors, field).toEqual([{ resource: 'Expense', field, code: 'invalid' }]);
    }
    expect((await client.post('/v2/expenses', { date: '2024-03-01', project_id: 999, price: 1 })).body.errors).toEqual([
      { resource: 'Expense', field: 'project_id', code: 'missing' },
    ]);
    expect(
      (await client.post('/v2/expenses', { date: '2024-03-01', project_id: p, price: 1, user_id: 999 })).body.errors,
    ).toEqual([{ resource: 'Expense', field: 'user_id', code: 'missing' }]);
    expect((await client.get('/v2/expenses')).body).toHaveLength(1);
  });

  it('refuses an expense in an archived project with code archived_project', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    await createExpense(client, { project_id: p });
    await client.put(`/v2/projects/${p}/archive`);
    const reply = await client.post('/v2/expenses', { date: '2024-03-01', project_id: p, price: 1 });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ resource: 'Expense', field: 'project_id', code: 'archived_project' }]);
  });
});

describe('GET /v2/expenses/:id', () => {
  it('answers 200 with the Expense under /v2/expenses/:id and /v2/expense/:id; 404 for a missing one or an id that is not one', async () => {
    const { client } = await serve();
    const x = await createExpense(client, { project_id: await createProject(client) });
    expect((await client.get(`/v2/expenses/${x.id}`)).body).toEqual(x);
    expect((await client.get(`/v2/expense/${x.id}`)).body).toEqual(x);
    for (const path of ['/v2/expenses/999', '/v2/expense/999', '/v2/expenses/x', '/v2/expenses/-1'])
      expect((await client.get(path)).status, path).toBe(404);
  });
});

describe('PUT /v2/expenses/:id', () => {
  it('same fields and same required ones as create; 200 with the Expense; both paths; user kept when user_id is absent', async () => {
    const team = await serveTeam();
    const { client, clock } = team;
    const coworker = await team.member('coworker');
    const a = await createProject(client);
    const b = await createProject(client);
    const x = await createExpense(client, { project_id: a, price: 5, user_id: coworker.id });
    clock.advance(60_000);
    const reply = await client.put(`/v2/expenses/${x.id}`, {
      date: '2024-02-02',
      project_id: b,
      price: '7.99',
      taxable: false,
      description: 'Taxi',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      date: '2024-02-02',
      project: { id: b },
      price: 7.99,
      taxable: false,
      description: 'Taxi',
      user: { id: coworker.id },
      updated_at: '2024-03-04T09:01:00Z',
    });
    const singular = await client.put(`/v2/expense/${x.id}`, { date: '2024-02-03', project_id: b, price: 8 });
    expect(singular.body).toMatchObject({ date: '2024-02-03', price: 8, taxable: true, description: null });
    expect((await client.put(`/v2/expenses/${x.id}`, { price: 9 })).body.errors).toEqual([
      { resource: 'Expense', field: 'date', code: 'missing_field' },
      { resource: 'Expense', field: 'project_id', code: 'missing_field' },
    ]);
    expect((await client.get(`/v2/expenses/${x.id}`)).body.price).toBe(8);
    expect((await client.put('/v2/expenses/999', { date: '2024-02-03', project_id: b, price: 8 })).status).toBe(404);
  });

  it('refuses with code invoiced for an expense on an invoice, and archived_project for one in (or moved to) an archived project', async () => {
    const { client } = await serve();
    const open = await createProject(client);
    const closed = await createProject(client);
    const invoiced = await createExpense(client, { project_id: open });
    const inClosed = await createExpense(client, { project_id: closed });
    const movable = await createExpense(client, { project_id: open });
    await createInvoice(client, { expense_ids: [invoiced.id] });
    await client.put(`/v2/projects/${closed}/archive`);
    const body = { date: '2024-03-01', project_id: open, price: 99 };
    expect((await client.put(`/v2/expenses/${invoiced.id}`, body)).body.errors).toEqual([
      { resource: 'Expense', field: 'base', code: 'invoiced' },
    ]);
    expect((await client.put(`/v2/expenses/${inClosed.id}`, body)).body.errors).toEqual([
      { resource: 'Expense', field: 'project_id', code: 'archived_project' },
    ]);
    expect((await client.put(`/v2/expenses/${movable.id}`, { ...body, project_id: closed })).body.errors).toEqual([
      { resource: 'Expense', field: 'project_id', code: 'archived_project' },
    ]);
    for (const x of [invoiced, inClosed, movable])
      expect((await client.get(`/v2/expenses/${x.id}`)).body.price).toBe(10);
  });
});

describe('DELETE /v2/expenses/:id', () => {
  it('answers 204 under both paths; later calls 404', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    const a = await createExpense(client, { project_id: p });
    const b = await createExpense(client, { project_id: p });
    expect((await client.del(`/v2/expenses/${a.id}`)).status).toBe(204);
    expect((await client.del(`/v2/expense/${b.id}`)).status).toBe(204);
    expect((await client.get(`/v2/expenses/${a.id}`)).status).toBe(404);
    expect((await client.del(`/v2/expense/${b.id}`)).status).toBe(404);
  });

  it('refuses with code invoiced or archived_project and keeps the expense', async () => {
    const { client } = await serve();
    const open = await createProject(client);
    const closed = await createProject(client);
    const invoiced = await createExpense(client, { project_id: open });
    const inClosed = await createExpense(client, { project_id: closed });
    await createInvoice(client, { expense_ids: [invoiced.id] });
    await client.put(`/v2/projects/${closed}/archive`);
    expect((await client.del(`/v2/expenses/${invoiced.id}`)).body.errors).toEqual([
      { resource: 'Expense', field: 'base', code: 'invoiced' },
    ]);
    expect((await client.del(`/v2/expenses/${inClosed.id}`)).body.errors).toEqual([
      { resource: 'Expense', field: 'project_id', code: 'archived_project' },
    ]);
    expect((await client.get('/v2/expenses')).body).toHaveLength(2);
  });
});

describe('GET /v2/expenses', () => {
  it('lists the most recent date first and, within a date, the newest first; paginated with a Link header', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    const a = await createExpense(client, { project_id: p, date: '2024-03-01' });
    const b = await createExpense(client, { project_id: p, date: '2024-03-03' });
    const c = await createExpense(client, { project_id: p, date: '2024-03-01' });
    expect(ids(await client.get('/v2/expenses'))).toEqual([b.id, c.id, a.id]);
    const page = await client.get('/v2/expenses?per_page=2&page=2');
    expect(ids(page)).toEqual([a.id]);
    expect(page.headers.get('link')).toContain('rel="first"');
  });

  it('filters by user_ids, project_ids, invoice_ids, description, from, to, price_from, price_to (inclusive), taxable and invoiced, combined', async () => {
    const team = await serveTeam();
    const { client } = team;
    const coworker = await team.member('coworker');
    const site = await createProject(client);
    const app = await createProject(client);
    const x1 = await createExpense(client, {
      project_id: site,
      date: '2024-03-01',
      price: 10,
      description: 'Hotel 100%',
    });
    const x2 = await createExpense(client, {
      project_id: app,
      date: '2024-03-02',
      price: 10.01,
      taxable: false,
      user_id: coworker.id,
    });
    const x3 = await createExpense(client, { project_id: app, date: '2024-03-03', price: -5, description: 'Refund' });
    const invoice = await createInvoice(client, { expense_ids: [x3.id] });
    const list = async (q: string) => {
      const reply = await client.get(`/v2/expenses?${q}`);
      expect(reply.status, q).toBe(200);
      return ids(reply);
    };
    expect(await list(`user_ids=${coworker.id}`)).toEqual([x2.id]);
    expect(await list(`project_ids=${app}`)).toEqual([x3.id, x2.id]);
    expect(await list(`invoice_ids=${invoice.id}`)).toEqual([x3.id]);
    expect(await list('description=hotel')).toEqual([x1.id]);
    expect(await list('description=100%25')).toEqual([x1.id]);
    expect(await list('description=_')).toEqual([]);
    expect(await list('from=2024-03-02')).toEqual([x3.id, x2.id]);
    expect(await list('to=2024-03-02')).toEqual([x2.id, x1.id]);
    expect(await list('price_from=10')).toEqual([x2.id, x1.id]);
    expect(await list('price_from=10.01')).toEqual([x2.id]);
    expect(await list('price_to=10')).toEqual([x3.id, x1.id]);
    expect(await list('price_from=-5&price_to=-5')).toEqual([x3.id]);
    expect(await list('taxable=false')).toEqual([x2.id]);
    expect(await list('invoiced=true')).toEqual([x3.id]);
    expect(await list('invoiced=false&taxable=true')).toEqual([x1.id]);
    expect((await client.get(`/v2/expenses/${x3.id}`)).body.invoice).toEqual({
      id: invoice.id,
      reference: invoice.reference,
      invoice_date: '2024-03-31',
      state: 'unpaid',
      total_amount: -5,
      url: invoice.url,
    });
  });

  it('refuses every filter of the wrong type with 400 naming it', async () => {
    const { client } = await serve();
    for (const [param, value] of [
      ['user_ids', 'me'],
      ['project_ids', '1,,2'],
      ['invoice_ids', '-1'],
      ['from', 'yesterday'],
      ['to', '2024-02-30'],
      ['price_from', 'cheap'],
      ['price_to', '1.005'],
      ['taxable', 'yes'],
      ['invoiced', '1'],
    ]) {
      const reply = await client.get(`/v2/expenses?${param}=${encodeURIComponent(value!)}`);
      expect(reply.status, param).toBe(400);
      expect(reply.body.errors, param).toEqual([{ resource: 'Expense', field: param, code: 'invalid' }]);
    }
  });
});

describe('who sees and changes expenses (GAPS.md "Roles")', () => {
  it("owner, supervisor and leader see all; coworkers only their own, and another user's answers 404", async () => {
    const team = await serveTeam();
    const p = await createProject(team.client);
    const coworker = await team.member('coworker');
    const leader = await team.member('leader');
    const mine = await createExpense(coworker.client, { project_id: p });
    const owners = await createExpense(team.client, { project_id: p });
    expect(ids(await leader.client.get('/v2/expenses'))).toEqual([owners.id, mine.id]);
    expect(ids(await coworker.client.get('/v2/expenses'))).toEqual([mine.id]);
    expect((await coworker.client.get(`/v2/expenses/${owners.id}`)).status).toBe(404);
    expect((await coworker.client.del(`/v2/expenses/${owners.id}`)).status).toBe(404);
  });

  it("a leader sees others' expenses but changing them answers 403; a coworker cannot log one for someone else (403)", async () => {
    const team = await serveTeam();
    const p = await createProject(team.client);
    const leader = await team.member('leader');
    const coworker = await team.member('coworker');
    const owners = await createExpense(team.client, { project_id: p });
    expect(
      (await leader.client.put(`/v2/expenses/${owners.id}`, { date: '2024-03-01', project_id: p, price: 1 })).status,
    ).toBe(403);
    expect((await leader.client.del(`/v2/expenses/${owners.id}`)).status).toBe(403);
    expect(
      (await coworker.client.post('/v2/expenses', { date: '2024-03-01', project_id: p, price: 1, user_id: leader.id }))
        .status,
    ).toBe(403);
    expect((await team.client.get(`/v2/expenses/${owners.id}`)).body.price).toBe(10);
  });

  it('a contractor logs and sees expenses only in projects given access; other projects name nothing (400 missing)', async () => {
    const team = await serveTeam();
    const given = await createProject(team.client);
    const other = await createProject(team.client);
    const contractor = await team.member('contractor');
    await team.client.put(`/v2/users/${contractor.id}/give_access_to_projects`, { project_ids: [given] });
    const mine = await createExpense(contractor.client, { project_id: given });
    const refused = await contractor.client.post('/v2/expenses', { date: '2024-03-01', project_id: other, price: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ resource: 'Expense', field: 'project_id', code: 'missing' }]);
    expect(ids(await contractor.client.get('/v2/expenses'))).toEqual([mine.id]);
  });
});
