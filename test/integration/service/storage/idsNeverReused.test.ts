// A deleted record's id is never given again (service/README.md "Decided where the spec is
// silent"), as PostgreSQL's sequences and the real service do: a client that still holds the old
// id (the desktop app's outbox, a webhook receiver deduping by id, an edit queued offline for the
// deleted record) must reach nothing, never a newer record. Each case deletes the newest record,
// the one whose id SQLite without AUTOINCREMENT would hand out again (max(rowid) + 1).
import { describe, expect, it } from 'vitest';
import { type Client, createEntry, createProject, serve } from '../support/support';
import { idOf, postEntryJson, V1 } from '../support/v1Support';

async function tagIds(client: Client): Promise<Map<string, number>> {
  const reply = await client.get('/v2/tags?per_page=1000');
  return new Map(reply.body.map((t: any) => [t.name, t.id]));
}

describe('a deleted id is never given again (v2)', () => {
  it('entries', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    const gone = (await createEntry(client, { project_id: p })).id;
    expect((await client.del(`/v2/entries/${gone}`)).status).toBe(204);
    const next = (await createEntry(client, { project_id: p })).id;
    expect(next).toBeGreaterThan(gone);
    expect((await client.get(`/v2/entries/${gone}`)).status).toBe(404);
  });

  it('projects', async () => {
    const { client } = await serve();
    const gone = await createProject(client, { name: 'Gone' });
    expect((await client.del(`/v2/projects/${gone}`)).status).toBe(204);
    const next = await createProject(client, { name: 'Next' });
    expect(next).toBeGreaterThan(gone);
    expect((await client.get(`/v2/projects/${gone}`)).status).toBe(404);
  });

  it('tags', async () => {
    const { client } = await serve();
    expect((await client.post('/v2/tags', { names: ['gone'] })).status).toBe(201);
    const gone = (await tagIds(client)).get('gone')!;
    expect((await client.del(`/v2/tags/${gone}`)).status).toBe(204);
    expect((await client.post('/v2/tags', { names: ['next'] })).status).toBe(201);
    expect((await tagIds(client)).get('next')).toBeGreaterThan(gone);
    expect((await client.get(`/v2/tags/${gone}`)).status).toBe(404);
  });

  it('timers', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    const gone = (await client.put(`/v2/projects/${p}/timer/start`)).body.id;
    expect((await client.del(`/v2/projects/${p}/timer`)).status).toBe(204);
    const next = (await client.put(`/v2/projects/${p}/timer/start`)).body.id;
    expect(next).toBeGreaterThan(gone);
  });

  it('users', async () => {
    const { client } = await serve();
    const gone = (await client.post('/v2/users', { email: 'gone@example.test' })).body.id;
    expect((await client.del(`/v2/users/${gone}`)).status).toBe(204);
    const next = (await client.post('/v2/users', { email: 'next@example.test' })).body.id;
    expect(next).toBeGreaterThan(gone);
    expect((await client.get(`/v2/users/${gone}`)).status).toBe(404);
  });
});

describe('a deleted id is never given again (v1)', () => {
  it('entries: the Location of the next entry names a new id', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client);
    const gone = await postEntryJson(v1, { 'project-id': p });
    expect((await v1.json('DELETE', `/api/entries/${gone}.json`)).status).toBe(200);
    const next = await postEntryJson(v1, { 'project-id': p });
    expect(next).toBeGreaterThan(gone);
    expect((await v1.json('GET', `/api/entries/${gone}.json`)).status).toBe(404);
  });

  it('projects', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const gone = idOf(await v1.json('POST', '/api/projects.json', { project: { name: 'Gone' } }));
    expect((await v1.json('DELETE', `/api/projects/${gone}.json`)).status).toBe(200);
    const next = idOf(await v1.json('POST', '/api/projects.json', { project: { name: 'Next' } }));
    expect(next).toBeGreaterThan(gone);
    expect((await v1.json('GET', `/api/projects/${gone}.json`)).status).toBe(404);
  });

  it('tags: a tag made by a v1 description after a deleted one gets a new id', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const p = await createProject(client);
    await postEntryJson(v1, { 'project-id': p, description: 'gone' });
    const gone = (await tagIds(client)).get('gone')!;
    expect((await client.del(`/v2/tags/${gone}`)).status).toBe(204);
    await postEntryJson(v1, { 'project-id': p, description: 'next' });
    const listed = (await v1.json('GET', '/api/tags.json')).body.map((w: any) => w.tag);
    expect(listed.map((t: any) => t.name)).toEqual(['next']);
    expect(listed[0].id).toBeGreaterThan(gone);
  });

  it('users', async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const gone = idOf(await v1.json('POST', '/api/users.json', { user: { email: 'gone@example.test' } }));
    expect((await v1.json('DELETE', `/api/users/${gone}.json`)).status).toBe(200);
    const next = idOf(await v1.json('POST', '/api/users.json', { user: { email: 'next@example.test' } }));
    expect(next).toBeGreaterThan(gone);
    expect((await client.get(`/v2/users/${gone}`)).status).toBe(404);
  });
});
