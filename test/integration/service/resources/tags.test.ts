// Tags (spec 001 "Tags", GAPS.md "Tags"): #hashtags of descriptions, trailing * = unbillable.
import { describe, expect, it } from 'vitest';
import { createEntry, createProject, serve } from '../support/support';

describe('tags', () => {
  it('creates tags from names, a trailing * making one unbillable, and answers only those it created', async () => {
    const { service, client } = await serve();
    await client.post('/v2/tags', { names: ['existing'] });
    const reply = await client.post('/v2/tags', {
      names: ['vacation*', '#meeting', 'EXISTING', 'has space', '', '#', 'meeting'],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.map((t: any) => [t.name, t.billable, t.formatted_name])).toEqual([
      ['vacation', false, '#vacation'],
      ['meeting', true, '#meeting'],
    ]);
    const tag = reply.body[0];
    expect(tag).toMatchObject({
      url: `${service.url}/v2/tags/${tag.id}`,
      entries: 0,
      import: null,
      merge_url: `${service.url}/v2/tags/${tag.id}/merge`,
    });
    expect((await client.get(`/v2/tags/${tag.id}`)).body).toEqual(tag);
  });

  it('refuses a body without names, or with names that are not strings', async () => {
    const { client } = await serve();
    expect((await client.post('/v2/tags', {})).body.errors).toEqual([
      { resource: 'Tag', field: 'names', code: 'missing_field' },
    ]);
    expect((await client.post('/v2/tags', { names: 'x' })).status).toBe(400);
    expect((await client.post('/v2/tags', { names: ['a', 1] })).status).toBe(400);
    expect((await client.get('/v2/tags')).body).toEqual([]);
  });

  it('creates the tags of an entry description and lists them on the entry', async () => {
    const { client } = await serve();
    const entry = await createEntry(client, { description: 'Fixed #bug-42 with #Pairing, not C# or a#b' });
    expect(entry.tags.map((t: any) => t.name)).toEqual(['bug-42', 'Pairing']);
    expect(entry.billable).toBe(true);
    const again = await createEntry(client, { description: 'more #pairing' });
    expect(again.tags.map((t: any) => t.id)).toEqual([entry.tags[1].id]); // same tag, whatever the case
    const pairing = (await client.get(`/v2/tags/${entry.tags[1].id}`)).body;
    expect(pairing.entries).toBe(2);
  });

  it('makes an entry unbillable when one of its tags is, or when its project is', async () => {
    const { client } = await serve();
    expect((await createEntry(client, { description: 'Off #vacation* #team' })).billable).toBe(false);
    const internal = await createProject(client, { billable: false });
    expect((await createEntry(client, { project_id: internal, description: '#team' })).billable).toBe(false);
    expect((await createEntry(client, { description: '#team' })).billable).toBe(true);
  });

  it('lists tags by name and filters them by contained name and billable', async () => {
    const { client } = await serve();
    await client.post('/v2/tags', { names: ['zeta', 'alpha*', 'alphabet'] });
    const names = async (q: string) => (await client.get(`/v2/tags${q}`)).body.map((t: any) => t.name);
    expect(await names('')).toEqual(['alpha', 'alphabet', 'zeta']);
    expect(await names('?name=ALPHA')).toEqual(['alpha', 'alphabet']);
    expect(await names('?billable=false')).toEqual(['alpha']);
    expect(await names('?billable=true&name=a')).toEqual(['alphabet', 'zeta']);
  });

  it('answers 404 for a tag that does not exist', async () => {
    const { client } = await serve();
    expect((await client.get('/v2/tags/77')).status).toBe(404);
  });
});
