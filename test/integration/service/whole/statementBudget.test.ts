// Issue 29 item 3: the common routes answer in a few statements on PostgreSQL, counted by the
// store itself (PostgresStore.requestStatementsSent: every round trip a request's code sends,
// BEGIN and COMMIT included; polls and wakes outside any request are not the request's).
// POST /v2/entries in at most 8, GET /v2/timers in at most 3; an entry's PUT, answered from what its
// write returned (domain/entryCommands/changeEntry.ts), in at most 8 (v2) and 9 (v1; it was 14).
import { describe, expect, it } from 'vitest';
import { beforeAllWithPostgres, testDatabase } from '../../../support/postgres';
import { instancesOnOneDatabase } from '../support/instancesSupport';
import { Client, createProject } from '../support/support';

beforeAllWithPostgres(async () => {
  await (await testDatabase()).drop();
});

const REQUESTS = 10;

async function oneInstance() {
  const { services, stores } = await instancesOnOneDatabase(1);
  const client = new Client(services[0]!.url, services[0]!.token);
  const store = stores[0]!;
  /** The statements `call` sent per request, over REQUESTS of them one after the other. */
  const perRequest = async (call: () => Promise<{ status: number }>, status: number) => {
    const before = store.requestStatementsSent;
    for (let i = 0; i < REQUESTS; i++) expect((await call()).status).toBe(status);
    return (store.requestStatementsSent - before) / REQUESTS;
  };
  return { client, perRequest };
}

describe('statements per request on PostgreSQL', () => {
  it('POST /v2/entries with two tags sends at most 8', async () => {
    const { client, perRequest } = await oneInstance();
    const projectId = await createProject(client);
    const body = { project_id: projectId, date: '2024-03-04', minutes: 30, description: 'Review #design #client' };
    expect((await client.post('/v2/entries', body)).status).toBe(201); // the tags exist from here on
    expect(await perRequest(() => client.post('/v2/entries', body), 201)).toBeLessThanOrEqual(8);
  });

  it('PUT /v2/entries/:id with two tags sends at most 8, PUT /api/entries/<id> at most 9', async () => {
    const { client, perRequest } = await oneInstance();
    const projectId = await createProject(client);
    const body = { project_id: projectId, date: '2024-03-04', minutes: 30, description: 'Review #design #client' };
    const made = await client.post('/v2/entries', body);
    expect(made.status).toBe(201);
    const id = made.body.id;
    expect(await perRequest(() => client.put(`/v2/entries/${id}`, { ...body, minutes: 45 }), 200)).toBeLessThanOrEqual(
      8,
    );
    const v1Body = { entry: { minutes: '50', description: 'Review #design #client', allow_hashtags: true } };
    expect(await perRequest(() => client.call('PUT', `/api/entries/${id}.json`, v1Body), 200)).toBeLessThanOrEqual(9);
  });

  it('GET /v2/timers with a running, a paused and a pending timer sends at most 3', async () => {
    const { client, perRequest } = await oneInstance();
    for (const action of ['timer/start', 'timer/start', 'timer']) {
      const projectId = await createProject(client);
      expect((await client.put(`/v2/projects/${projectId}/${action}`, { description: 'Work #tag' })).status).toBe(200);
    }
    expect(await perRequest(() => client.get('/v2/timers'), 200)).toBeLessThanOrEqual(3);
  });
});
