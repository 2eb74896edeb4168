// Webhook delivery over real HTTP to a receiver on 127.0.0.1 (spec 000 "Events", GAPS.md
// "Webhooks and broadcasts"): headers and signature, the payload of each entry event, the serial
// order per webhook, and what the API answers are not held up by.
import { describe, expect, it } from 'vitest';
import { emitEntryEvents } from '../../../../service/events/emit';
import { Agents, post, type Resolve } from '../../../../service/events/post';
import { entryEvent } from '../../../../service/events/entryEvents';
import { createWebhook, deliveryService, signatureValid, startReceiver } from '../support/deliverySupport';
import { createEntry, createProject } from '../support/support';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('webhook delivery: headers, signature, payloads', () => {
  it('a new webhook is pinged: POST with the spec headers, X-Service-Delivery = payload_id, a signature the receiver verifies', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    const w = await createWebhook(s.client, `${receiver.url}/hook?x=1`, ['entry.created'], 'CI');
    const [ping] = await receiver.waitFor(1);
    expect(ping!.path).toBe('/hook?x=1');
    expect(ping!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-eventcategory': 'webhook',
      'x-service-delivery': ping!.body.payload_id,
      'user-agent': 'Service-Webhooks',
      'x-service-signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(ping!.body).toEqual({
      webhook: { id: w.id, name: 'CI' },
      type: 'webhook.ping',
      created_at: '2024-03-04T09:00:00Z',
      object: {},
      payload_id: expect.stringMatching(UUID),
    });
    expect(signatureValid(w.secret, ping!)).toBe(true);
    expect(signatureValid('0'.repeat(64), ping!)).toBe(false);
    // The signature covers the exact bytes: one byte changed and it no longer verifies.
    expect(signatureValid(w.secret, { ...ping!, raw: Buffer.concat([ping!.raw, Buffer.from(' ')]) })).toBe(false);

    const reply = await s.client.put(`/v2/webhooks/${w.id}/ping`);
    expect(reply.status).toBe(202);
    const [, second] = await receiver.waitFor(2);
    expect(second!.headers['x-service-delivery']).toBe(reply.body.payload_id);
    expect(second!.body.payload_id).toBe(reply.body.payload_id);
    await s.settle();
    expect(await s.built.db.column('SELECT state FROM webhook_deliveries ORDER BY id')).toEqual([
      'delivered',
      'delivered',
    ]);
  });

  it('a rerolled secret signs every later delivery', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    const w = await createWebhook(s.client, `${receiver.url}/h`);
    await receiver.waitFor(1);
    const { secret } = (await s.client.put(`/v2/webhooks/${w.id}/reroll_secret`)).body;
    await s.client.put(`/v2/webhooks/${w.id}/ping`);
    const [, after] = await receiver.waitFor(2);
    expect(signatureValid(secret, after!)).toBe(true);
    expect(signatureValid(w.secret, after!)).toBe(false);
  });

  it('entry create, update, delete, approve: entry.created, entry.updated with changes, entry.deleted, entry.updated.approved; object as the API shows it', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    const w = await createWebhook(s.client, `${receiver.url}/h`, ['*'], 'All');
    const project = await createProject(s.client, { name: 'Acme' });
    const entry = await createEntry(s.client, { project_id: project, description: 'Design #ux', minutes: 30 });
    s.clock.advance(60_000);
    const updated = (await s.client.put(`/v2/entries/${entry.id}`, { minutes: 45, description: 'Design #ux review' }))
      .body;
    s.clock.advance(60_000);
    await s.client.put(`/v2/entries/${entry.id}/approved`);
    const approved = (await s.client.get(`/v2/entries/${entry.id}`)).body;
    await s.client.put(`/v2/entries/${entry.id}/unapproved`);
    const beforeDelete = (await s.client.get(`/v2/entries/${entry.id}`)).body;
    await s.client.del(`/v2/entries/${entry.id}`);
    const got = await receiver.waitFor(6);
    expect(got.map((r) => r.body.type)).toEqual([
      'webhook.ping',
      'entry.created',
      'entry.updated',
      'entry.updated.approved',
      'entry.updated.unapproved',
      'entry.deleted',
    ]);
    const [, created, changed, approval, , deleted] = got;
    for (const r of got.slice(1)) {
      expect(r.headers['x-service-eventcategory']).toBe('entry');
      expect(r.headers['x-service-delivery']).toBe(r.body.payload_id);
      expect(r.body.payload_id).toMatch(UUID);
      expect(Object.keys(r.body).sort()).toEqual(['changes', 'created_at', 'object', 'payload_id', 'type', 'webhook']);
      expect(r.body.webhook).toEqual({ id: w.id, name: 'All' });
      expect(signatureValid(w.secret, r)).toBe(true);
    }
    expect(created!.body).toMatchObject({ created_at: '2024-03-04T09:00:00Z', changes: {}, object: entry });
    expect(changed!.body).toMatchObject({
      created_at: '2024-03-04T09:01:00Z',
      changes: { minutes: [30, 45], description: ['Design #ux', 'Design #ux review'] },
      object: updated,
    });
    expect(approval!.body.object).toEqual(approved);
    expect(approval!.body.changes).toEqual({
      approved_at: [null, '2024-03-04T09:02:00Z'],
      approved_by_id: [null, s.built.ownerId],
    });
    expect(deleted!.body).toMatchObject({ changes: {}, object: beforeDelete });
  });

  it('a webhook gets only the events it subscribed to; a disabled one gets none and holds what was queued before', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    await createWebhook(s.client, `${receiver.url}/deleted`, ['entry.deleted']);
    const off = await createWebhook(s.client, `${receiver.url}/off`, ['*']);
    await receiver.waitFor(2);
    expect((await s.client.put(`/v2/webhooks/${off.id}/disable`)).status).toBe(204);
    await s.client.put(`/v2/webhooks/${off.id}/ping`); // queued, held while disabled
    const e = await createEntry(s.client, {});
    await s.client.put(`/v2/entries/${e.id}`, { minutes: 60 });
    await s.client.del(`/v2/entries/${e.id}`);
    await receiver.waitFor(3);
    await s.settle();
    expect(receiver.on('/deleted').map((r) => r.body.type)).toEqual(['webhook.ping', 'entry.deleted']);
    expect(receiver.on('/off').map((r) => r.body.type)).toEqual(['webhook.ping']);
    await s.client.put(`/v2/webhooks/${off.id}/enable`);
    await receiver.waitFor(2, '/off');
    await s.settle();
    expect(receiver.on('/off').map((r) => r.body.type)).toEqual(['webhook.ping', 'webhook.ping']); // entry events of the disabled time are not queued
  });

  it('a logged timer emits entry.created for the entry it makes', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    await createWebhook(s.client, `${receiver.url}/h`, ['entry.created']);
    const project = await createProject(s.client);
    await s.client.put(`/v2/projects/${project}/timer/start`, { description: 'Timed' });
    s.clock.advance(20 * 60_000);
    expect((await s.client.put(`/v2/projects/${project}/timer/log`)).status).toBe(204);
    const [, created] = await receiver.waitFor(2);
    expect(created!.body).toMatchObject({
      type: 'entry.created',
      object: { description: 'Timed', project: { id: project } },
    });
  });
});

