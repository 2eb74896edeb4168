// Approval and invoicing of entries: the rows of spec 001's entries table for marked_as_invoiced,
// approved and unapproved (one and bulk), the rows of its Entry state table, their error codes,
// who may do them (GAPS.md "Roles"), and the events they emit through the events seam.
import { describe, expect, it } from 'vitest';
import { buildService } from '../../../../service';
import { onEntryEvent, type EntryEvent } from '../../../../service/events/emit';
import { serveTeam } from '../support/people';
import { createInvoice } from '../support/moneySupport';
import { Client, createEntry, createProject, serve } from '../support/support';

const errors = (reply: { body: any }) => reply.body.errors;

describe('spec 001 entries table', () => {
  it('PUT /v2/entries/:id/marked_as_invoiced: date required; 204; invoiced_at is that date, the entry has no invoice', async () => {
    const { client } = await serve();
    const e = await createEntry(client, {});
    const reply = await client.put(`/v2/entries/${e.id}/marked_as_invoiced`, { date: '2024-03-10' });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect((await client.get(`/v2/entries/${e.id}`)).body).toMatchObject({
      invoiced_at: '2024-03-10T00:00:00Z',
      invoice: null,
    });
    const missing = await client.put(`/v2/entries/${e.id}/marked_as_invoiced`, {});
    expect(missing.status).toBe(400);
    expect(errors(missing)).toEqual([{ resource: 'Entry', field: 'date', code: 'missing_field' }]);
  });

  it('PUT /v2/entries/marked_as_invoiced: entry_ids and date; 204; entries that cannot be marked are ignored', async () => {
    const { client } = await serve();
    const a = await createEntry(client, {});
    const b = await createEntry(client, {});
    const onInvoice = await createEntry(client, {});
    await createInvoice(client, {
      entry_ids: [onInvoice.id],
      rate_calculation: { calculation_method: 'flat_rate', flat_rate: 1 },
    });
    const reply = await client.put('/v2/entries/marked_as_invoiced', {
      entry_ids: [a.id, b.id, onInvoice.id, 9999],
      date: '2024-03-12',
    });
    expect(reply.status).toBe(204);
    for (const id of [a.id, b.id])
      expect((await client.get(`/v2/entries/${id}`)).body.invoiced_at).toBe('2024-03-12T00:00:00Z');
    expect((await client.get(`/v2/entries/${onInvoice.id}`)).body.invoiced_at).toBe('2024-03-31T00:00:00Z'); // the invoice's date, kept
    for (const [body, field, code] of [
      [{ date: '2024-03-12' }, 'entry_ids', 'missing_field'],
      [{ entry_ids: [a.id] }, 'date', 'missing_field'],
      [{ entry_ids: 'all', date: '2024-03-12' }, 'entry_ids', 'invalid'],
      [{ entry_ids: [a.id], date: '12.03.2024' }, 'date', 'invalid'],
    ] as const) {
      const bad = await client.put('/v2/entries/marked_as_invoiced', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(errors(bad), JSON.stringify(body)).toEqual([{ resource: 'Entry', field, code }]);
    }
  });

  it('PUT /v2/entries/:id/approved: approved_at optional, default now; 204; sets approved_at and approved_by', async () => {
    const { service, client, clock } = await serve();
    const now = await createEntry(client, {});
    const given = await createEntry(client, {});
    clock.set('2024-03-05T10:30:00Z');
    expect((await client.put(`/v2/entries/${now.id}/approved`)).status).toBe(204); // no body, no Content-Type
    expect(
      (await client.put(`/v2/entries/${given.id}/approved`, { approved_at: '2024-03-01T12:00:00+02:00' })).status,
    ).toBe(204);
    const owner = { id: service.ownerId, email: 'me@stint.local', url: `${service.url}/v2/users/${service.ownerId}` };
    expect((await client.get(`/v2/entries/${now.id}`)).body).toMatchObject({
      approved_at: '2024-03-05T10:30:00Z',
      approved_by: owner,
      updated_at: '2024-03-05T10:30:00Z',
    });
    expect((await client.get(`/v2/entries/${given.id}`)).body).toMatchObject({
      approved_at: '2024-03-01T10:00:00Z',
      approved_by: owner,
    });
    const bad = await client.put(`/v2/entries/${now.id}/approved`, { approved_at: 'yesterday' });
    expect(errors(bad)).toEqual([{ resource: 'Entry', field: 'approved_at', code: 'invalid' }]);
  });

  it('PUT /v2/entries/approved: entry_ids, approved_at; 204; entries that cannot be approved are ignored', async () => {
    const { client } = await serve();
    const archivedProject = await createProject(client);
    const a = await createEntry(client, {});
    const b = await createEntry(client, {});
    const inArchived = await createEntry(client, { project_id: archivedProject });
    await client.put(`/v2/projects/${archivedProject}/archive`);
    await client.put(`/v2/entries/${b.id}/approved`, { approved_at: '2024-02-01T00:00:00Z' });
    const reply = await client.put('/v2/entries/approved', {
      entry_ids: [a.id, b.id, inArchived.id, 4242],
      approved_at: '2024-03-02T08:00:00Z',
    });
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/entries/${a.id}`)).body.approved_at).toBe('2024-03-02T08:00:00Z');
    expect((await client.get(`/v2/entries/${b.id}`)).body.approved_at).toBe('2024-02-01T00:00:00Z'); // already approved: unchanged
    expect((await client.get(`/v2/entries/${inArchived.id}`)).body.approved_at).toBeNull();
    expect(errors(await client.put('/v2/entries/approved', {}))).toEqual([
      { resource: 'Entry', field: 'entry_ids', code: 'missing_field' },
    ]);
    expect(errors(await client.put('/v2/entries/approved', { entry_ids: [1, 'x'] }))).toEqual([
      { resource: 'Entry', field: 'entry_ids', code: 'invalid' },
    ]);
  });

  it('PUT /v2/entries/:id/unapproved: 204; approved_at and approved_by are cleared', async () => {
    const { client } = await serve();
    const e = await createEntry(client, {});
    await client.put(`/v2/entries/${e.id}/approved`);
    const reply = await client.put(`/v2/entries/${e.id}/unapproved`);
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/entries/${e.id}`)).body).toMatchObject({ approved_at: null, approved_by: null });
  });

  it('PUT /v2/entries/unapproved (decided: the bulk form the spec only names): entry_ids; those not approved are ignored', async () => {
    const { client } = await serve();
    const a = await createEntry(client, {});
    const b = await createEntry(client, {});
    await client.put('/v2/entries/approved', { entry_ids: [a.id] });
    expect((await client.put('/v2/entries/unapproved', { entry_ids: [a.id, b.id, 777] })).status).toBe(204);
    expect((await client.get(`/v2/entries/${a.id}`)).body.approved_at).toBeNull();
  });

  it('the entry links approved_url, unapproved_url and invoiced_outside_of_service_url lead to these actions', async () => {
    const { client } = await serve();
    const e = await createEntry(client, {});
    const call = (url: string, body?: unknown) => new Client('', client.token).call('PUT', url, body);
    expect((await call(e.approved_url)).status).toBe(204);
    expect((await call(e.unapproved_url)).status).toBe(204);
    expect((await call(e.invoiced_outside_of_service_url, { date: '2024-04-01' })).status).toBe(204);
    expect((await client.get(`/v2/entries/${e.id}`)).body).toMatchObject({
      approved_at: null,
      invoiced_at: '2024-04-01T00:00:00Z',
    });
  });

  it('answers 404 for an entry that does not exist or an id that is not one, on every single-entry action', async () => {
    const { client } = await serve();
    for (const path of [
      '/v2/entries/999/approved',
      '/v2/entries/999/unapproved',
      '/v2/entries/abc/approved',
      '/v2/entries/0/unapproved',
    ]) {
      expect((await client.put(path)).status, path).toBe(404);
    }
    expect((await client.put('/v2/entries/999/marked_as_invoiced', { date: '2024-03-01' })).status).toBe(404);
  });
});

