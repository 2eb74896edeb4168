// Several service instances on ONE PostgreSQL database act as one service for the work between
// requests (issue 20): webhook payloads go exactly once, in order, one at a time per webhook,
// whichever instance queued them; a lease left by a dead instance is taken over after it expires;
// a stopping instance gives its leases back; PUT retry of a failing payload works from any
// instance; broadcasts are coalesced once per receiver and interval across instances; a tag
// merge's batch runs on one instance only. Each instance is built in-process on its own pool of
// the same database, as `npm run service` with one DATABASE_URL would be on several hosts.
import { afterEach, describe, expect, it } from 'vitest';
import { buildService, type BuiltService, type ServiceOptions } from '../../../../service';
import { openPostgresStore } from '../../../../service/storage/postgresStore';
import { CONDITION_WAIT_MS } from '../../../support/patience';
import { testDatabase, type TestDatabase } from '../../../support/postgres';
import {
  createReceiver,
  createWebhook,
  manualScheduler,
  startReceiver,
  type ManualScheduler,
} from '../support/deliverySupport';
import { Client, createEntry, createProject, manualClock } from '../support/support';

const TOKEN = 'multi-instance-token';

interface Instance {
  built: BuiltService;
  client: Client;
}

interface Group {
  database: TestDatabase;
  instances: Instance[];
}

const groups: Group[] = [];
afterEach(async () => {
  for (const { instances, database } of groups.splice(0)) {
    await Promise.all(instances.map((i) => i.built.app.close()));
    await database.drop();
  }
});

/** One more instance on the group's database, with its own pool, listening on loopback. */
async function addInstance(group: Group, options: ServiceOptions = {}): Promise<Instance> {
  const store = await openPostgresStore({ url: group.database.url, poolSize: 4 });
  const built = await buildService({ store, rateLimit: 0, token: TOKEN, ...options });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  const instance = { built, client: new Client(url, TOKEN) };
  group.instances.push(instance);
  return instance;
}

