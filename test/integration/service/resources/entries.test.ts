// Entries (spec 001 "Entries"; the Entry shape of wire/serviceTypes.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeBeside } from '../../../support/sqliteFile';
import { serveTeam } from '../support/people';
import { createEntry, createProject, serve } from '../support/support';

const KEYS = [
  'id',
  'date',
  'user',
  'billable',
  'minutes',
  'description',
  'project',
  'tags',
  'source_url',
  'invoiced_at',
  'invoice',
  'import',
  'approved_at',
  'approved_by',
  'url',
  'invoiced_outside_of_service_url',
  'approved_url',
  'unapproved_url',
  'created_at',
  'updated_at',
];

describe('creating entries', () => {
  it('answers 201 with the Entry and a Location to it', async () => {
    const { service, client } = await serve();
    const p = await createProject(client, { name: 'Site', billing_increment: 1 });
    const reply = await client.post('/v2/entries', {
      date: '2024-03-01',
      minutes: 45,
      description: 'Layout #design',
      project_id: p,
      source_url: 'stint://q/1',
    });
    expect(reply.status).toBe(201);
    const e = reply.body;
    expect(reply.headers.get('location')).toBe(`${service.url}/v2/entries/${e.id}`);
    expect(Object.keys(e).sort()).toEqual([...KEYS].sort());
    expect(e).toMatchObject({
      date: '2024-03-01',
      minutes: 45,
      billable: true,
      description: 'Layout #design',
      source_url: 'stint://q/1',
      project: {
        id: p,
        name: 'Site',
        billing_increment: 1,
        enabled: true,
        billable: true,
        color: null,
        url: `${service.url}/v2/projects/${p}`,
      },
      user: { id: service.ownerId, email: 'me@stint.local', url: `${service.url}/v2/users/${service.ownerId}` },
      invoiced_at: null,
      invoice: null,
      import: null,
      approved_at: null,
      approved_by: null,
      url: `${service.url}/v2/entries/${e.id}`,
      invoiced_outside_of_service_url: `${service.url}/v2/entries/${e.id}/marked_as_invoiced`,
      approved_url: `${service.url}/v2/entries/${e.id}/approved`,
      unapproved_url: `${service.url}/v2/entries/${e.id}/unapproved`,
      created_at: '2024-03-04T09:00:00Z',
      updated_at: '2024-03-04T09:00:00Z',
    });
    expect(e.tags).toEqual([
      {
        id: e.tags[0].id,
        name: 'design',
        billable: true,
        formatted_name: '#design',
        url: `${service.url}/v2/tags/${e.tags[0].id}`,
      },
    ]);
    expect((await client.get(`/v2/entries/${e.id}`)).body).toEqual(e);
  });

  it.each([
    [15, 7, 15],
    [15, 15, 15],
    [15, 16, 30],
    [15, 0, 0],
    [60, 61, 120],
    [6, 7, 12],
    [1, 7, 7],
  ])('rounds minutes up to the billing increment (increment %i: %i -> %i)', async (increment, minutes, stored) => {
    const { client } = await serve();
    const p = await createProject(client, { billing_increment: increment });
    expect((await createEntry(client, { project_id: p, minutes })).minutes).toBe(stored);
  });

  it('does not round the minutes of an entry without a project', async () => {
    const { client } = await serve();
    expect((await createEntry(client, { minutes: 7 })).minutes).toBe(7);
  });

  it('refuses an entry without date or minutes, or with minutes that are not a whole number of at least 0', async () => {
    const { client } = await serve();
    expect((await client.post('/v2/entries', {})).body.errors).toEqual([
      { resource: 'Entry', field: 'date', code: 'missing_field' },
      { resource: 'Entry', field: 'minutes', code: 'missing_field' },
    ]);
    for (const minutes of [-1, 1.5, '30', true, [30], 1e12]) {
      const reply = await client.post('/v2/entries', { date: '2024-03-01', minutes });
      expect(reply.status, JSON.stringify(minutes)).toBe(400);
      expect(reply.body.errors, JSON.stringify(minutes)).toEqual([
        { resource: 'Entry', field: 'minutes', code: 'invalid' },
      ]);
    }
    for (const date of ['2024-02-30', '01/03/2024', '2024-3-1', 20240301]) {
      expect((await client.post('/v2/entries', { date, minutes: 1 })).status, String(date)).toBe(400);
    }
    expect((await client.get('/v2/entries')).body).toEqual([]);
  });

  it('creates the project named by project_name when there is none of that name, and reuses it otherwise', async () => {
    const { client } = await serve();
    const first = await createEntry(client, { project_name: 'Fresh' });
    expect(first.project).toMatchObject({ name: 'Fresh', billable: true, billing_increment: 15 });
    expect(first.minutes).toBe(30);
    const second = await createEntry(client, { project_name: 'fresh' });
    expect(second.project.id).toBe(first.project.id);
    const byId = await createEntry(client, { project_id: first.project.id, project_name: 'Ignored' });
    expect(byId.project.id).toBe(first.project.id);
    expect((await client.get('/v2/projects')).body).toHaveLength(1);
  });

  it('refuses a project_id or user_id that names nothing with code missing', async () => {
    const { client } = await serve();
    expect((await client.post('/v2/entries', { date: '2024-03-01', minutes: 1, project_id: 99 })).body.errors).toEqual([
      { resource: 'Entry', field: 'project_id', code: 'missing' },
    ]);
    expect((await client.post('/v2/entries', { date: '2024-03-01', minutes: 1, user_id: 99 })).body.errors).toEqual([
      { resource: 'Entry', field: 'user_id', code: 'missing' },
    ]);
  });

  it('refuses an entry in an archived project with code archived_project, by id or by name', async () => {
    const { client } = await serve();
    const p = await createProject(client, { name: 'Done' });
    await createEntry(client, { project_id: p });
    await client.put(`/v2/projects/${p}/archive`);
    for (const body of [{ project_id: p }, { project_name: 'Done' }]) {
      const reply = await client.post('/v2/entries', { date: '2024-03-01', minutes: 1, ...body });
      expect(reply.status).toBe(400);
      expect(reply.body.errors[0].code).toBe('archived_project');
    }
  });
});