describe('spec 001 Entry state table', () => {
  it('PUT approved | not already approved, project not archived | approved_at set (given or now); the entry can no longer be edited or deleted', async () => {
    const { client } = await serve();
    const e = await createEntry(client, { minutes: 15 });
    await client.put(`/v2/entries/${e.id}/approved`);
    for (const reply of [
      await client.put(`/v2/entries/${e.id}`, { minutes: 45 }),
      await client.del(`/v2/entries/${e.id}`),
    ]) {
      expect(reply.status).toBe(400);
      expect(errors(reply)).toEqual([{ resource: 'Entry', field: 'base', code: 'approved_and_locked' }]);
    }
    expect((await client.get(`/v2/entries/${e.id}`)).body.minutes).toBe(15);
  });

  it('PUT approved of an approved entry answers already_approved; in an archived project, archived_project; nothing changes', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    const approved = await createEntry(client, {});
    const archived = await createEntry(client, { project_id: p });
    await client.put(`/v2/entries/${approved.id}/approved`, { approved_at: '2024-03-01T00:00:00Z' });
    await client.put(`/v2/projects/${p}/archive`);
    const again = await client.put(`/v2/entries/${approved.id}/approved`, { approved_at: '2024-03-09T00:00:00Z' });
    expect(again.status).toBe(400);
    expect(errors(again)).toEqual([{ resource: 'Entry', field: 'base', code: 'already_approved' }]);
    expect((await client.get(`/v2/entries/${approved.id}`)).body.approved_at).toBe('2024-03-01T00:00:00Z');
    const refused = await client.put(`/v2/entries/${archived.id}/approved`);
    expect(refused.status).toBe(400);
    expect(errors(refused)).toEqual([{ resource: 'Entry', field: 'project_id', code: 'archived_project' }]);
    expect((await client.get(`/v2/entries/${archived.id}`)).body.approved_at).toBeNull();
  });

  it('PUT unapproved | entry approved | the entry can be edited and deleted again', async () => {
    const { client } = await serve();
    const e = await createEntry(client, { minutes: 15 });
    await client.put(`/v2/entries/${e.id}/approved`);
    await client.put(`/v2/entries/${e.id}/unapproved`);
    expect((await client.put(`/v2/entries/${e.id}`, { minutes: 45 })).body.minutes).toBe(45);
    expect((await client.del(`/v2/entries/${e.id}`)).status).toBe(204);
  });

  it('PUT unapproved of an entry that is not approved answers 400 not_approved (decided); in an archived project, archived_project', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    const plain = await createEntry(client, {});
    const archived = await createEntry(client, { project_id: p });
    await client.put(`/v2/entries/${archived.id}/approved`);
    await client.put(`/v2/projects/${p}/archive`);
    expect(errors(await client.put(`/v2/entries/${plain.id}/unapproved`))).toEqual([
      { resource: 'Entry', field: 'base', code: 'not_approved' },
    ]);
    expect(errors(await client.put(`/v2/entries/${archived.id}/unapproved`))).toEqual([
      { resource: 'Entry', field: 'project_id', code: 'archived_project' },
    ]);
    expect((await client.get(`/v2/entries/${archived.id}`)).body.approved_at).not.toBeNull();
  });

  it('PUT marked_as_invoiced | not already invoiced inside the service | invoiced_at set to the date; repeated calls change that date', async () => {
    const { client } = await serve();
    const e = await createEntry(client, { minutes: 15 });
    await client.put(`/v2/entries/${e.id}/marked_as_invoiced`, { date: '2024-03-10' });
    expect((await client.put(`/v2/entries/${e.id}/marked_as_invoiced`, { date: '2024-03-20' })).status).toBe(204);
    expect((await client.get(`/v2/entries/${e.id}`)).body.invoiced_at).toBe('2024-03-20T00:00:00Z');
    // Decided: marked outside the service, the entry stays editable.
    expect((await client.put(`/v2/entries/${e.id}`, { minutes: 30 })).body).toMatchObject({
      minutes: 30,
      invoiced_at: '2024-03-20T00:00:00Z',
    });
  });

  it('PUT marked_as_invoiced of an entry on an invoice answers already_invoiced and keeps its date', async () => {
    const { client } = await serve();
    const e = await createEntry(client, {});
    const invoice = await createInvoice(client, {
      invoice_date: '2024-03-31',
      entry_ids: [e.id],
      rate_calculation: { calculation_method: 'flat_rate', flat_rate: 100 },
    });
    const reply = await client.put(`/v2/entries/${e.id}/marked_as_invoiced`, { date: '2024-04-02' });
    expect(reply.status).toBe(400);
    expect(errors(reply)).toEqual([{ resource: 'Entry', field: 'base', code: 'already_invoiced' }]);
    expect((await client.get(`/v2/entries/${e.id}`)).body).toMatchObject({
      invoiced_at: '2024-03-31T00:00:00Z',
      invoice: { id: invoice.id },
    });
  });

  it('approval and invoicing are independent: an approved entry can be invoiced, an invoiced one approved', async () => {
    const { client } = await serve();
    const approved = await createEntry(client, {});
    const invoiced = await createEntry(client, {});
    await client.put(`/v2/entries/${approved.id}/approved`);
    await client.put(`/v2/entries/${invoiced.id}/marked_as_invoiced`, { date: '2024-03-10' });
    expect((await client.put(`/v2/entries/${approved.id}/marked_as_invoiced`, { date: '2024-03-10' })).status).toBe(
      204,
    );
    expect((await client.put(`/v2/entries/${invoiced.id}/approved`)).status).toBe(204);
    const fresh = await createEntry(client, {});
    await client.put(`/v2/entries/${fresh.id}/approved`);
    const invoice = await createInvoice(client, {
      entry_ids: [fresh.id],
      rate_calculation: { calculation_method: 'flat_rate', flat_rate: 1 },
    });
    expect((await client.get(`/v2/entries/${fresh.id}`)).body).toMatchObject({
      approved_at: expect.any(String),
      invoice: { id: invoice.id },
    });
  });
});

