// Failing webhook deliveries (spec 000 "Failures and retries", GAPS.md): the backoff schedule on
// the injected clock, disabling after 3 days and on 410, PUT retry, and a queue that outlives a
// restart of the service on the same data folder.
import { describe, expect, it } from 'vitest';
import { CONDITION_WAIT_MS } from '../../../support/patience';
import { createWebhook, deliveryService, startReceiver, type DeliveryService } from '../support/deliverySupport';
import { createEntry, manualClock } from '../support/support';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + CONDITION_WAIT_MS; !(await condition()); ) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The queue as the service's store holds it (SQLite, or PostgreSQL on a PostgreSQL run). */
const rows = (s: DeliveryService) =>
  s.built.db.all<{ payload_id: string; event: string; state: string; attempts: number }>(
    'SELECT payload_id, event, state, attempts FROM webhook_deliveries ORDER BY id',
  );

/** A webhook whose receiver answers 500, its ping's first attempt made and failed. */
async function failingWebhook(events?: string[]) {
  const s = await deliveryService();
  const receiver = await startReceiver(s.clock);
  receiver.answer = 500;
  const w = await createWebhook(s.client, `${receiver.url}/h`, events);
  await receiver.waitFor(1);
  await s.settle();
  return { s, receiver, w };
}

describe('webhook retries on the injected clock', () => {
  it('a failing payload is retried after 1, 2, 4 ... 256 minutes, then every 6 hours, last at the 3-day mark; then it has failed and the webhook is disabled', async () => {
    const { s, receiver, w } = await failingWebhook();
    const t0 = receiver.received[0]!.at;
    while (s.scheduler.runNext() !== null) await s.settle();
    const offsets = receiver.received.map((r) => r.at - t0);
    const expected = [0];
    for (let delay = MINUTE; delay <= 256 * MINUTE; delay *= 2) expected.push(expected.at(-1)! + delay);
    while (expected.at(-1)! + 6 * HOUR < 3 * DAY) expected.push(expected.at(-1)! + 6 * HOUR);
    expected.push(3 * DAY);
    expect(offsets).toEqual(expected);
    expect(offsets).toHaveLength(21);
    // Every attempt is the same payload, the same delivery id.
    expect(new Set(receiver.received.map((r) => r.headers['x-service-delivery'])).size).toBe(1);
    expect(await rows(s)).toMatchObject([{ state: 'failed', attempts: 21 }]);
    expect((await s.client.get(`/v2/webhooks/${w.id}`)).body.state).toBe('disabled');
    // A disabled webhook stops receiving events (spec 000): nothing is queued for it.
    await createEntry(s.client, {});
    expect(await rows(s)).toHaveLength(1);
  });

  it('a payload that succeeds within the window ends the failing run; the next failure starts a new one', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    await createWebhook(s.client, `${receiver.url}/h`, ['entry.created']);
    await receiver.waitFor(1);
    receiver.answer = 500;
    await createEntry(s.client, {});
    await receiver.waitFor(2);
    await s.settle();
    expect([
      s.scheduler.runNext(),
      await s.settle(),
      s.scheduler.runNext(),
      await s.settle(),
      s.scheduler.runNext(),
    ]).toEqual([MINUTE, undefined, 2 * MINUTE, undefined, 4 * MINUTE]);
    await s.settle();
    receiver.answer = 200;
    expect(s.scheduler.runNext()).toBe(8 * MINUTE);
    await s.settle();
    expect((await rows(s)).map((r) => r.state)).toEqual(['delivered', 'delivered']);
    receiver.answer = 500;
    await createEntry(s.client, {});
    await receiver.waitFor(7);
    await s.settle();
    expect(s.scheduler.runNext()).toBe(MINUTE); // a new run: back to the first delay
  });

  it('410 Gone fails the payload and disables the webhook at once; later payloads are held, not lost', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    const w = await createWebhook(s.client, `${receiver.url}/h`, ['entry.created']);
    await receiver.waitFor(1);
    receiver.answer = 410;
    const first = await createEntry(s.client, {});
    await receiver.waitFor(2);
    await s.settle();
    expect((await s.client.get(`/v2/webhooks/${w.id}`)).body.state).toBe('disabled');
    expect((await rows(s)).map((r) => r.state)).toEqual(['delivered', 'failed']);
    expect(s.scheduler.pending()).toBe(0); // no retry is scheduled
    await s.client.put(`/v2/webhooks/${w.id}/ping`); // queued while disabled
    await s.settle();
    expect(receiver.received).toHaveLength(2);

    // Enabled again: the held ping goes; the failed payload stays failed until retried.
    receiver.answer = 200;
    await s.client.put(`/v2/webhooks/${w.id}/enable`);
    await receiver.waitFor(3);
    expect(receiver.received[2]!.body.type).toBe('webhook.ping');
    const failed = (await rows(s))[1]!;
    expect((await s.client.put(`/v2/webhooks/${w.id}/retry/${failed.payload_id}`)).status).toBe(202);
    const [, , , again] = await receiver.waitFor(4);
    expect(again!.headers['x-service-delivery']).toBe(failed.payload_id);
    expect(again!.body.object.id).toBe(first.id);
    await s.settle();
    expect((await rows(s)).map((r) => r.state)).toEqual(['delivered', 'delivered', 'delivered']);
    expect((await s.client.put(`/v2/webhooks/${w.id}/retry/${failed.payload_id}`)).status).toBe(404); // delivered now, not failed
  });

  it('PUT retry re-sends a payload that failed for 3 days, with a fresh window, ahead of a later payload waiting for its retry', async () => {
    const { s, receiver, w } = await failingWebhook();
    while (s.scheduler.runNext() !== null) await s.settle();
    const ping = (await rows(s))[0]!;
    expect(ping).toMatchObject({ state: 'failed', attempts: 21 });
    // Enabled again, a failed payload holds nothing back: a new entry's payload is tried (and fails).
    await s.client.put(`/v2/webhooks/${w.id}/enable`);
    await createEntry(s.client, {});
    await receiver.waitFor(22);
    await s.settle();
    expect(receiver.received[21]!.body.type).toBe('entry.created');
    // The retried ping goes at once, before the entry's payload, which waits a minute for its retry.
    receiver.plan = (r) => (r.body.type === 'webhook.ping' ? 200 : undefined);
    expect((await s.client.put(`/v2/webhooks/${w.id}/retry/${ping.payload_id}`)).status).toBe(202);
    await receiver.waitFor(23);
    await s.settle();
    expect(receiver.received[22]!.body.payload_id).toBe(ping.payload_id);
    expect((await rows(s)).map((r) => r.state)).toEqual(['delivered', 'pending']);
    expect(s.scheduler.runNext()).toBe(MINUTE);
  });
});