describe('changing and deleting entries', () => {
  it('PUT sets 0 minutes when minutes is absent and keeps project, user, date and description', async () => {
    const { client, clock } = await serve();
    const p = await createProject(client);
    const e = await createEntry(client, { project_id: p, date: '2024-03-01', description: 'Kept #tag' });
    clock.advance(60_000);
    const reply = await client.put(`/v2/entries/${e.id}`, {});
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      minutes: 0,
      project: { id: p },
      user: { id: e.user.id },
      date: '2024-03-01',
      description: 'Kept #tag',
      updated_at: '2024-03-04T09:01:00Z',
    });
  });

  it('PUT changes fields, re-reads tags, rounds to the new project and removes the project on project_id null', async () => {
    const { client } = await serve();
    const hour = await createProject(client, { billing_increment: 60 });
    const e = await createEntry(client, { description: '#old' });
    const moved = (
      await client.put(`/v2/entries/${e.id}`, {
        project_id: hour,
        minutes: 10,
        description: '#new*',
        date: '2024-02-01',
      })
    ).body;
    expect(moved).toMatchObject({ project: { id: hour }, minutes: 60, date: '2024-02-01', billable: false });
    expect(moved.tags.map((t: any) => t.name)).toEqual(['new']);
    const loose = (await client.put(`/v2/entries/${e.id}`, { project_id: null, minutes: 10 })).body;
    expect(loose).toMatchObject({ project: null, minutes: 10, description: '#new*' });
  });

  it('PUT refuses to move an entry into an archived project', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    await createEntry(client, { project_id: p });
    await client.put(`/v2/projects/${p}/archive`);
    const e = await createEntry(client, {});
    expect((await client.put(`/v2/entries/${e.id}`, { project_id: p, minutes: 5 })).body.errors[0].code).toBe(
      'archived_project',
    );
    expect((await client.get(`/v2/entries/${e.id}`)).body.project).toBeNull();
  });

  it('PUT refuses to change an entry that stays in an archived project', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    const e = await createEntry(client, { project_id: p, minutes: 15 });
    await client.put(`/v2/projects/${p}/archive`);
    const reply = await client.put(`/v2/entries/${e.id}`, { minutes: 45 });
    expect(reply.body.errors).toEqual([{ resource: 'Entry', field: 'project_id', code: 'archived_project' }]);
    expect((await client.get(`/v2/entries/${e.id}`)).body.minutes).toBe(15);
  });

  // The answer is built from what the write returned (domain/entryCommands/changeEntry.ts), not
  // read back: it must still be exactly the entry as it is stored.
  it("PUT answers the entry exactly as GET then shows it: another user's, marked as invoiced, its tags kept or read anew", async () => {
    const team = await serveTeam();
    const { client } = team;
    const ann = await team.member('leader');
    const site = await createProject(client, { billing_increment: 1 });
    const free = await createProject(client, { billable: false, billing_increment: 30 });
    const e = await createEntry(client, { user_id: ann.id, project_id: site, description: 'Call #client #design*' });
    expect((await client.put(`/v2/entries/${e.id}/marked_as_invoiced`, { date: '2024-03-10' })).status).toBe(204);
    for (const body of [
      { minutes: 20 },
      { minutes: 25, description: 'Call #client' },
      { minutes: 31, project_id: free },
      { minutes: 5, project_id: null, user_id: team.service.ownerId, description: 'Done #design*' },
      { minutes: 7, project_name: 'Made by this change', source_url: 'https://example.test/x' },
    ]) {
      const put = await client.put(`/v2/entries/${e.id}`, body);
      expect(put.status, JSON.stringify(body)).toBe(200);
      expect(put.body, JSON.stringify(body)).toEqual((await client.get(`/v2/entries/${e.id}`)).body);
    }
  });

  it('DELETE removes the entry (204) and later calls answer 404', async () => {
    const { client } = await serve();
    const e = await createEntry(client, {});
    const reply = await client.del(`/v2/entries/${e.id}`);
    expect(reply.status).toBe(204);
    for (const [method, body] of [['GET'], ['PUT', {}], ['DELETE']] as const) {
      expect((await client.call(method, `/v2/entries/${e.id}`, body)).status, method).toBe(404);
    }
  });

  it('refuses to change or delete an approved entry with code approved_and_locked', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stint-entries-'));
    const { client } = await serve({ dataDir });
    const e = await createEntry(client, { minutes: 15 });
    // Approval has no endpoint yet: the entry is approved in the database directly.
    await writeBeside(join(dataDir, 'service.db'), (db) =>
      db.prepare(`UPDATE entries SET approved_at = '2024-03-04T10:00:00Z', approved_by_id = 1 WHERE id = ?`).run(e.id),
    );
    for (const reply of [
      await client.put(`/v2/entries/${e.id}`, { minutes: 30 }),
      await client.del(`/v2/entries/${e.id}`),
    ]) {
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ resource: 'Entry', field: 'base', code: 'approved_and_locked' }]);
    }
    expect((await client.get(`/v2/entries/${e.id}`)).body).toMatchObject({
      minutes: 15,
      approved_at: '2024-03-04T10:00:00Z',
      approved_by: { id: 1 },
    });
  });
});