describe('webhook delivery: one payload at a time per webhook, in order', () => {
  it('payloads go in order and never overlap on one webhook, while webhooks are served side by side', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    await createWebhook(s.client, `${receiver.url}/a`, ['entry.created']);
    await createWebhook(s.client, `${receiver.url}/b`, ['entry.created']);
    // Slow answers make overlapping requests possible if the queue allowed them.
    receiver.plan = () => 'hang';
    const release = setInterval(() => receiver.release(200), 20);
    try {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) ids.push((await createEntry(s.client, { minutes: i + 1 })).id);
      await receiver.waitFor(9, '/a');
      await receiver.waitFor(9, '/b');
      for (const path of ['/a', '/b']) {
        expect(
          receiver
            .on(path)
            .slice(1)
            .map((r) => r.body.object.id),
        ).toEqual(ids);
        expect(receiver.maxOpen.get(path)).toBe(1);
      }
    } finally {
      clearInterval(release);
    }
  });

  it('a later payload waits while an earlier one fails, and follows it once it succeeds', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    await createWebhook(s.client, `${receiver.url}/h`, ['entry.created']);
    await receiver.waitFor(1);
    receiver.answer = 500;
    const a = await createEntry(s.client, { minutes: 10 });
    const b = await createEntry(s.client, { minutes: 20 });
    await receiver.waitFor(2);
    await s.settle();
    expect(receiver.received.slice(1).map((r) => r.body.object.id)).toEqual([a.id]); // b waits
    expect(s.scheduler.runNext()).toBe(60_000); // the first retry, a minute later
    await receiver.waitFor(3);
    await s.settle();
    expect(receiver.received.slice(1).map((r) => r.body.object.id)).toEqual([a.id, a.id]);
    receiver.answer = 200;
    expect(s.scheduler.runNext()).toBe(120_000);
    await receiver.waitFor(5);
    await s.settle();
    expect(receiver.received.slice(1).map((r) => r.body.object.id)).toEqual([a.id, a.id, a.id, b.id]);
    // One X-Service-Delivery per payload, the same on every attempt.
    expect(new Set(receiver.received.slice(1, 4).map((r) => r.headers['x-service-delivery'])).size).toBe(1);
  });
});

