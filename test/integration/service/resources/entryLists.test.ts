// The entry lists are written straight to JSON text (service/resources/entryJson.ts) while a
// single entry goes through views/tracking.ts: these tests keep the two shapes identical, and check that
// the reused count of a list follows every change.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeBeside } from '../../../support/sqliteFile';
import { createExpense, createInvoice } from '../support/moneySupport';
import { serveTeam } from '../support/people';
import { otherAccount } from '../support/peopleSupport';
import { createEntry, createProject } from '../support/support';

describe('entry lists', () => {
  it('answer every entry exactly as GET /v2/entries/:id does, whatever it carries', async () => {
    const team = await serveTeam();
    const { client } = team;
    const other = await team.member('supervisor', { first_name: 'Ada', last_name: 'Quote"\\' });
    const project = await createProject(client, {
      name: 'Ünïcode "quoted" \\ project',
      color: '#abc',
      billable: false,
    });
    const plain = await createProject(client, { name: 'Plain' });
    await createEntry(client, { description: null });
    await createEntry(client, {
      project_id: plain,
      description: 'Zeta #b* #A #c',
      source_url: 'https://example.test/?q="x"&y=\u2028',
    });
    await createEntry(client, { project_id: project, description: 'line\nbreak\ttab \u0001 #emoji😀 "quotes" \\' });
    const approved = await createEntry(client, { project_id: plain, description: '#A', user_id: other.id });
    await client.put(`/v2/entries/${approved.id}/approved`, { approved_at: '2024-03-04T10:00:00Z' });
    const invoiced = await createEntry(client, { project_id: plain });
    const expense = await createExpense(client, { project_id: plain, price: 3 });
    await createInvoice(client, {
      entry_ids: [invoiced.id],
      expense_ids: [expense.id],
      rate_calculation: { calculation_method: 'flat_rate', flat_rate: 10 },
    });
    const marked = await createEntry(client, { project_id: plain });
    await client.put(`/v2/entries/${marked.id}/marked_as_invoiced`, { date: '2024-03-05' });
    const imported = await createEntry(client, {});
    await writeBeside(join(team.dataDir, 'service.db'), (db) =>
      db.prepare('UPDATE entries SET import_id = 42 WHERE id = ?').run(imported.id),
    );

    const list = await client.get('/v2/entries?per_page=100');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(list.body).toHaveLength(7);
    for (const item of list.body) expect(item).toEqual((await client.get(`/v2/entries/${item.id}`)).body);
    const byId = new Map(list.body.map((e: any) => [e.id, e]));
    expect(byId.get(invoiced.id)).toMatchObject({ invoice: { id: expect.any(Number) } });
    expect(byId.get(approved.id)).toMatchObject({ approved_by: { id: team.service.ownerId } });
    expect(byId.get(imported.id)).toMatchObject({ import: { id: 42, url: `${team.service.url}/v2/imports/42` } });
  });

  it('filter by billable through the project and the tags', async () => {
    const team = await serveTeam();
    const { client } = team;
    const internal = await createProject(client, { billable: false });
    const a = await createEntry(client, { description: 'work' });
    const b = await createEntry(client, { description: 'off #vacation*' });
    const c = await createEntry(client, { project_id: internal });
    const ids = async (q: string) => (await client.get(`/v2/entries${q}`)).body.map((e: any) => e.id).sort();
    expect(await ids('?billable=true')).toEqual([a.id]);
    expect(await ids('?billable=false')).toEqual([b.id, c.id].sort());
  });

  it('count again after any change, also one made by another connection', async () => {
    const team = await serveTeam();
    const { client } = team;
    for (let i = 0; i < 3; i++) await createEntry(client, { description: 'counted' });
    const last = async (query: string) =>
      (await client.get(`/v2/entries?per_page=1${query}`)).headers.get('link')?.match(/page=(\d+)>; rel="last"/)?.[1];
    for (const query of ['', '&description=count']) {
      expect(await last(query)).toBe('3');
      expect(await last(query)).toBe('3'); // the reused count
    }
    await createEntry(client, { description: 'counted' });
    for (const query of ['', '&description=count']) expect(await last(query)).toBe('4');
    await writeBeside(join(team.dataDir, 'service.db'), (db) =>
      db.prepare('DELETE FROM entries WHERE id = (SELECT MAX(id) FROM entries)').run(),
    );
    for (const query of ['', '&description=count']) expect(await last(query)).toBe('3');
    // A second account's entries are not counted (the whole table is counted only for a lone account).
    await otherAccount(team);
    for (const query of ['', '&description=count']) expect(await last(query)).toBe('3');
  });

  it('answer again, never the kept answer, after any change to what a listed entry shows, also by another connection', async () => {
    const team = await serveTeam();
    const { client } = team;
    const project = await createProject(client, { name: 'Before' });
    const entry = await createEntry(client, { project_id: project, description: 'first #old', minutes: 30 });
    const listed = async () => (await client.get('/v2/entries?per_page=1000')).body[0];
    expect(await listed()).toEqual(await listed()); // the kept answer
    expect((await listed()).project.name).toBe('Before');
    expect((await client.put(`/v2/projects/${project}`, { name: 'After' })).status).toBe(200);
    expect((await listed()).project.name).toBe('After');
    expect((await client.put(`/v2/entries/${entry.id}`, { minutes: 45 })).status).toBe(200);
    expect((await listed()).minutes).toBe(45);
    expect((await client.put(`/v2/tags/${entry.tags[0].id}`, { name: 'renamed' })).status).toBe(200);
    expect((await listed()).tags.map((t: { name: string }) => t.name)).toEqual(['renamed']);
    await writeBeside(join(team.dataDir, 'service.db'), (db) =>
      db.prepare('UPDATE entries SET description = ? WHERE id = ?').run('changed elsewhere', entry.id),
    );
    expect((await listed()).description).toBe('changed elsewhere');
  });
});
