// Broadcasts over real HTTP to a receiver on 127.0.0.1 (spec 000 "Broadcasts", GAPS.md): timer
// changes coalesced per receiver and subject into one POST per interval carrying the latest
// last_event, never retried, only to enabled receivers subscribed to the subject whose creator's
// timer changed.
import { describe, expect, it } from 'vitest';
import { addMember, createReceiver, deliveryService, signatureValid, startReceiver } from '../support/deliverySupport';
import { createProject } from '../support/support';

const SECOND = 1000;

describe('broadcasts', () => {
  it('timer changes within one interval make one POST, after the 5 s interval, with the last event; spec headers and a signature the receiver verifies', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    const r = await createReceiver(s.client, `${receiver.url}/b`, ['timer'], 'Desk');
    const project = await createProject(s.client);
    const timer = `/v2/projects/${project}/timer`;
    await s.client.put(`${timer}/start`, { description: 'Work' });
    s.clock.advance(SECOND);
    await s.client.put(`${timer}/pause`);
    await s.client.put(`${timer}/start`);
    await s.client.put(`${timer}/log`);
    s.scheduler.advance(5 * SECOND - SECOND - 1);
    await s.settle();
    expect(receiver.received).toHaveLength(0); // not before the interval is over
    s.scheduler.advance(1);
    const [got] = await receiver.waitFor(1);
    await s.settle();
    expect(receiver.received).toHaveLength(1);
    expect(got!.body).toEqual({
      broadcast_receiver: { id: r.id, name: 'Desk' },
      sent_at: '2024-03-04T09:00:05Z',
      last_event: 'timer.logged',
      subject: { type: 'timer', url: `${s.url}/v2/timers` },
    });
    expect(got!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-broadcastsubject': 'timer',
      'user-agent': 'Service-Broadcasts',
      'x-service-signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(signatureValid(r.secret, got!)).toBe(true);
    // The subject url is re-read with API credentials.
    expect((await s.client.get(new URL(got!.body.subject.url).pathname)).status).toBe(200);
    // The next change starts a new interval.
    await s.client.put(`${timer}/start`);
    s.scheduler.advance(5 * SECOND);
    const [, next] = await receiver.waitFor(2);
    expect(next!.body.last_event).toBe('timer.running');
  });

  it('every timer operation names its last_event: running, paused, deleted; changing nothing sends nothing', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    await createReceiver(s.client, `${receiver.url}/b`, ['*']);
    const project = await createProject(s.client);
    const timer = `/v2/projects/${project}/timer`;
    const events: string[] = [];
    const step = async (call: () => Promise<unknown>) => {
      await call();
      s.scheduler.advance(5 * SECOND);
      await s.settle();
      events.push(...receiver.received.splice(0).map((r) => r.body.last_event));
    };
    await step(() => s.client.put(timer, { description: 'Pending' }));
    await step(() => s.client.put(`${timer}/start`));
    await step(() => s.client.put(`${timer}/add_or_subtract_time`, { minutes: 5 }));
    await step(() => s.client.put(`${timer}/pause`));
    await step(() => s.client.put(`${timer}/pause`)); // already paused: nothing
    await step(() => s.client.put(timer, { description: 'Renamed' }));
    await step(() => s.client.del(timer));
    expect(events).toEqual([
      'timer.paused',
      'timer.running',
      'timer.running',
      'timer.paused',
      'timer.paused',
      'timer.deleted',
    ]);
  });

  it('never retried and never failure-tracked: a failing receiver gets one POST, and the next change still reaches it', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    receiver.answer = 500;
    const r = await createReceiver(s.client, `${receiver.url}/b`);
    const project = await createProject(s.client);
    await s.client.put(`/v2/projects/${project}/timer/start`);
    s.scheduler.advance(5 * SECOND);
    await receiver.waitFor(1);
    await s.settle();
    s.scheduler.advance(3 * 24 * 3600 * SECOND);
    await s.settle();
    expect(receiver.received).toHaveLength(1);
    expect(s.scheduler.pending()).toBe(0);
    expect((await s.client.get(`/v2/broadcast_receivers/${r.id}`)).body.state).toBe('enabled');
    await s.client.put(`/v2/projects/${project}/timer/pause`);
    s.scheduler.advance(5 * SECOND);
    await receiver.waitFor(2);
  });

  it("only enabled receivers subscribed to timer (or '*') that the timer's user created hear of it; one disabled before the interval ends gets nothing", async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    const supervisor = await addMember(s, 'supervisor');
    await createReceiver(s.client, `${receiver.url}/mine`, ['timer']);
    await createReceiver(s.client, `${receiver.url}/star`, ['*']);
    const off = await createReceiver(s.client, `${receiver.url}/off`, ['timer']);
    await s.client.put(`/v2/broadcast_receivers/${off.id}/disable`);
    const late = await createReceiver(s.client, `${receiver.url}/late`, ['timer']);
    await createReceiver(supervisor.client, `${receiver.url}/supervisor`, ['timer']);
    const project = await createProject(s.client);
    await s.client.put(`/v2/projects/${project}/timer/start`);
    await s.client.put(`/v2/broadcast_receivers/${late.id}/disable`); // after the change, before the interval ends
    s.scheduler.advance(5 * SECOND);
    await receiver.waitFor(2);
    await s.settle();
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/mine', '/star']);

    // The supervisor's own timer reaches the supervisor's receiver only.
    await supervisor.client.put(`/v2/projects/${project}/timer/start`);
    s.scheduler.advance(5 * SECOND);
    await receiver.waitFor(3);
    await s.settle();
    expect(receiver.received.map((r) => r.path).slice(2)).toEqual(['/supervisor']);
  });

  it('broadcastIntervalMs sets the interval (real timers); a waiting broadcast outlives a restart', async () => {
    const s = await deliveryService({ realTime: true, broadcastIntervalMs: 150 });
    const receiver = await startReceiver();
    await createReceiver(s.client, `${receiver.url}/b`);
    const project = await createProject(s.client);
    const started = performance.now();
    await s.client.put(`/v2/projects/${project}/timer/start`);
    await s.client.put(`/v2/projects/${project}/timer/pause`);
    const [got] = await receiver.waitFor(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(got!.body.last_event).toBe('timer.paused');

    await s.client.put(`/v2/projects/${project}/timer/start`);
    await s.close(); // before the interval is over: the row stays in the outbox
    expect(receiver.received).toHaveLength(1);
    await deliveryService({ realTime: true, broadcastIntervalMs: 150, dataDir: s.dataDir });
    const [, resumed] = await receiver.waitFor(2);
    expect(resumed!.body.last_event).toBe('timer.running');
  });
});