describe('webhook delivery: the API does not wait for receivers', () => {
  it('API calls answer at once while the receiver hangs: they finish while its first request is still open', async () => {
    const s = await deliveryService(); // 10 s request timeout
    const receiver = await startReceiver(s.clock);
    receiver.answer = 'hang';
    await createWebhook(s.client, `${receiver.url}/h`, ['*']);
    await receiver.waitFor(1); // the ping is out and will not be answered
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await createEntry(s.client, {});
      times.push(performance.now() - started);
    }
    expect(receiver.openOn('/h')).toBe(1); // the ping still hangs...
    expect(receiver.received).toHaveLength(1); // ...the entries' payloads wait behind it...
    expect(Math.max(...times)).toBeLessThan(1000); // ...and no API call waited for it
    receiver.answer = 200;
    receiver.release(200);
    await receiver.waitFor(11);
  });

  it('no answer within the request timeout is a failure, retried a minute later', async () => {
    const s = await deliveryService({ delivery: { requestTimeoutMs: 200 } });
    const receiver = await startReceiver(s.clock);
    receiver.answer = 'hang';
    await createWebhook(s.client, `${receiver.url}/h`, ['*']);
    await receiver.waitFor(1);
    await s.settle();
    const row = await s.built.db.get('SELECT state, attempts, last_error, due_ms FROM webhook_deliveries');
    expect(row).toEqual({
      state: 'pending',
      attempts: 1,
      last_error: 'no answer within 200 ms',
      due_ms: s.clock().getTime() + 60_000,
    });
  });

  it('a refused connection and a 3xx count as failures; a huge 2xx body is not read to its end and still delivers', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    const closed = await startReceiver(s.clock);
    const deadUrl = closed.url;
    await closed.close();
    const dead = await createWebhook(s.client, `${deadUrl}/h`);
    receiver.plan = (r) =>
      r.path === '/redirect' ? 302 : r.path === '/huge' ? { status: 200, bodyBytes: 50 * 1024 * 1024 } : undefined;
    const redirect = await createWebhook(s.client, `${receiver.url}/redirect`);
    const huge = await createWebhook(s.client, `${receiver.url}/huge`);
    await receiver.waitFor(2);
    await s.settle();
    const state = (id: number) =>
      s.built.db.get('SELECT state, last_error FROM webhook_deliveries WHERE webhook_id = ?', id);
    expect(await state(dead.id)).toMatchObject({
      state: 'pending',
      last_error: expect.stringContaining('ECONNREFUSED'),
    });
    expect(await state(redirect.id)).toMatchObject({
      state: 'pending',
      last_error: expect.stringMatching(/^HTTP 302/),
    });
    expect(await state(huge.id)).toEqual({ state: 'delivered', last_error: null });
  });

  it('loopback is allowed, by address or by name (the desktop app listens there)', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    await createWebhook(s.client, `${receiver.url.replace('127.0.0.1', 'localhost')}/by-name`);
    await receiver.waitFor(1, '/by-name');
  });

  it('only http(s) URIs and no link-local or unspecified address are ever contacted', async () => {
    const s = await deliveryService();
    const w = await createWebhook(s.client, 'http://127.0.0.1:9/h');
    await s.settle();
    for (const [uri, why] of [
      ['ftp://127.0.0.1/h', 'scheme ftp: is not allowed'],
      ['http://169.254.169.254/latest/meta-data', 'address 169.254.169.254 is not allowed'],
      ['http://[fe80::1]/h', 'address fe80::1 is not allowed'],
      ['http://0.0.0.0:9/h', 'address 0.0.0.0 is not allowed'],
      ['http://[::ffff:169.254.169.254]/h', 'address ::ffff:a9fe:a9fe is not allowed'],
      ['http://[64:ff9b::169.254.169.254]/h', 'address 64:ff9b::a9fe:a9fe is not allowed'],
      ['http://0xa9fea9fe/h', 'address 169.254.169.254 is not allowed'],
    ]) {
      // A payload_uri the API would refuse, written beside it.
      await s.built.db.run('UPDATE webhooks SET payload_uri = ? WHERE id = ?', uri, w.id);
      await s.built.db.run('UPDATE webhook_deliveries SET due_ms = 0');
      await s.client.put(`/v2/webhooks/${w.id}/ping`); // wakes the deliverer
      await s.settle();
      const errors = (
        await s.built.db.column(
          'SELECT last_error FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id LIMIT 1',
          w.id,
        )
      )[0];
      expect(errors, uri).toContain(why);
    }
  });
});

