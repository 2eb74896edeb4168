// Tags beyond list/create/show: one test per row of spec 001's "Tags" table that this step adds
// (PUT, merge, DELETE, PUT delete, entries), the 202 merge with its locks observed while it runs
// and after, and a merge cut short by a stop that resumes on the next start.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startService } from '../../../../service';
import { Client, createEntry, createProject, serve } from '../support/support';

const ids = (list: any[]) => list.map((x) => x.id);

async function tagNamed(client: Client, name: string): Promise<any> {
  const tag = (await client.get(`/v2/tags?name=${name}`)).body.find(
    (t: any) => t.name.toLowerCase() === name.toLowerCase(),
  );
  if (!tag) throw new Error(`no tag ${name}`);
  return tag;
}

/** Holds a background merge before each batch until the test lets one through (or all). */
function stepper() {
  const waiting: Array<() => void> = [];
  let free = false;
  return {
    gate: () => (free ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    step: () => waiting.shift()?.(),
    releaseAll() {
      free = true;
      for (const resolve of waiting.splice(0)) resolve();
    },
    /** Resolves once the runner waits at the gate again (its previous batch is written). */
    async held(): Promise<void> {
      for (let i = 0; i < 500 && waiting.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
      if (waiting.length === 0) throw new Error('the merge never came back to the gate');
    },
  };
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached');
}

describe('tag actions', () => {
  it('PUT /tags/:id: name (optional; trailing * marks unbillable); 200 Tag; descriptions follow the new name', async () => {
    const { client, clock } = await serve();
    const entry = await createEntry(client, {
      description: 'Weekly #Meeting with #meeting-notes, #meeting* and C#meeting',
    });
    const tag = await tagNamed(client, 'meeting');
    clock.advance(60_000);
    const reply = await client.put(`/v2/tags/${tag.id}`, { name: 'sync*' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: tag.id,
      name: 'sync',
      billable: false,
      formatted_name: '#sync',
      entries: 1,
      updated_at: '2024-03-04T09:01:00Z',
    });
    const after = (await client.get(`/v2/entries/${entry.id}`)).body;
    expect(after.description).toBe('Weekly #sync with #meeting-notes, #sync* and C#meeting');
    expect(after).toMatchObject({ billable: false, updated_at: '2024-03-04T09:01:00Z' });
    expect(after.tags.map((t: any) => t.name)).toEqual(['meeting-notes', 'sync']);

    expect((await client.put(`/v2/tags/${tag.id}`, { name: '#sync' })).body.billable).toBe(true);
    expect((await client.put(`/v2/tags/${tag.id}`, {})).body.name).toBe('sync');
    expect((await client.put(`/v2/tags/${tag.id}`, { name: 'SYNC' })).body.name).toBe('SYNC'); // its own name in another case
  });

  it('PUT /tags/:id: refuses a name another tag has, a name that makes no tag, and a blank one', async () => {
    const { client } = await serve();
    await client.post('/v2/tags', { names: ['taken', 'mine'] });
    const mine = await tagNamed(client, 'mine');
    expect((await client.put(`/v2/tags/${mine.id}`, { name: 'TAKEN' })).body.errors).toEqual([
      { resource: 'Tag', field: 'name', code: 'already_exists' },
    ]);
    expect((await client.put(`/v2/tags/${mine.id}`, { name: 'two words' })).body.errors).toEqual([
      { resource: 'Tag', field: 'name', code: 'invalid' },
    ]);
    expect((await client.put(`/v2/tags/${mine.id}`, { name: '  ' })).body.errors).toEqual([
      { resource: 'Tag', field: 'name', code: 'missing_field' },
    ]);
    expect((await client.put(`/v2/tags/${mine.id}`, { name: 7 })).status).toBe(400);
    expect((await client.get(`/v2/tags/${mine.id}`)).body.name).toBe('mine');
    expect((await client.put('/v2/tags/999', { name: 'x' })).status).toBe(404);
  });

  it('PUT /tags/:id/merge: tag_id merged into this one; entries move and the old tag text in descriptions is replaced; 204', async () => {
    const { client } = await serve();
    const project = await createProject(client);
    const a = await createEntry(client, { description: 'Call #bug and #Bug*' });
    const b = await createEntry(client, { description: 'Fix #defect #bug' });
    await client.put(`/v2/projects/${project}/timer`, { description: 'timer on #bug' });
    const bug = await tagNamed(client, 'bug');
    const defect = await tagNamed(client, 'defect');
    const reply = await client.put(`/v2/tags/${defect.id}/merge`, { tag_id: bug.id });
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect((await client.get(`/v2/tags/${bug.id}`)).status).toBe(404);
    expect((await client.get(`/v2/tags/${defect.id}`)).body.entries).toBe(2);
    expect((await client.get(`/v2/entries/${a.id}`)).body).toMatchObject({
      description: 'Call #defect and #defect*',
      tags: [{ id: defect.id }],
    });
    expect((await client.get(`/v2/entries/${b.id}`)).body).toMatchObject({
      description: 'Fix #defect #defect',
      tags: [{ id: defect.id }],
    });
    expect((await client.get(`/v2/projects/${project}/timer`)).body.description).toBe('timer on #defect');
    expect(ids((await client.get(`/v2/entries?tag_ids=${defect.id}`)).body).sort()).toEqual([a.id, b.id].sort());
  });

  it('PUT /tags/:id/merge: tag_id required; refuses an unknown tag and the tag itself', async () => {
    const { client } = await serve();
    await client.post('/v2/tags', { names: ['one'] });
    const one = await tagNamed(client, 'one');
    expect((await client.put(`/v2/tags/${one.id}/merge`, {})).body.errors).toEqual([
      { resource: 'Tag', field: 'tag_id', code: 'missing_field' },
    ]);
    expect((await client.put(`/v2/tags/${one.id}/merge`, { tag_id: 999 })).body.errors).toEqual([
      { resource: 'Tag', field: 'tag_id', code: 'missing' },
    ]);
    expect((await client.put(`/v2/tags/${one.id}/merge`, { tag_id: one.id })).body.errors).toEqual([
      { resource: 'Tag', field: 'tag_id', code: 'invalid' },
    ]);
    expect((await client.put(`/v2/tags/999/merge`, { tag_id: one.id })).status).toBe(404);
  });

  it('PUT /tags/:id/merge: a large merge answers 202 and runs in the background, both tags locked until it is done', async () => {
    const gate = stepper();
    const { client } = await serve({
      tuning: { tagMergeInlineMax: 3, tagMergeBatch: 2, beforeBackgroundBatch: gate.gate },
    });
    const entries = [];
    for (let i = 0; i < 5; i++) entries.push(await createEntry(client, { description: `Item ${i} #old` }));
    const kept = await createEntry(client, { description: 'Item #new' });
    await client.post('/v2/tags', { names: ['bystander'] });
    const [old, fresh, bystander] = [
      await tagNamed(client, 'old'),
      await tagNamed(client, 'new'),
      await tagNamed(client, 'bystander'),
    ];

    const reply = await client.put(`/v2/tags/${fresh.id}/merge`, { tag_id: old.id });
    expect(reply.status).toBe(202);
    expect(reply.headers.get('content-type')).toContain('application/json');
    expect(reply.body.message).toMatch(/notified by e-mail when it completes/);

    // Locked while it runs: PUT, merge and DELETE of either tag answer 400 locked.
    const locked = [{ resource: 'Tag', field: 'base', code: 'locked' }];
    await gate.held();
    for (const tag of [old, fresh]) {
      expect((await client.put(`/v2/tags/${tag.id}`, { name: 'renamed' })).body.errors).toEqual(locked);
      expect((await client.del(`/v2/tags/${tag.id}`)).body.errors).toEqual(locked);
      expect((await client.put(`/v2/tags/${bystander.id}/merge`, { tag_id: tag.id })).body.errors).toEqual(locked);
      expect((await client.put(`/v2/tags/${tag.id}/merge`, { tag_id: bystander.id })).body.errors).toEqual(locked);
    }
    expect((await client.put('/v2/tags/delete', { tag_ids: [old.id, bystander.id] })).status).toBe(204); // the locked one is skipped
    expect((await client.get(`/v2/tags/${old.id}`)).status).toBe(200);
    expect((await client.get(`/v2/tags/${bystander.id}`)).status).toBe(404);

    // One batch of two entries, then still locked.
    gate.step();
    await gate.held();
    const descriptions = async () =>
      (await client.get(`/v2/entries?per_page=100`)).body.map((e: any) => e.description).sort();
    expect((await descriptions()).filter((d: string) => d.endsWith('#new'))).toHaveLength(3);
    expect((await client.put(`/v2/tags/${old.id}`, { name: 'x' })).status).toBe(400);
    // An entry written meanwhile with the old tag is moved too.
    const late = await createEntry(client, { description: 'Late #old' });

    gate.releaseAll();
    await until(async () => (await client.get(`/v2/tags/${old.id}`)).status === 404);
    expect(await descriptions()).toEqual([
      'Item #new',
      'Item 0 #new',
      'Item 1 #new',
      'Item 2 #new',
      'Item 3 #new',
      'Item 4 #new',
      'Late #new',
    ]);
    expect(ids((await client.get(`/v2/tags/${fresh.id}/entries?per_page=100`)).body).sort()).toEqual(
      [...entries, kept, late].map((e) => e.id).sort(),
    );
    expect((await client.get(`/v2/tags/${fresh.id}`)).body.entries).toBe(7);
    // Unlocked after.
    expect((await client.put(`/v2/tags/${fresh.id}`, { name: 'newer' })).status).toBe(200);
  });

  it('PUT /tags/:id/merge: a background merge cut short by a stop resumes on the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stint-tags-'));
    const gate = stepper();
    const first = await startService({
      dataDir,
      rateLimit: 0,
      tuning: { tagMergeInlineMax: 1, tagMergeBatch: 1, beforeBackgroundBatch: gate.gate },
    });
    const client = new Client(first.url, first.token);
    for (let i = 0; i < 3; i++) await createEntry(client, { description: `#from ${i}` });
    await createEntry(client, { description: '#into' });
    const [from, into] = [await tagNamed(client, 'from'), await tagNamed(client, 'into')];
    expect((await client.put(`/v2/tags/${into.id}/merge`, { tag_id: from.id })).status).toBe(202);
    await gate.held();
    gate.step();
    await gate.held();
    expect((await client.get(`/v2/tags/${from.id}`)).body.entries).toBe(2); // one of three moved
    await first.close(); // the runner, held at the gate, stops without another batch

    const second = await startService({ dataDir, rateLimit: 0, token: first.token });
    try {
      const again = new Client(second.url, first.token);
      await until(async () => (await again.get(`/v2/tags/${from.id}`)).status === 404);
      expect((await again.get(`/v2/tags/${into.id}`)).body.entries).toBe(4);
      expect((await again.get('/v2/entries')).body.every((e: any) => e.description.startsWith('#into'))).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('DELETE /tags/:id: 204; entries are kept and the tag text becomes part of their descriptions', async () => {
    const { client } = await serve();
    const entry = await createEntry(client, { description: 'Daily #Meeting, then #meeting* and #meetings' });
    const tag = await tagNamed(client, 'meeting');
    const reply = await client.del(`/v2/tags/${tag.id}`);
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/tags/${tag.id}`)).status).toBe(404);
    const after = (await client.get(`/v2/entries/${entry.id}`)).body;
    expect(after.description).toBe('Daily Meeting, then meeting and #meetings');
    expect(after.tags.map((t: any) => t.name)).toEqual(['meetings']);
    expect(after.billable).toBe(true);
    expect((await client.del(`/v2/tags/${tag.id}`)).status).toBe(404);
  });

  it('PUT /tags/delete: tag_ids (required; none deleted if empty); tags that cannot be deleted are ignored; 204', async () => {
    const { client } = await serve();
    await client.post('/v2/tags', { names: ['a', 'b', 'c'] });
    const [a, b, c] = [await tagNamed(client, 'a'), await tagNamed(client, 'b'), await tagNamed(client, 'c')];
    expect((await client.put('/v2/tags/delete', { tag_ids: [] })).status).toBe(204);
    expect((await client.get('/v2/tags')).body).toHaveLength(3);
    const reply = await client.put('/v2/tags/delete', { tag_ids: [a.id, c.id] });
    expect(reply.status).toBe(204);
    expect(ids((await client.get('/v2/tags')).body)).toEqual([b.id]);
    expect((await client.put('/v2/tags/delete', {})).body.errors).toEqual([
      { resource: 'Tag', field: 'tag_ids', code: 'missing_field' },
    ]);
    expect((await client.put('/v2/tags/delete', { tag_ids: [b.id, 999] })).body.errors).toEqual([
      { resource: 'Tag', field: 'tag_ids', code: 'missing' },
    ]);
    expect((await client.get(`/v2/tags/${b.id}`)).status).toBe(200);
  });

  it('GET /tags/:id/entries: the entry list filters; 200 array of Entry', async () => {
    const { client } = await serve();
    const a = await createEntry(client, { date: '2024-03-01', description: '#x #y' });
    const b = await createEntry(client, { date: '2024-03-02', description: '#x' });
    const c = await createEntry(client, { date: '2024-03-03', description: '#x #z' });
    await createEntry(client, { description: '#y' });
    const [x, y, z] = [await tagNamed(client, 'x'), await tagNamed(client, 'y'), await tagNamed(client, 'z')];
    const list = async (q = '') => ids((await client.get(`/v2/tags/${x.id}/entries${q}`)).body);
    expect(await list()).toEqual([c.id, b.id, a.id]);
    expect(await list('?from=2024-03-02')).toEqual([c.id, b.id]);
    expect(await list(`?tag_ids=${y.id}`)).toEqual([a.id]);
    expect(await list(`?tag_ids=${y.id},${z.id}&tag_filter_type=combination%20of`)).toEqual([c.id, a.id]);
    const page = await client.get(`/v2/tags/${x.id}/entries?per_page=2`);
    expect(page.headers.get('link')).toContain('rel="last"');
    expect((await client.get(`/v2/tags/${x.id}/entries?tag_filter_type=or`)).status).toBe(400);
    expect((await client.get('/v2/tags/999/entries')).status).toBe(404);
  });
});