describe('who may approve and mark as invoiced (GAPS.md "Roles")', () => {
  it("a leader approves and unapproves anyone's entries; coworkers and contractors get 403, even for their own", async () => {
    const team = await serveTeam();
    const leader = await team.member('leader');
    const coworker = await team.member('coworker');
    const contractor = await team.member('contractor');
    const own = await createEntry(coworker.client, {});
    expect((await leader.client.put(`/v2/entries/${own.id}/approved`)).status).toBe(204);
    expect((await team.client.get(`/v2/entries/${own.id}`)).body.approved_by.id).toBe(leader.id);
    for (const member of [coworker, contractor]) {
      for (const path of [`/v2/entries/${own.id}/unapproved`, `/v2/entries/${own.id}/approved`]) {
        expect((await member.client.put(path)).status, `${member.role} ${path}`).toBe(403);
      }
      expect((await member.client.put('/v2/entries/approved', { entry_ids: [own.id] })).status).toBe(403);
    }
    expect((await leader.client.put(`/v2/entries/${own.id}/unapproved`)).status).toBe(204);
  });

  it('only owner and supervisor mark entries as invoiced (decided); leaders and others get 403', async () => {
    const team = await serveTeam();
    const supervisor = await team.member('supervisor');
    const e = await createEntry(team.client, {});
    expect((await supervisor.client.put(`/v2/entries/${e.id}/marked_as_invoiced`, { date: '2024-03-01' })).status).toBe(
      204,
    );
    for (const role of ['leader', 'coworker', 'contractor'] as const) {
      const member = await team.member(role);
      expect(
        (await member.client.put(`/v2/entries/${e.id}/marked_as_invoiced`, { date: '2024-03-02' })).status,
        role,
      ).toBe(403);
      expect(
        (await member.client.put('/v2/entries/marked_as_invoiced', { entry_ids: [e.id], date: '2024-03-02' })).status,
        role,
      ).toBe(403);
    }
    expect((await team.client.get(`/v2/entries/${e.id}`)).body.invoiced_at).toBe('2024-03-01T00:00:00Z');
  });
});

