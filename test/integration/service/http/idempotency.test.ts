// Issue 29 item 4: a POST sent with an Idempotency-Key (draft-ietf-httpapi-idempotency-key-header)
// is carried out once; a retry with the same key and request gets the first answer again, and
// nothing is written twice. Runs on SQLite and, in the `service on postgres` project, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { type Client, serve } from '../support/support';

const ENTRY = { date: '2024-03-04', minutes: 30, description: 'call with the client' };

const postKeyed = (client: Client, key: string, body: unknown, path = '/v2/entries') =>
  client.call('POST', path, body, { 'idempotency-key': key });

async function entries(client: Client): Promise<Array<{ id: number; description: string }>> {
  return (await client.get('/v2/entries?per_page=1000')).body;
}

describe('Idempotency-Key on POST', () => {
  it('a retry with the same key and body gets the first answer (status, Location, body) and writes nothing', async () => {
    const { client } = await serve();
    const first = await postKeyed(client, 'op-1', ENTRY);
    expect(first.status).toBe(201);
    const again = await postKeyed(client, 'op-1', ENTRY);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await entries(client)).map((e) => e.id)).toEqual([first.body.id]);
    // The draft's structured-field form ("…") names the same key.
    expect((await postKeyed(client, '"op-1"', ENTRY)).text).toBe(first.text);
    expect(await entries(client)).toHaveLength(1);
  });

  it('the same key with another body answers 422 and writes nothing; another key writes', async () => {
    const { client } = await serve();
    expect((await postKeyed(client, 'op-2', ENTRY)).status).toBe(201);
    const other = await postKeyed(client, 'op-2', { ...ENTRY, minutes: 45 });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      message: expect.stringMatching(/another request/),
      errors: [{ resource: 'request', field: 'Idempotency-Key', code: 'mismatch' }],
    });
    // …and on another path with the same body.
    expect((await postKeyed(client, 'op-2', ENTRY, '/v2/projects')).status).toBe(422);
    expect(await entries(client)).toHaveLength(1);
    expect((await postKeyed(client, 'op-3', { ...ENTRY, minutes: 45 })).status).toBe(201);
    expect(await entries(client)).toHaveLength(2);
  });

  it('a burst of the same request with one key writes once: the others get its answer or 409 while it runs', async () => {
    const { client } = await serve();
    const replies = await Promise.all(Array.from({ length: 12 }, () => postKeyed(client, 'op-burst', ENTRY)));
    const made = await entries(client);
    expect(made).toHaveLength(1);
    for (const reply of replies) {
      expect([201, 409]).toContain(reply.status);
      if (reply.status === 201) expect(reply.body.id).toBe(made[0]!.id);
      else expect(reply.body.errors).toEqual([{ resource: 'request', field: 'Idempotency-Key', code: 'in_progress' }]);
    }
    expect(replies.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
    // Once the first is answered, every retry gets its answer.
    expect((await postKeyed(client, 'op-burst', ENTRY)).body.id).toBe(made[0]!.id);
  });

  it('without a key two POSTs write twice (the service as before); a key is kept 24 h, then it is new', async () => {
    const { client, clock } = await serve();
    await client.post('/v2/entries', ENTRY);
    await client.post('/v2/entries', ENTRY);
    expect(await entries(client)).toHaveLength(2);
    const first = await postKeyed(client, 'op-day', ENTRY);
    clock.advance(24 * 3_600_000 - 1000);
    expect((await postKeyed(client, 'op-day', ENTRY)).body.id).toBe(first.body.id);
    clock.advance(2000);
    const later = await postKeyed(client, 'op-day', ENTRY);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await entries(client)).toHaveLength(4);
  });

  it('a refused request keeps nothing: the same key may then carry a corrected one', async () => {
    const { client } = await serve();
    const refused = await postKeyed(client, 'op-fix', { ...ENTRY, minutes: 'many' });
    expect(refused.status).toBe(400);
    expect((await postKeyed(client, 'op-fix', ENTRY)).status).toBe(201);
    expect(await entries(client)).toHaveLength(1);
  });

  it('a key that is empty, too long or not printable ASCII answers 400 in the error format and writes nothing', async () => {
    const { client } = await serve();
    for (const key of ['', 'k'.repeat(256), 'clé']) {
      const reply = await client.call('POST', '/v2/entries', ENTRY, { 'idempotency-key': key });
      expect(reply.status, JSON.stringify(key)).toBe(400);
      expect(reply.body.errors).toEqual([{ resource: 'request', field: 'Idempotency-Key', code: 'invalid' }]);
    }
    expect((await postKeyed(client, 'k'.repeat(255), ENTRY)).status).toBe(201);
    expect(await entries(client)).toHaveLength(1);
  });
});
