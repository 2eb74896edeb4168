// Spec 000 "Conventions that hold for every call" and GAPS.md "Robustness", over a real socket.
import { describe, expect, it } from 'vitest';
import { createProject, rawRequest, serve, USER_AGENT } from '../support/support';

describe('conventions of every call', () => {
  it('refuses a request without a User-Agent with 400 and a message saying so', async () => {
    const { service } = await serve();
    const reply = await rawRequest(`${service.url}/v2/current_user`, { headers: { 'x-servicetoken': service.token } });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text).message).toMatch(/User-Agent/);
  });

  it('refuses a blank User-Agent like a missing one', async () => {
    const { service } = await serve();
    const reply = await rawRequest(`${service.url}/v2/current_user`, {
      headers: { 'x-servicetoken': service.token, 'user-agent': ' ' },
    });
    expect(reply.status).toBe(400);
  });

  it('answers invalid JSON with 400 "JSON Parsing Error"', async () => {
    const { client } = await serve();
    const reply = await client.post('/v2/projects', '{"name": "x",');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'JSON Parsing Error' });
  });

  it.each([['[1,2]'], ['42'], ['"text"'], ['null'], ['true']])(
    'answers the JSON %s, which is not an object, with 400 "Body should be JSON Hash"',
    async (body) => {
      const { client } = await serve();
      const reply = await client.post('/v2/projects', body);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message: 'Body should be JSON Hash' });
    },
  );

  it('reads a JSON body sent without Content-Type, and one sent as text/plain', async () => {
    const { service, client } = await serve();
    const bare = await rawRequest(`${service.url}/v2/projects`, {
      method: 'POST',
      headers: { 'user-agent': USER_AGENT, 'x-servicetoken': service.token },
      body: '{"name":"No header"}',
    });
    expect(bare.status).toBe(201);
    const plain = await client.call('POST', '/v2/projects', '{"name":"Plain"}', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(201);
  });

  it('accepts an action that takes no input without body and without Content-Type', async () => {
    const { service, client } = await serve();
    const project = await createProject(client);
    for (const action of ['start', 'pause']) {
      const reply = await rawRequest(`${service.url}/v2/projects/${project}/timer/${action}`, {
        method: 'PUT',
        headers: { 'user-agent': USER_AGENT, 'x-servicetoken': service.token },
      });
      expect(reply.status).toBe(200);
    }
  });

  it('accepts an empty body sent with Content-Type application/json', async () => {
    const { client } = await serve();
    const project = await createProject(client);
    const reply = await client.call('PUT', `/v2/projects/${project}/timer/start`, '', {
      'content-type': 'application/json',
    });
    expect(reply.status).toBe(200);
  });

  it('answers HEAD on every GET with the GET headers and no body', async () => {
    const { client } = await serve();
    const project = await createProject(client);
    await client.put(`/v2/projects/${project}/timer`, { description: 'x' });
    const entry = (await client.post('/v2/entries', { date: '2024-03-01', minutes: 5, description: '#tag' })).body;
    for (const path of [
      '/v2/current_user',
      '/v2/projects',
      `/v2/projects/${project}`,
      '/v2/tags',
      `/v2/tags/${entry.tags[0].id}`,
      '/v2/timers',
      `/v2/projects/${project}/timer`,
      '/v2/entries?per_page=1',
      `/v2/entries/${entry.id}`,
    ]) {
      const [get, head] = [await client.get(path), await client.call('HEAD', path)];
      expect(head.status, path).toBe(200);
      expect(head.text, path).toBe('');
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(head.headers.get('link'), path).toBe(get.headers.get('link'));
    }
  });

  it('serves the paths the spec writes with a trailing slash in both forms', async () => {
    const { client } = await serve();
    for (const path of [
      '/v2/tags/',
      '/v2/tags',
      '/v2/current_user/',
      '/v2/current_user',
      '/v2/projects/',
      '/v2/timers/',
    ]) {
      expect((await client.get(path)).status, path).toBe(200);
    }
  });

  it('answers JSON with Content-Type application/json', async () => {
    const { client } = await serve();
    expect((await client.get('/v2/current_user')).headers.get('content-type')).toMatch(/^application\/json/);
    expect((await client.get('/v2/nothing-here')).headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers an unknown path with 404 and an error body', async () => {
    const { client } = await serve();
    const reply = await client.get('/v2/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Not Found' });
  });

  it("answers a malformed %-escape in the path with 400 and the spec's error body (v1: its own error, in its format)", async () => {
    const { client } = await serve();
    for (const path of ['/v2/projects/%E0%A4%A', '/v2/projects/%zz', '/v2/nothing/%', '/%E0%A4%A']) {
      const reply = await client.get(path);
      expect(reply.status, path).toBe(400);
      expect(reply.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(Object.keys(reply.body), path).toEqual(['message']);
      expect(reply.body.message, path).toMatch(/%-escape/);
    }
    const long = await client.get(`/v2/projects/${'9'.repeat(200)}`);
    expect(long.status).toBe(414);
    expect(Object.keys(long.body)).toEqual(['message']);
    const v1 = await client.call('GET', '/api/projects/%E0%A4%A.json');
    expect(v1.status).toBe(422);
    expect(v1.body).toEqual({ message: expect.stringMatching(/%-escape/) });
    const xml = await client.call('GET', '/api/projects/%E0%A4%A.xml');
    expect(xml.status).toBe(422);
    expect(xml.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(xml.text).toMatch(/^<\?xml[^>]*>\s*<error><message>[^<]*%-escape[^<]*<\/message><\/error>$/);
  });

  it('names every bad field in the errors array of a 400', async () => {
    const { client } = await serve();
    const reply = await client.post('/v2/entries', { minutes: 'ten', project_id: 'x' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBeTypeOf('string');
    expect(reply.body.errors).toEqual([
      { resource: 'Entry', field: 'date', code: 'missing_field' },
      { resource: 'Entry', field: 'minutes', code: 'invalid' },
      { resource: 'Entry', field: 'project_id', code: 'invalid' },
    ]);
  });

  it('answers a query parameter of the wrong type with 400', async () => {
    const { client } = await serve();
    for (const path of [
      '/v2/entries?billable=yes',
      '/v2/entries?from=2024-13-01',
      '/v2/entries?user_ids=1,a',
      '/v2/projects?billing_increment=x',
      '/v2/timers?per_page=abc',
    ]) {
      const reply = await client.get(path);
      expect(reply.status, path).toBe(400);
      expect(reply.body.errors?.length, path).toBeGreaterThan(0);
    }
  });

  it('answers 404 for an id that names no resource, numeric or not', async () => {
    const { client } = await serve();
    for (const path of [
      '/v2/projects/999',
      '/v2/projects/abc',
      '/v2/entries/0',
      '/v2/tags/-1',
      '/v2/projects/999/timer',
      '/v2/entries/99999999999999999999',
    ]) {
      expect((await client.get(path)).status, path).toBe(404);
    }
  });

  it('builds absolute links from the listening address, whatever Host the client sent', async () => {
    const { service, client } = await serve();
    for (const host of [`localhost:${service.port}`, 'evil.example', 'evil.example/<script>']) {
      const reply = await rawRequest(`${service.url}/v2/current_user`, {
        headers: { 'user-agent': USER_AGENT, 'x-servicetoken': service.token, host },
      });
      expect(JSON.parse(reply.text).url, host).toBe(`${service.url}/v2/users/${service.ownerId}`);
    }
    expect((await client.get('/v2/current_user')).body.url).toBe(`${service.url}/v2/users/${service.ownerId}`);
  });

  it('builds absolute links, Location and Link from the public URL when one is set', async () => {
    const { service, client } = await serve({ publicUrl: 'https://time.example.com/stint/' });
    const base = 'https://time.example.com/stint';
    expect((await client.get('/v2/current_user')).body.url).toBe(`${base}/v2/users/${service.ownerId}`);
    const made = await client.post('/v2/projects', { name: 'Public' });
    expect(made.headers.get('location')).toBe(`${base}/v2/projects/${made.body.id}`);
    await client.post('/v2/projects', { name: 'Public 2' });
    const page = await client.get('/v2/projects?per_page=1');
    expect(page.headers.get('link')).toContain(`<${base}/v2/projects?`);
    await expect(serve({ publicUrl: 'ftp://time.example.com' })).rejects.toThrow(/http or https/);
    await expect(serve({ publicUrl: 'https://time.example.com/?a=1' })).rejects.toThrow(/no query/);
  });

  it('writes blank fields as null and dates and timestamps in the spec formats', async () => {
    const { client } = await serve();
    const entry = (
      await client.post('/v2/entries', { date: '2024-03-01', minutes: 5, description: '   ', source_url: '' })
    ).body;
    expect(entry.description).toBeNull();
    expect(entry.source_url).toBeNull();
    expect(entry.project).toBeNull();
    expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(entry.created_at).toBe('2024-03-04T09:00:00Z');
  });
});