describe('events seam (GAPS.md "Webhooks and broadcasts": which operation emits which event)', () => {
  it('create, approve, unapprove, marking invoiced and invoicing emit entry.created, entry.updated.approved, .unapproved and .invoiced, once per changed entry', async () => {
    const built = await buildService({ rateLimit: 0, now: () => new Date('2024-03-04T09:00:00Z') });
    const events: EntryEvent[] = [];
    onEntryEvent(built.db, (e) => events.push(e));
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = built.app.server.address() as { port: number };
      const client = new Client(`http://127.0.0.1:${address.port}`, built.token);
      const a = await createEntry(client, {});
      const b = await createEntry(client, {});
      await client.put(`/v2/entries/${a.id}/approved`, { approved_at: '2024-03-01T00:00:00Z' });
      await client.put('/v2/entries/approved', { entry_ids: [a.id, b.id] }); // a is skipped
      await client.put(`/v2/entries/${a.id}/unapproved`);
      await client.put(`/v2/entries/${a.id}/marked_as_invoiced`, { date: '2024-03-05' });
      await client.put(`/v2/entries/${a.id}/approved`); // unapproved before: approved again
      await client.put(`/v2/entries/${a.id}/approved`); // refused: no event
      const invoice = await createInvoice(client, {
        entry_ids: [b.id],
        rate_calculation: { calculation_method: 'flat_rate', flat_rate: 5 },
      });
      expect(events.map((e) => [e.type, e.entryId])).toEqual([
        ['entry.created', a.id],
        ['entry.created', b.id],
        ['entry.updated.approved', a.id],
        ['entry.updated.approved', b.id],
        ['entry.updated.unapproved', a.id],
        ['entry.updated.invoiced', a.id],
        ['entry.updated.approved', a.id],
        ['entry.updated.invoiced', b.id],
      ]);
      expect(events[0]).toEqual({
        type: 'entry.created',
        accountId: expect.any(Number),
        entryId: a.id,
        changes: {},
        at: '2024-03-04T09:00:00Z',
      });
      expect(events[2]).toEqual({
        type: 'entry.updated.approved',
        accountId: expect.any(Number),
        entryId: a.id,
        changes: { approved_at: [null, '2024-03-01T00:00:00Z'], approved_by_id: [null, built.ownerId] },
        at: '2024-03-04T09:00:00Z',
      });
      expect(events[5]!.changes).toEqual({ invoiced_at: [null, '2024-03-05T00:00:00Z'] });
      expect(events[7]!.changes).toEqual({
        invoiced_at: [null, '2024-03-31T00:00:00Z'],
        invoice_id: [null, invoice.id],
      });
    } finally {
      await built.app.close();
    }
  });
});
