// HEAD on any path answers what GET answers there, without the body (spec 000 conventions 6),
// now that it is served by the GET route itself (service/http/headAsGet.ts): the same status and
// headers, Content-Length included, for answers, refusals and paths that do not exist, v1's too.
import { describe, expect, it } from 'vitest';
import { createProject, rawRequest, serve, USER_AGENT } from '../support/support';

// What differs from one request to the next whatever the method.
const perRequest = new Set(['date', 'x-request-id']);
const comparable = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !perRequest.has(name)));

describe('HEAD', () => {
  it('answers the status and headers of GET, its Content-Length too, and no body', async () => {
    const { service, client } = await serve();
    const project = await createProject(client);
    const signedIn = { 'user-agent': USER_AGENT, 'x-servicetoken': service.token };
    const cases: Array<[string, Record<string, string>, number]> = [
      ['/v2/current_user', signedIn, 200],
      [`/v2/projects/${project}`, signedIn, 200],
      ['/v2/entries?per_page=1', signedIn, 200],
      ['/v2/projects/999999', signedIn, 404],
      ['/v2/nothing-here', signedIn, 404],
      ['/v2/current_user', { 'user-agent': USER_AGENT }, 401],
      ['/v2/current_user', { 'x-servicetoken': service.token }, 400],
      ['/api/projects.json', signedIn, 200],
      ['/api/projects.xml', signedIn, 200],
      ['/api/nothing-here.json', signedIn, 404],
      ['/livez', {}, 200],
    ];
    for (const [path, headers, status] of cases) {
      const get = await rawRequest(`${service.url}${path}`, { headers });
      const head = await rawRequest(`${service.url}${path}`, { method: 'HEAD', headers });
      expect(get.status, path).toBe(status);
      expect(head.status, path).toBe(status);
      expect(head.text, path).toBe('');
      expect(get.text.length, path).toBeGreaterThan(0);
      expect(comparable(head.headers), path).toEqual(comparable(get.headers));
      expect(head.headers['content-length'], path).toBe(String(Buffer.byteLength(get.text)));
    }
  });

  it('is refused where the path has no GET, as GET is', async () => {
    const { service } = await serve();
    const headers = { 'user-agent': USER_AGENT, 'x-servicetoken': service.token };
    // PUT and POST routes only: no GET, so no HEAD either.
    for (const path of ['/v2/timers/1/start', '/v2/entries/bulk_delete']) {
      const head = await rawRequest(`${service.url}${path}`, { method: 'HEAD', headers });
      const get = await rawRequest(`${service.url}${path}`, { headers });
      expect(get.status, path).toBe(404);
      expect(head.status, path).toBe(404);
      expect(head.text, path).toBe('');
    }
  });
});