/** `n` instances on one new database. */
async function instances(n: number, options: (index: number) => ServiceOptions = () => ({})): Promise<Group> {
  const group: Group = { database: await testDatabase(), instances: [] };
  groups.push(group);
  for (let i = 0; i < n; i++) await addInstance(group, options(i));
  return group;
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + CONDITION_WAIT_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not met in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const FAST = { delivery: { pollMs: 50 } } satisfies ServiceOptions;

describe('webhook delivery across instances on one PostgreSQL database', () => {
  it('3 instances: every payload exactly once, in order, never two in flight per webhook, whichever instance queued it', async () => {
    const { instances: all } = await instances(3, () => FAST);
    const receiver = await startReceiver();
    receiver.delayMs = () => Math.floor(Math.random() * 8); // requests overlap across instances
    const paths = ['/a', '/b', '/c'];
    for (const path of paths) await createWebhook(all[0]!.client, `${receiver.url}${path}`, ['entry.created']);
    const entries: number[] = [];
    for (let i = 0; i < 24; i++) entries.push((await createEntry(all[i % 3]!.client, { minutes: i + 1 })).id);
    for (const path of paths) await receiver.waitFor(25, path);
    // Anything sent twice would arrive within the bound: let every instance settle first.
    await Promise.all(all.map((i) => i.built.events.idle()));
    for (const path of paths) {
      const got = receiver.on(path);
      expect(got.map((r) => r.body.type)).toEqual(['webhook.ping', ...entries.map(() => 'entry.created')]);
      expect(got.slice(1).map((r) => r.body.object.id)).toEqual(entries); // in order, each once
      expect(new Set(got.map((r) => r.headers['x-service-delivery'])).size).toBe(25);
      expect(receiver.maxOpen.get(path)).toBe(1);
    }
  });

  it('a lease left by an instance that died is taken over once it expires, and counted as a steal', async () => {
    const leaseMs = 2000; // ample for the stealer's own request, even on a loaded machine
    const { instances: all, database } = await instances(2, () => ({ delivery: { pollMs: 50, leaseMs } }));
    const receiver = await startReceiver();
    const w = await createWebhook(all[0]!.client, `${receiver.url}/h`, ['entry.created']);
    await receiver.waitFor(1);
    // An instance killed while it held the webhook: its lease stays in the row.
    const store = await openPostgresStore({ url: database.url, poolSize: 1, migrate: false });
    const leftAt = Date.now();
    try {
      await store.run(
        'UPDATE webhooks SET delivery_lease_owner = ?, delivery_lease_expires_ms = ? WHERE id = ?',
        'a-killed-instance',
        leftAt + leaseMs,
        w.id,
      );
    } finally {
      await store.close();
    }
    const entry = await createEntry(all[1]!.client, {});
    const [, got] = await receiver.waitFor(2);
    expect(Date.now() - leftAt).toBeGreaterThanOrEqual(leaseMs); // not before the lease expired
    expect(got!.body.object.id).toBe(entry.id);
    const steals = all.map((i) => i.built.events.stats().webhookLeaseSteals);
    expect(steals.reduce((a, b) => a + b)).toBe(1);
  });

  it('a stopping instance gives its leases back: another sends the cut-off payload at once, not after the lease expires', async () => {
    const options = { delivery: { pollMs: 50, leaseMs: 10 * 60_000 } };
    const group = await instances(1, () => options);
    const [first] = group.instances;
    const receiver = await startReceiver();
    receiver.answer = 'hang';
    await createWebhook(first!.client, `${receiver.url}/h`);
    const [ping] = await receiver.waitFor(1); // out from the first instance, which holds the lease
    const second = await addInstance(group, options);
    receiver.answer = 200;
    await first!.built.events.stop(); // what SIGTERM calls
    const [, again] = await receiver.waitFor(2);
    expect(again!.headers['x-service-delivery']).toBe(ping!.headers['x-service-delivery']);
    await second.built.events.idle();
    const row = await second.built.db.get('SELECT state FROM webhook_deliveries');
    expect(row).toEqual({ state: 'delivered' });
    expect(second.built.events.stats().webhookLeaseSteals).toBe(0); // given back, not stolen
  });

  it('PUT retry of the failing creation ping, asked of another instance: 202, sent at once, and the queue moves on', async () => {
    const clock = manualClock();
    // Retries wait on schedulers that the test never moves: only the retry can send it again.
    const { instances: all } = await instances(2, () => ({
      now: clock,
      scheduler: manualScheduler(clock),
      delivery: { pollMs: 50 },
    }));
    const receiver = await startReceiver(clock);
    receiver.answer = 500;
    const w = await createWebhook(all[0]!.client, `${receiver.url}/h`, ['entry.created']);
    await receiver.waitFor(1);
    await until(
      async () => (await all[1]!.built.db.get('SELECT attempts FROM webhook_deliveries'))?.attempts === 1,
      'the failure is written',
    );
    await createEntry(all[1]!.client, {}); // held back behind the failing ping
    const ping = (await all[1]!.built.db.get('SELECT payload_id FROM webhook_deliveries ORDER BY id')) as {
      payload_id: string;
    };
    receiver.answer = 200;
    const reply = await all[1]!.client.put(`/v2/webhooks/${w.id}/retry/${ping.payload_id}`);
    expect(reply.status).toBe(202);
    // The clock does not move: only the retry sends it now.
    const [, again, next] = await receiver.waitFor(3);
    expect(again!.headers['x-service-delivery']).toBe(ping.payload_id);
    expect(next!.body.type).toBe('entry.created');
    await Promise.all(all.map((i) => i.built.events.idle()));
    const states = await all[0]!.built.db.column('SELECT state FROM webhook_deliveries ORDER BY id');
    expect(states).toEqual(['delivered', 'delivered']);
  });
});

describe('broadcasts across instances', () => {
  it('one broadcast per receiver and interval whichever instance saw the change, never sooner than an interval after it', async () => {
    const SECOND = 1000;
    const clock = manualClock();
    const t0 = clock().getTime();
    const schedulers: ManualScheduler[] = [];
    const { instances: all } = await instances(3, () => {
      const scheduler = manualScheduler(clock);
      schedulers.push(scheduler);
      return { now: clock, scheduler, broadcastIntervalMs: 4 * SECOND, delivery: { pollMs: 50 } };
    });
    const [a, b, c] = all as [Instance, Instance, Instance];
    // Time passes for every instance: each one's timers due by then fire.
    const advance = (ms: number) => {
      schedulers[0]!.advance(ms);
      for (const s of schedulers.slice(1)) s.advance(0);
    };
    const receiver = await startReceiver(clock);
    await createReceiver(a.client, `${receiver.url}/b`);
    const project = await createProject(a.client);
    const timer = `/v2/projects/${project}/timer`;
    await a.client.put(`${timer}/start`); // t0: the first change, seen by a
    clock.advance(2 * SECOND);
    await b.client.put(`${timer}/pause`); // t0+2s, seen by b: coalesced with a's
    advance(2 * SECOND); // t0+4s: a's interval is over
    const [first] = await receiver.waitFor(1);
    expect(first!.at - t0).toBe(4 * SECOND);
    expect(first!.body.last_event).toBe('timer.paused');
    await c.client.put(`${timer}/start`); // t0+4s, seen by c: a new interval
    advance(2 * SECOND); // t0+6s: b's own timer, armed at its change, fires
    await Promise.all(all.map((i) => i.built.events.idle()));
    expect(receiver.received).toHaveLength(1); // not 2 s after the last broadcast
    advance(2 * SECOND); // t0+8s: an interval after c's change
    const [, second] = await receiver.waitFor(2);
    expect(second!.at - t0).toBe(8 * SECOND);
    expect(second!.body.last_event).toBe('timer.running');
    advance(10 * SECOND);
    await Promise.all(all.map((i) => i.built.events.idle()));
    expect(receiver.received).toHaveLength(2);
  });
});

describe('tag merges across instances', () => {
  it('a background merge batch runs on one instance only, though both are ready to run it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const lines: string[] = [];
    const logger = { stream: { write: (line: string) => void lines.push(line) } };
    const group = await instances(2, () => ({
      logger,
      tuning: { tagMergeInlineMax: 1, tagMergeBatch: 100, tagMergePollMs: 50, beforeBackgroundBatch: () => gate },
    }));
    const [a, b] = group.instances as [Instance, Instance];
    for (let i = 0; i < 3; i++) await createEntry(a.client, { description: `Item ${i} #from` });
    await createEntry(a.client, { description: '#into' });
    const tags = (await a.client.get('/v2/tags')).body as Array<{ id: number; name: string }>;
    const [from, into] = ['from', 'into'].map((name) => tags.find((t) => t.name === name)!);
    expect((await a.client.put(`/v2/tags/${into!.id}/merge`, { tag_id: from!.id })).status).toBe(202);
    open(); // both instances' runners, waiting at the gate, look for work at once
    await until(async () => (await b.client.get(`/v2/tags/${from!.id}`)).status === 404, 'the merge finished');
    await Promise.all(group.instances.map((i) => i.built.app.close()));
    group.instances.length = 0;
    const finished = lines.filter((line) => JSON.parse(line).msg === 'tag merge finished');
    expect(finished).toHaveLength(1);
    expect(lines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });
});