describe('listing entries', () => {
  it('lists the most recent date first and, within a date, the newest entry first', async () => {
    const { client } = await serve();
    const a = await createEntry(client, { date: '2024-03-01' });
    const b = await createEntry(client, { date: '2024-03-03' });
    const c = await createEntry(client, { date: '2024-03-01' });
    const d = await createEntry(client, { date: '2024-02-28' });
    expect((await client.get('/v2/entries')).body.map((e: any) => e.id)).toEqual([b.id, c.id, a.id, d.id]);
  });

  it('filters by users, projects, description, dates, billable and tags, combined', async () => {
    const { service, client } = await serve();
    const site = await createProject(client, { name: 'Site' });
    const app = await createProject(client, { name: 'App', billable: false });
    const e1 = await createEntry(client, {
      date: '2024-03-01',
      project_id: site,
      description: 'Header #design #review',
    });
    const e2 = await createEntry(client, { date: '2024-03-02', project_id: app, description: 'Login #design' });
    const e3 = await createEntry(client, { date: '2024-03-03', description: 'Emails 100% #admin' });
    const tags = Object.fromEntries((await client.get('/v2/tags')).body.map((t: any) => [t.name, t.id]));
    const ids = async (q: string) => {
      const reply = await client.get(`/v2/entries?${q}`);
      expect(reply.status, q).toBe(200);
      return reply.body.map((e: any) => e.id);
    };
    expect(await ids(`user_ids=${service.ownerId}`)).toEqual([e3.id, e2.id, e1.id]);
    expect(await ids('user_ids=99')).toEqual([]);
    expect(await ids(`project_ids=${site},${app}`)).toEqual([e2.id, e1.id]);
    expect(await ids('description=LOGIN')).toEqual([e2.id]);
    expect(await ids('description=100%25')).toEqual([e3.id]);
    expect(await ids('description=_')).toEqual([]);
    expect(await ids('from=2024-03-02')).toEqual([e3.id, e2.id]);
    expect(await ids('to=2024-03-02')).toEqual([e2.id, e1.id]);
    expect(await ids('from=2024-03-02&to=2024-03-02')).toEqual([e2.id]);
    expect(await ids('billable=false')).toEqual([e2.id]);
    expect(await ids('billable=true')).toEqual([e3.id, e1.id]);
    expect(await ids(`tag_ids=${tags.design},${tags.review}`)).toEqual([e1.id]);
    expect(await ids(`tag_ids=${tags.design},${tags.review}&tag_filter_type=and`)).toEqual([e1.id]);
    expect(await ids(`tag_ids=${tags.review},${tags.admin}&tag_filter_type=combination%20of`)).toEqual([e3.id, e1.id]);
    expect(await ids(`tag_ids=${tags.design}&project_ids=${site}`)).toEqual([e1.id]);
    expect((await client.get('/v2/entries?tag_filter_type=or')).status).toBe(400);
  });

  it('filters by updated_from and updated_to timestamps', async () => {
    const { client, clock } = await serve();
    const early = await createEntry(client, {});
    clock.set('2024-03-05T12:00:00Z');
    const late = await createEntry(client, {});
    const ids = async (q: string) => (await client.get(`/v2/entries?${q}`)).body.map((e: any) => e.id);
    expect(await ids('updated_from=2024-03-05T00:00:00Z')).toEqual([late.id]);
    expect(await ids('updated_to=2024-03-05T11:59:59Z')).toEqual([early.id]);
    expect(await ids('updated_from=2024-03-05T13:00:00%2B02:00')).toEqual([late.id]); // an offset is read as what it means
    expect((await client.get('/v2/entries?updated_from=2024-03-05')).status).toBe(400);
  });

  it('filters by invoicing, approval, invoice and import', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stint-entries-'));
    const { service, client } = await serve({ dataDir });
    const plain = await createEntry(client, {});
    const invoiced = await createEntry(client, {});
    const approved = await createEntry(client, {});
    // Invoices, approval and imports have no endpoints yet: their marks are set in the database.
    await writeBeside(join(dataDir, 'service.db'), (db) => {
      db.prepare(`UPDATE entries SET invoiced_at = '2024-03-10T08:00:00Z', invoice_id = 7 WHERE id = ?`).run(
        invoiced.id,
      );
      db.prepare(
        `UPDATE entries SET approved_at = '2024-03-12T08:00:00Z', approved_by_id = ?, import_id = 3 WHERE id = ?`,
      ).run(service.ownerId, approved.id);
    });
    const ids = async (q: string) => (await client.get(`/v2/entries?${q}`)).body.map((e: any) => e.id);
    expect(await ids('invoiced=true')).toEqual([invoiced.id]);
    expect(await ids('invoiced=false')).toEqual([approved.id, plain.id]);
    expect(await ids('invoiced_at_from=2024-03-10&invoiced_at_to=2024-03-10')).toEqual([invoiced.id]);
    expect(await ids('invoiced_at_from=2024-03-11')).toEqual([]);
    expect(await ids('invoice_ids=7')).toEqual([invoiced.id]);
    expect(await ids(`approved_by_ids=${service.ownerId}`)).toEqual([approved.id]);
    expect(await ids('approved_at_from=2024-03-12&approved_at_to=2024-03-12')).toEqual([approved.id]);
    expect(await ids('approved_at_to=2024-03-11')).toEqual([]);
    expect(await ids('import_ids=3,4')).toEqual([approved.id]);
    expect((await client.get(`/v2/entries/${approved.id}`)).body.import).toEqual({
      id: 3,
      url: `${service.url}/v2/imports/3`,
    });
  });

  it('refuses every filter of the wrong type with 400 naming it', async () => {
    const { client } = await serve();
    for (const [param, value] of [
      ['user_ids', 'me'],
      ['project_ids', '1,,2'],
      ['tag_ids', '-1'],
      ['invoice_ids', '1.5'],
      ['import_ids', 'x'],
      ['approved_by_ids', '1;2'],
      ['from', 'yesterday'],
      ['to', '2024-02-30'],
      ['invoiced', '1'],
      ['invoiced_at_from', '2024/01/01'],
      ['invoiced_at_to', 'x'],
      ['updated_from', 'x'],
      ['updated_to', '2024-01-01T25:00:00Z'],
      ['billable', 'TRUE'],
      ['approved_at_from', 'x'],
      ['approved_at_to', 'x'],
    ]) {
      const reply = await client.get(`/v2/entries?${param}=${encodeURIComponent(value!)}`);
      expect(reply.status, param).toBe(400);
      expect(reply.body.errors, param).toEqual([{ resource: 'Entry', field: param, code: 'invalid' }]);
    }
  });
});