describe('PUT retry of a payload still failing on its schedule', () => {
  it('the creation ping, failing and holding back a later payload, answers 202, is sent at once with a new window, and the queue moves on', async () => {
    const { s, receiver, w } = await failingWebhook(['entry.created']);
    s.scheduler.runNext(); // the second attempt, a minute later: still failing
    await receiver.waitFor(2);
    await s.settle();
    await createEntry(s.client, {}); // held back behind the failing ping
    await s.settle();
    expect(receiver.received).toHaveLength(2);
    const ping = (await rows(s))[0]!;
    expect(ping).toMatchObject({ event: 'webhook.ping', state: 'pending', attempts: 2 });

    receiver.answer = 200;
    const reply = await s.client.put(`/v2/webhooks/${w.id}/retry/${ping.payload_id}`);
    expect(reply.status).toBe(202);
    expect(reply.body.message).toEqual(expect.any(String));
    // Sent now, not at its scheduled retry (4 minutes away), then the entry's payload behind it.
    const [, , again, next] = await receiver.waitFor(4);
    expect(again!.headers['x-service-delivery']).toBe(ping.payload_id);
    expect(again!.at).toBe(receiver.received[1]!.at);
    expect(next!.body.type).toBe('entry.created');
    await s.settle();
    expect((await rows(s)).map((r) => r.state)).toEqual(['delivered', 'delivered']);
  });
});

describe('webhook delivery survives a restart', () => {
  it('payloads cut off by a stop, or waiting for a retry, are sent by the next service on the same data folder, in order', async () => {
    const clock = manualClock();
    const first = await deliveryService({ clock });
    const receiver = await startReceiver(clock);
    receiver.answer = 'hang';
    await createWebhook(first.client, `${receiver.url}/slow`, ['entry.created']);
    await createWebhook(first.client, `${receiver.url}/retrying`, ['entry.created']);
    await receiver.waitFor(2);
    receiver.plan = (r) => (r.path === '/retrying' ? 500 : undefined);
    const entries = [await createEntry(first.client, { minutes: 1 }), await createEntry(first.client, { minutes: 2 })];
    receiver.release(200); // the pings; the entries' payloads now go: /slow hangs, /retrying fails
    await receiver.waitFor(2, '/slow');
    await receiver.waitFor(2, '/retrying');
    await until(async () => (await rows(first)).some((r) => r.attempts === 1 && r.state === 'pending')); // the 500 is written down
    await first.close(); // cuts the hanging request off
    expect(receiver.on('/slow')).toHaveLength(2);

    receiver.plan = () => undefined;
    receiver.answer = 200;
    const second = await deliveryService({ clock, dataDir: first.dataDir });
    await receiver.waitFor(4, '/slow'); // at once: the cut-off payload, then the next
    expect(
      receiver
        .on('/slow')
        .slice(1)
        .map((r) => r.body.object.id),
    ).toEqual([entries[0]!.id, entries[0]!.id, entries[1]!.id]);
    await second.settle();
    expect(receiver.on('/retrying')).toHaveLength(2); // its retry is due in a minute, on the new service's scheduler too
    expect(second.scheduler.runNext()).toBe(MINUTE);
    await receiver.waitFor(4, '/retrying');
    expect(
      receiver
        .on('/retrying')
        .slice(1)
        .map((r) => r.body.object.id),
    ).toEqual([entries[0]!.id, entries[0]!.id, entries[1]!.id]);
  });
});