describe('the address a delivery connects to', () => {
  // The name is resolved when connecting and the connection goes to the address checked then: a
  // name that resolved to loopback a moment ago and now resolves to a metadata address (DNS
  // rebinding) is not connected to. The resolver is a stand-in, so nothing leaves loopback.
  it('a name is checked on what it resolves to at connect time, each time: loopback is delivered to, a link-local answer is refused before connecting', async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    const answers = ['127.0.0.1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '169.254.169.254'];
    const asked: string[] = [];
    const resolve: Resolve = (host, _options, callback) => {
      asked.push(host);
      const address = answers.shift()!;
      callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
    };
    const outcomes = [];
    for (let i = 0; i < 4; i++) {
      const agents = new Agents(); // a new connection each time, as after a keep-alive socket closed
      const body = Buffer.from(JSON.stringify({ n: i }));
      outcomes.push(
        await post(`http://localhost:${port}/r${i}`, {
          body,
          headers: { 'content-type': 'application/json' },
          agents,
          options: {
            timeoutMs: 2000,
            responseLimit: 100,
            signal: new AbortController().signal,
            resolve,
          },
        }),
      );
      agents.destroy();
    }
    expect(receiver.received.map((r) => r.path)).toEqual(['/r0']);
    expect(outcomes[0]).toMatchObject({ status: 200 });
    for (const outcome of outcomes.slice(1))
      expect(outcome).toEqual({
        detail: expect.stringMatching(/^EADDRNOTALLOWED: localhost resolves to an address deliveries may not go to/),
      });
    expect(asked).toEqual(['localhost', 'localhost', 'localhost', 'localhost']);
  });
});

describe('webhook payloads are written with the change (a durable outbox)', () => {
  it('the payload is in the queue when the API answers, and a change that rolls back leaves none', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    receiver.answer = 'hang';
    await createWebhook(s.client, `${receiver.url}/h`, ['*']);
    await receiver.waitFor(1); // the ping holds the queue: nothing below is sent
    const entry = await createEntry(s.client, {});
    const queued = () => s.built.db.column(`SELECT event FROM webhook_deliveries WHERE state = 'pending' ORDER BY id`);
    expect(await queued()).toEqual(['webhook.ping', 'entry.created']);
    // Refused changes emit nothing: an approved entry is locked.
    await s.client.put(`/v2/entries/${entry.id}/approved`);
    expect((await s.client.put(`/v2/entries/${entry.id}`, { minutes: 90 })).status).toBe(400);
    expect((await s.client.del(`/v2/entries/${entry.id}`)).status).toBe(400);
    expect(await queued()).toEqual(['webhook.ping', 'entry.created', 'entry.updated.approved']);
    // A transaction that fails after emitting takes its payloads with it.
    await expect(
      s.built.db.transaction(async (tx) => {
        await emitEntryEvents(tx, [
          entryEvent('entry.deleted', { accountId: 1, entryId: entry.id, at: '2024-03-04T09:00:00Z' }),
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queued()).toEqual(['webhook.ping', 'entry.created', 'entry.updated.approved']);
    receiver.answer = 200;
    receiver.release();
  });
});
