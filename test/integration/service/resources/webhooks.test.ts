// Webhooks and broadcast receivers (spec 001 tables, their state table and shapes): one test per
// row of each table, the queued ping payloads (delivered by a later step), and who may use them.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveTeam } from '../support/people';
import { withDatabase } from '../support/moneySupport';
import { writeBeside } from '../../../support/sqliteFile';
import { serve, type Client } from '../support/support';

const WEBHOOK_KEYS = [
  'id',
  'name',
  'state',
  'events',
  'payload_uri',
  'url',
  'add_events_url',
  'remove_events_url',
  'reroll_secret_url',
  'enable_url',
  'disable_url',
];
const RECEIVER_KEYS = [
  'id',
  'name',
  'state',
  'subjects',
  'payload_uri',
  'url',
  'add_subjects_url',
  'remove_subjects_url',
  'reroll_secret_url',
  'enable_url',
  'disable_url',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function webhook(client: Client, fields: Record<string, unknown> = {}): Promise<any> {
  const reply = await client.post('/v2/webhooks', {
    name: 'Hook',
    payload_uri: 'https://example.com/hook',
    events: ['entry.created'],
    ...fields,
  });
  if (reply.status !== 201) throw new Error(`webhook not created: ${reply.status} ${reply.text}`);
  return reply.body;
}

async function receiver(client: Client, fields: Record<string, unknown> = {}): Promise<any> {
  const reply = await client.post('/v2/broadcast_receivers', {
    name: 'Receiver',
    payload_uri: 'https://example.com/b',
    subjects: ['timer'],
    ...fields,
  });
  if (reply.status !== 201) throw new Error(`receiver not created: ${reply.status} ${reply.text}`);
  return reply.body;
}

const ids = (reply: { body: Array<{ id: number }> }) => reply.body.map((x) => x.id);

interface Delivery {
  webhook_id: number;
  payload_id: string;
  event: string;
  body: string;
  state: string;
}

const deliveries = (dataDir: string): Delivery[] =>
  withDatabase(
    dataDir,
    (db) =>
      db
        .prepare('SELECT webhook_id, payload_id, event, body, state FROM webhook_deliveries ORDER BY id')
        .all() as unknown as Delivery[],
  );

describe('spec 001 webhooks table', () => {
  it('POST /v2/webhooks/: name, payload_uri, events required; 201 with Location; the secret once; a ping is queued', async () => {
    const team = await serveTeam();
    const { service, client } = team;
    const reply = await client.post('/v2/webhooks/', {
      name: 'CI',
      payload_uri: 'https://ci.example.com/hooks?x=1',
      events: ['entry.created', 'entry.updated.approved', 'entry.created'],
    });
    expect(reply.status).toBe(201);
    const w = reply.body;
    const url = `${service.url}/v2/webhooks/${w.id}`;
    expect(reply.headers.get('location')).toBe(url);
    expect(Object.keys(w).sort()).toEqual([...WEBHOOK_KEYS, 'secret'].sort());
    expect(w).toEqual({
      id: w.id,
      name: 'CI',
      state: 'enabled',
      events: ['entry.created', 'entry.updated.approved'],
      payload_uri: 'https://ci.example.com/hooks?x=1',
      url,
      add_events_url: `${url}/add_events`,
      remove_events_url: `${url}/remove_events`,
      reroll_secret_url: `${url}/reroll_secret`,
      enable_url: `${url}/enable`,
      disable_url: `${url}/disable`,
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const [ping] = deliveries(team.dataDir);
    expect(ping).toMatchObject({ webhook_id: w.id, event: 'webhook.ping', state: 'pending' });
    expect(JSON.parse(ping!.body)).toEqual({
      webhook: { id: w.id, name: 'CI' },
      type: 'webhook.ping',
      created_at: '2024-03-04T09:00:00Z',
      object: {},
      payload_id: ping!.payload_id,
    });
    expect(ping!.payload_id).toMatch(UUID);
  });

  it("POST accepts '*' and refuses unknown events (400 invalid on events), an empty list, and payload_uris that are not absolute http(s) URLs or name a link-local or unspecified address", async () => {
    const { client } = await serve();
    expect((await webhook(client, { events: ['*'] })).events).toEqual(['*']);
    expect((await client.post('/v2/webhooks', {})).body.errors).toEqual([
      { resource: 'Webhook', field: 'name', code: 'missing_field' },
      { resource: 'Webhook', field: 'payload_uri', code: 'missing_field' },
      { resource: 'Webhook', field: 'events', code: 'missing_field' },
    ]);
    for (const [field, value, code] of [
      ['events', ['entry.exploded'], 'invalid'],
      ['events', ['timer'], 'invalid'],
      ['events', 'entry.created', 'invalid'],
      ['events', [1], 'invalid'],
      ['events', [], 'missing_field'],
      ['payload_uri', 'example.com/hook', 'invalid'],
      ['payload_uri', 'ftp://example.com/hook', 'invalid'],
      ['payload_uri', 'javascript:alert(1)', 'invalid'],
      ['payload_uri', 'https://exa mple.com', 'invalid'],
      ['payload_uri', `https://example.com/${'a'.repeat(2048)}`, 'invalid'],
      // Where no delivery may go (events/post.ts), however the address is spelt.
      ['payload_uri', 'http://169.254.169.254/latest/meta-data', 'invalid'],
      ['payload_uri', 'http://[::ffff:169.254.169.254]/latest/meta-data', 'invalid'],
      ['payload_uri', 'http://[64:ff9b::a9fe:a9fe]/', 'invalid'],
      ['payload_uri', 'http://[2002:a9fe:a9fe::]/', 'invalid'],
      ['payload_uri', 'http://2852039166/', 'invalid'],
      ['payload_uri', 'http://0251.0376.0251.0376/', 'invalid'],
      ['payload_uri', 'http://0xa9fea9fe/', 'invalid'],
      ['payload_uri', 'http://[fe80::1]/h', 'invalid'],
      ['payload_uri', 'http://0.0.0.0:9/h', 'invalid'],
      ['name', 'x'.repeat(256), 'invalid'],
      ['name', { n: 1 }, 'invalid'],
    ] as const) {
      const reply = await client.post('/v2/webhooks', {
        name: 'Hook',
        payload_uri: 'http://localhost:9/h',
        events: ['*'],
        [field]: value,
      });
      expect(reply.status, `${field} ${JSON.stringify(value).slice(0, 40)}`).toBe(400);
      expect(reply.body.errors, `${field} ${JSON.stringify(value).slice(0, 40)}`).toEqual([
        { resource: 'Webhook', field, code },
      ]);
    }
    expect((await client.get('/v2/webhooks')).body).toHaveLength(1);
  });

  it('GET /v2/webhooks: 200, most recently created first, no secret; filters name, events (a * webhook matches any), state', async () => {
    const { client } = await serve();
    const a = await webhook(client, { name: 'Alpha', events: ['entry.created'] });
    const b = await webhook(client, { name: 'Beta', events: ['entry.deleted', 'entry.updated'] });
    const c = await webhook(client, { name: 'Gamma', events: ['*'] });
    await client.put(`/v2/webhooks/${b.id}/disable`);
    const all = await client.get('/v2/webhooks');
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual([c.id, b.id, a.id]);
    expect(all.body.every((w: any) => !('secret' in w))).toBe(true);
    const list = async (q: string) => ids(await client.get(`/v2/webhooks?${q}`));
    expect(await list('name=alp')).toEqual([a.id]);
    expect(await list('events=entry.deleted')).toEqual([c.id, b.id]);
    expect(await list('events=entry.created,entry.updated')).toEqual([c.id, b.id, a.id]);
    expect(await list('state=disabled')).toEqual([b.id]);
    expect(await list('state=enabled&events=entry.created')).toEqual([c.id, a.id]);
    for (const q of ['events=nope', 'state=paused'])
      expect((await client.get(`/v2/webhooks?${q}`)).status, q).toBe(400);
  });

  it('GET /v2/webhooks/:id: 200 without the secret; 404 for a missing one', async () => {
    const { client } = await serve();
    const { secret, ...shown } = await webhook(client);
    expect(secret).toBeTruthy();
    expect((await client.get(`/v2/webhooks/${shown.id}`)).body).toEqual(shown);
    expect((await client.get('/v2/webhooks/99')).status).toBe(404);
    expect((await client.get('/v2/webhooks/x')).status).toBe(404);
  });

  it('PUT /v2/webhooks/:id: name, payload_uri optional; 200 webhook; a blank one is missing_field', async () => {
    const { client } = await serve();
    const w = await webhook(client);
    const renamed = await client.put(`/v2/webhooks/${w.id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', payload_uri: 'https://example.com/hook' });
    expect('secret' in renamed.body).toBe(false);
    expect((await client.put(`/v2/webhooks/${w.id}`, { payload_uri: 'http://10.0.0.2:8080/in' })).body).toMatchObject({
      name: 'Renamed',
      payload_uri: 'http://10.0.0.2:8080/in',
    });
    expect((await client.put(`/v2/webhooks/${w.id}`, {})).body.name).toBe('Renamed');
    expect((await client.put(`/v2/webhooks/${w.id}`, { name: ' ' })).body.errors).toEqual([
      { resource: 'Webhook', field: 'name', code: 'missing_field' },
    ]);
    expect((await client.put(`/v2/webhooks/${w.id}`, { payload_uri: 'nope' })).body.errors).toEqual([
      { resource: 'Webhook', field: 'payload_uri', code: 'invalid' },
    ]);
    expect(
      (await client.put(`/v2/webhooks/${w.id}`, { payload_uri: 'http://[::ffff:a9fe:a9fe]/' })).body.errors,
    ).toEqual([{ resource: 'Webhook', field: 'payload_uri', code: 'invalid' }]);
    expect((await client.put('/v2/webhooks/99', { name: 'x' })).status).toBe(404);
  });

  it("PUT /v2/webhooks/:id/add_events: events required; already subscribed ones ignored; '*' allowed; 200 webhook", async () => {
    const { client } = await serve();
    const w = await webhook(client, { events: ['entry.created'] });
    const reply = await client.put(`/v2/webhooks/${w.id}/add_events`, {
      events: ['entry.deleted', 'entry.created', '*'],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.events).toEqual(['entry.created', 'entry.deleted', '*']);
    expect((await client.put(`/v2/webhooks/${w.id}/add_events`, {})).body.errors).toEqual([
      { resource: 'Webhook', field: 'events', code: 'missing_field' },
    ]);
    expect((await client.put(`/v2/webhooks/${w.id}/add_events`, { events: ['entry.moved'] })).body.errors).toEqual([
      { resource: 'Webhook', field: 'events', code: 'invalid' },
    ]);
    expect((await client.get(`/v2/webhooks/${w.id}`)).body.events).toEqual(['entry.created', 'entry.deleted', '*']);
  });

  it('PUT /v2/webhooks/:id/remove_events: events required; others ignored; 200 webhook', async () => {
    const { client } = await serve();
    const w = await webhook(client, { events: ['entry.created', 'entry.deleted', '*'] });
    const reply = await client.put(`/v2/webhooks/${w.id}/remove_events`, {
      events: ['*', 'entry.updated', 'entry.created'],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.events).toEqual(['entry.deleted']);
    expect((await client.put(`/v2/webhooks/${w.id}/remove_events`, { events: 'entry.deleted' })).status).toBe(400);
  });

  it('PUT /v2/webhooks/:id/reroll_secret: 200 {secret}, a new one', async () => {
    const { client } = await serve();
    const w = await webhook(client);
    const reply = await client.put(`/v2/webhooks/${w.id}/reroll_secret`);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['secret']);
    expect(reply.body.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(reply.body.secret).not.toBe(w.secret);
  });

  it('PUT /v2/webhooks/:id/disable and /enable: 204', async () => {
    const { client } = await serve();
    const w = await webhook(client);
    const disabled = await client.put(`/v2/webhooks/${w.id}/disable`);
    expect(disabled.status).toBe(204);
    expect(disabled.text).toBe('');
    expect((await client.put(`/v2/webhooks/${w.id}/enable`)).status).toBe(204);
    expect((await client.put('/v2/webhooks/99/enable')).status).toBe(404);
  });

  it('PUT /v2/webhooks/:id/ping: 202; a webhook.ping payload with a new UUID payload_id is queued', async () => {
    const team = await serveTeam();
    const w = await webhook(team.client);
    const reply = await team.client.put(`/v2/webhooks/${w.id}/ping`);
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual({ message: expect.any(String), payload_id: expect.stringMatching(UUID) });
    const queued = deliveries(team.dataDir);
    expect(queued.map((d) => d.event)).toEqual(['webhook.ping', 'webhook.ping']);
    expect(queued[1]!.payload_id).toBe(reply.body.payload_id);
    expect(JSON.parse(queued[1]!.body).payload_id).toBe(reply.body.payload_id);
    expect(new Set(queued.map((d) => d.payload_id)).size).toBe(2);
  });

  it('PUT /v2/webhooks/:id/retry/:payload_id: 202 for a failed payload of the webhook (queued again); 404 otherwise', async () => {
    const team = await serveTeam();
    const w = await webhook(team.client);
    const other = await webhook(team.client);
    const [ping] = deliveries(team.dataDir);
    // A payload never tried is not failing: its disabled webhook holds it.
    expect((await team.client.put(`/v2/webhooks/${other.id}/disable`)).status).toBe(204);
    const held = (await team.client.put(`/v2/webhooks/${other.id}/ping`)).body.payload_id;
    expect((await team.client.put(`/v2/webhooks/${other.id}/retry/${held}`)).status).toBe(404); // pending, never tried
    // Delivery comes in a later step: the failure is written as it will write it.
    await writeBeside(join(team.dataDir, 'service.db'), (db) =>
      db.prepare(`UPDATE webhook_deliveries SET state = 'failed' WHERE payload_id = ?`).run(ping!.payload_id),
    );
    expect((await team.client.put(`/v2/webhooks/${other.id}/retry/${ping!.payload_id}`)).status).toBe(404); // another webhook's
    expect((await team.client.put(`/v2/webhooks/${w.id}/retry/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await team.client.put(`/v2/webhooks/${w.id}/retry/'; DROP TABLE webhooks; --`)).status).toBe(404);
    const reply = await team.client.put(`/v2/webhooks/${w.id}/retry/${ping!.payload_id}`);
    expect(reply.status).toBe(202);
    expect(reply.body.message).toEqual(expect.any(String));
    expect(deliveries(team.dataDir)[0]!.state).toBe('pending');
  });

  it('DELETE /v2/webhooks/:id: 204; its queued payloads go with it; later calls 404', async () => {
    const team = await serveTeam();
    const w = await webhook(team.client);
    const kept = await webhook(team.client);
    expect((await team.client.del(`/v2/webhooks/${w.id}`)).status).toBe(204);
    expect((await team.client.get(`/v2/webhooks/${w.id}`)).status).toBe(404);
    expect((await team.client.del(`/v2/webhooks/${w.id}`)).status).toBe(404);
    expect(deliveries(team.dataDir).map((d) => d.webhook_id)).toEqual([kept.id]);
  });
});

describe('spec 001 webhook and broadcast receiver state table', () => {
  for (const kind of ['webhooks', 'broadcast_receivers'] as const) {
    const make = kind === 'webhooks' ? webhook : receiver;

    it(`${kind}: a new one starts enabled`, async () => {
      const { client } = await serve();
      expect((await make(client)).state).toBe('enabled');
    });

    it(`${kind}: enabled | PUT disable | disabled`, async () => {
      const { client } = await serve();
      const s = await make(client);
      expect((await client.put(`/v2/${kind}/${s.id}/disable`)).status).toBe(204);
      expect((await client.get(`/v2/${kind}/${s.id}`)).body.state).toBe('disabled');
      expect((await client.put(`/v2/${kind}/${s.id}/disable`)).status).toBe(204); // decided: idempotent
      expect((await client.get(`/v2/${kind}/${s.id}`)).body.state).toBe('disabled');
    });

    it(`${kind}: disabled | PUT enable | enabled`, async () => {
      const { client } = await serve();
      const s = await make(client);
      await client.put(`/v2/${kind}/${s.id}/disable`);
      expect((await client.put(`/v2/${kind}/${s.id}/enable`)).status).toBe(204);
      expect((await client.get(`/v2/${kind}/${s.id}`)).body.state).toBe('enabled');
      expect((await client.put(`/v2/${kind}/${s.id}/enable`)).status).toBe(204);
    });
  }
});

describe('spec 001 broadcast receivers table', () => {
  it('POST /v2/broadcast_receivers/: name, payload_uri, subjects required; 201 with Location; the secret once', async () => {
    const { service, client } = await serve();
    const reply = await client.post('/v2/broadcast_receivers/', {
      name: 'Tray',
      payload_uri: 'http://127.0.0.1:7000/b',
      subjects: ['timer'],
    });
    expect(reply.status).toBe(201);
    const r = reply.body;
    const url = `${service.url}/v2/broadcast_receivers/${r.id}`;
    expect(reply.headers.get('location')).toBe(url);
    expect(Object.keys(r).sort()).toEqual([...RECEIVER_KEYS, 'secret'].sort());
    expect(r).toEqual({
      id: r.id,
      name: 'Tray',
      state: 'enabled',
      subjects: ['timer'],
      payload_uri: 'http://127.0.0.1:7000/b',
      url,
      add_subjects_url: `${url}/add_subjects`,
      remove_subjects_url: `${url}/remove_subjects`,
      reroll_secret_url: `${url}/reroll_secret`,
      enable_url: `${url}/enable`,
      disable_url: `${url}/disable`,
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await receiver(client, { subjects: ['*'] })).subjects).toEqual(['*']);
    for (const [field, value, code] of [
      ['subjects', ['entry.created'], 'invalid'],
      ['subjects', [], 'missing_field'],
      ['payload_uri', '/relative', 'invalid'],
      ['payload_uri', 'http://[::ffff:169.254.169.254]/', 'invalid'],
      ['name', '', 'missing_field'],
    ] as const) {
      const bad = await client.post('/v2/broadcast_receivers', {
        name: 'R',
        payload_uri: 'https://e.com',
        subjects: ['timer'],
        [field]: value,
      });
      expect(bad.body.errors, field).toEqual([{ resource: 'BroadcastReceiver', field, code }]);
    }
  });

  it('GET /v2/broadcast_receivers: 200, most recently created first, no secret; filters name, subjects, state', async () => {
    const { client } = await serve();
    const a = await receiver(client, { name: 'Tray' });
    const b = await receiver(client, { name: 'Phone', subjects: ['*'] });
    await client.put(`/v2/broadcast_receivers/${a.id}/disable`);
    const all = await client.get('/v2/broadcast_receivers');
    expect(ids(all)).toEqual([b.id, a.id]);
    expect(all.body.every((r: any) => !('secret' in r))).toBe(true);
    expect(ids(await client.get('/v2/broadcast_receivers?name=tray'))).toEqual([a.id]);
    expect(ids(await client.get('/v2/broadcast_receivers?subjects=timer'))).toEqual([b.id, a.id]);
    expect(ids(await client.get('/v2/broadcast_receivers?state=enabled'))).toEqual([b.id]);
    expect((await client.get('/v2/broadcast_receivers?subjects=entry')).status).toBe(400);
  });

  it('GET /v2/broadcast_receivers/:id: 200; 404 for a missing one', async () => {
    const { client } = await serve();
    const { secret, ...shown } = await receiver(client);
    expect(secret).toBeTruthy();
    expect((await client.get(`/v2/broadcast_receivers/${shown.id}`)).body).toEqual(shown);
    expect((await client.get('/v2/broadcast_receivers/5')).status).toBe(404);
  });

  it('PUT /v2/broadcast_receivers/:id: name, payload_uri optional; 200 receiver', async () => {
    const { client } = await serve();
    const r = await receiver(client);
    const reply = await client.put(`/v2/broadcast_receivers/${r.id}`, {
      name: 'Desk',
      payload_uri: 'https://desk.example/b',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: 'Desk', payload_uri: 'https://desk.example/b', subjects: ['timer'] });
  });

  it("PUT /v2/broadcast_receivers/:id/add_subjects: subjects required; already subscribed ignored; '*' allowed; 200 receiver", async () => {
    const { client } = await serve();
    const r = await receiver(client);
    const reply = await client.put(`/v2/broadcast_receivers/${r.id}/add_subjects`, { subjects: ['timer', '*'] });
    expect(reply.status).toBe(200);
    expect(reply.body.subjects).toEqual(['timer', '*']);
    expect(
      (await client.put(`/v2/broadcast_receivers/${r.id}/add_subjects`, { subjects: ['project'] })).body.errors,
    ).toEqual([{ resource: 'BroadcastReceiver', field: 'subjects', code: 'invalid' }]);
  });

  it('PUT /v2/broadcast_receivers/:id/remove_subjects: subjects required; others ignored; 200 receiver', async () => {
    const { client } = await serve();
    const r = await receiver(client, { subjects: ['timer', '*'] });
    const reply = await client.put(`/v2/broadcast_receivers/${r.id}/remove_subjects`, { subjects: ['timer'] });
    expect(reply.status).toBe(200);
    expect(reply.body.subjects).toEqual(['*']);
    expect((await client.put(`/v2/broadcast_receivers/${r.id}/remove_subjects`)).body.errors).toEqual([
      { resource: 'BroadcastReceiver', field: 'subjects', code: 'missing_field' },
    ]);
  });

  it('PUT /v2/broadcast_receivers/:id/reroll_secret: 200 {secret}', async () => {
    const { client } = await serve();
    const r = await receiver(client);
    const reply = await client.put(`/v2/broadcast_receivers/${r.id}/reroll_secret`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(reply.body.secret).not.toBe(r.secret);
  });

  it('PUT /v2/broadcast_receivers/:id/disable and /enable: 204', async () => {
    const { client } = await serve();
    const r = await receiver(client);
    expect((await client.put(`/v2/broadcast_receivers/${r.id}/disable`)).status).toBe(204);
    expect((await client.put(`/v2/broadcast_receivers/${r.id}/enable`)).status).toBe(204);
  });

  it('DELETE /v2/broadcast_receivers/:id: 204; later calls 404; receivers have no ping or retry', async () => {
    const { client } = await serve();
    const r = await receiver(client);
    expect((await client.put(`/v2/broadcast_receivers/${r.id}/ping`)).status).toBe(404);
    expect((await client.del(`/v2/broadcast_receivers/${r.id}`)).status).toBe(204);
    expect((await client.get(`/v2/broadcast_receivers/${r.id}`)).status).toBe(404);
  });
});

describe('who manages webhooks and broadcast receivers (decided: owner and supervisor)', () => {
  it('a supervisor manages them; leaders, coworkers and contractors get 403 at every endpoint', async () => {
    const team = await serveTeam();
    const supervisor = await team.member('supervisor');
    const w = await webhook(supervisor.client);
    const r = await receiver(supervisor.client);
    for (const role of ['leader', 'coworker', 'contractor'] as const) {
      const { client } = await team.member(role);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/v2/webhooks'],
        ['GET', `/v2/webhooks/${w.id}`],
        ['POST', '/v2/webhooks', { name: 'x', payload_uri: 'https://e.com', events: ['*'] }],
        ['PUT', `/v2/webhooks/${w.id}`, { name: 'x' }],
        ['PUT', `/v2/webhooks/${w.id}/add_events`, { events: ['*'] }],
        ['PUT', `/v2/webhooks/${w.id}/remove_events`, { events: ['*'] }],
        ['PUT', `/v2/webhooks/${w.id}/reroll_secret`],
        ['PUT', `/v2/webhooks/${w.id}/disable`],
        ['PUT', `/v2/webhooks/${w.id}/enable`],
        ['PUT', `/v2/webhooks/${w.id}/ping`],
        ['PUT', `/v2/webhooks/${w.id}/retry/abc`],
        ['DELETE', `/v2/webhooks/${w.id}`],
        ['GET', '/v2/broadcast_receivers'],
        ['POST', '/v2/broadcast_receivers', { name: 'x', payload_uri: 'https://e.com', subjects: ['*'] }],
        ['PUT', `/v2/broadcast_receivers/${r.id}/reroll_secret`],
        ['DELETE', `/v2/broadcast_receivers/${r.id}`],
      ];
      for (const [method, path, body] of calls)
        expect((await client.call(method, path, body)).status, `${role} ${method} ${path}`).toBe(403);
    }
    expect((await team.client.get(`/v2/webhooks/${w.id}`)).body.state).toBe('enabled');
    expect((await team.client.get('/v2/broadcast_receivers')).body).toHaveLength(1);
  });
});
