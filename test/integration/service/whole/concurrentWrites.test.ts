// Writes that race: a burst of requests that each check something and then write (a name still
// free, the project limit not reached, no same v1 entry in the last minute, the next invoice
// reference) must answer as if they came one after another. On SQLite the transactions are
// serialised on one connection; on PostgreSQL (the `service on postgres` project) they run on a
// pool of connections at once, so the account's lock is what keeps the answers the spec's, never
// a 500 from a unique index and never two winners.
import { describe, expect, it } from 'vitest';
import { type Reply, serve } from '../support/support';
import { Browser, OWNER_EMAIL, OWNER_PASSWORD, serveOAuth } from '../support/oauthSupport';
import { V1 } from '../support/v1Support';

const BURST = 12;

/** The statuses of a burst, counted: { 201: 1, 400: 11 }. */
function statuses(replies: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of replies) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const burst = <T>(make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: BURST }, (_, i) => make(i)));

describe('a burst of writes that check before they write', () => {
  it('one project of a name: one 201, every other answer 400 already_exists', async () => {
    const { client } = await serve();
    const replies = await burst((i) => client.post('/v2/projects', { name: i % 2 ? 'Website' : 'website' }));
    expect(statuses(replies)).toEqual({ 201: 1, 400: BURST - 1 });
    for (const reply of replies.filter((r) => r.status === 400))
      expect(reply.body.errors).toEqual([{ resource: 'Project', field: 'name', code: 'already_exists' }]);
    expect((await client.get('/v2/projects?per_page=1000')).body).toHaveLength(1);
  });

  it('one tag of a name (each POST answers the tags it made: one answers it, the rest none), and one team of a name', async () => {
    const { client } = await serve();
    const tags = await burst(() => client.post('/v2/tags', { names: ['meeting'] }));
    expect(statuses(tags)).toEqual({ 201: BURST });
    expect(tags.map((r) => r.body.length).sort()).toEqual([...Array(BURST - 1).fill(0), 1]);
    const teams = await burst(() => client.post('/v2/teams', { name: 'Design', user_ids: [] }));
    expect(statuses(teams)).toEqual({ 201: 1, 400: BURST - 1 });
    expect((await client.get('/v2/tags?per_page=1000')).body).toHaveLength(1);
    expect((await client.get('/v2/teams?per_page=1000')).body).toHaveLength(1);
  });

  it('the project limit: with room for one more, one of a burst of different names gets it', async () => {
    const { client } = await serve({ projectLimit: 2 });
    expect((await client.post('/v2/projects', { name: 'First' })).status).toBe(201);
    const replies = await burst((i) => client.post('/v2/projects', { name: `Second ${i}` }));
    expect(statuses(replies)).toEqual({ 201: 1, 400: BURST - 1 });
    for (const reply of replies.filter((r) => r.status === 400))
      expect(reply.body.errors[0].code).toBe('reached_project_limit');
    expect((await client.get('/v2/projects?per_page=1000')).body).toHaveLength(2);
  });

  it("v1's one-minute duplicate check: the same entry sent twelve times at once is made once, the rest 422", async () => {
    const { client } = await serve();
    const v1 = V1.of(client);
    const body = { entry: { minutes: '1:00', date: '2024-03-04', description: 'call, Spoke about the plan' } };
    const replies = await burst(() => v1.json('POST', '/api/entries.json', body));
    expect(statuses(replies)).toEqual({ 201: 1, 422: BURST - 1 });
    for (const reply of replies.filter((r) => r.status === 422))
      expect(reply.body.message).toMatch(/within the last minute/);
    expect((await client.get('/v2/entries?per_page=1000')).body).toHaveLength(1);
  });

  it('invoice references: a burst without one gets 1 … 12, each once; a burst with the same one, one 201', async () => {
    const { client } = await serve();
    const generated = (await burst(() => client.post('/v2/invoices', { invoice_date: '2024-03-31' }))) as Reply[];
    expect(statuses(generated)).toEqual({ 201: BURST });
    const references = generated.map((r) => Number(r.body.reference)).sort((a, b) => a - b);
    expect(references).toEqual(Array.from({ length: BURST }, (_, i) => i + 1));
    const same = await burst(() => client.post('/v2/invoices', { invoice_date: '2024-03-31', reference: 'INV-0100' }));
    expect(statuses(same)).toEqual({ 201: 1, 400: BURST - 1 });
    for (const reply of same.filter((r) => r.status === 400))
      expect(reply.body.errors).toEqual([{ resource: 'Invoice', field: 'reference', code: 'already_exists' }]);
  });

  it('a user e-mail taken once (any letter case)', async () => {
    const { client } = await serve();
    const users = await burst((i) =>
      client.post('/v2/users', {
        first_name: 'Ann',
        last_name: 'Lee',
        email: i % 2 ? 'ann@example.com' : 'Ann@Example.com',
      }),
    );
    expect(statuses(users)).toEqual({ 201: 1, 400: BURST - 1 });
    for (const reply of users.filter((r) => r.status === 400))
      expect(reply.body.errors).toEqual([{ resource: 'User', field: 'email', code: 'already_exists' }]);
  });
});

describe('an e-mail in another letter case is the same e-mail on both stores', () => {
  it('refuses a second user whose address differs only in case (400 already_exists, not a 500 from the index)', async () => {
    const { client } = await serve();
    expect((await client.post('/v2/users', { email: 'ann@example.com' })).status).toBe(201);
    const again = await client.post('/v2/users', { email: 'ANN@Example.COM' });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ resource: 'User', field: 'email', code: 'already_exists' }]);
  });

  it('signs in with the address typed in another case', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    const page = await browser.signIn(
      { client_id: oauth.clientId, response_type: 'code', state: 's' },
      OWNER_EMAIL.toUpperCase(),
      OWNER_PASSWORD,
    );
    expect(page.status).toBe(200);
    expect(page.fields.ticket).toBeTruthy();
  });
});
