// Operations of the service (service/ops/): /livez and /readyz for balancers and orchestrators, on
// both stores, and the Prometheus metrics: requests by route and status, 429s, the PostgreSQL
// pool, the webhook queue read from the database, lease steals.
import { afterEach, describe, expect, it } from 'vitest';
import { buildService, type BuiltService, startService, type RunningService } from '../../../../service';
import { expectedSchemaVersion } from '../../../../service/ops/health';
import { webhookLeaseSteals } from '../../../../service/ops/leaseSteals';
import type { PostgresStore } from '../../../../service/storage/postgresStore';
import type { Store } from '../../../../service/storage/store';
import { postgresTestStore } from '../../../support/postgresService';
import { rawRequest, USER_AGENT } from '../support/support';

const stores: Record<string, () => Promise<Store | undefined>> = {
  sqlite: async () => undefined,
  postgres: postgresTestStore,
};

const started: RunningService[] = [];
const built: BuiltService[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
  await Promise.all(built.splice(0).map((b) => b.app.close().catch(() => {})));
});

async function start(store: Store | undefined, options: Parameters<typeof startService>[0] = {}) {
  const service = await startService({ ...options, ...(store ? { store } : {}) });
  started.push(service);
  return service;
}

async function build(store: Store | undefined, options: Parameters<typeof buildService>[0] = {}) {
  const service = await buildService({ rateLimit: 0, ...options, ...(store ? { store } : {}) });
  built.push(service);
  return service;
}

/** Sets the version the database says its schema is at, as each store records it. */
async function setSchemaVersion(db: Store, version: number): Promise<void> {
  if (db.dialect === 'sqlite') await db.run(`PRAGMA user_version = ${version}`);
  else await db.run('UPDATE schema_version SET version = ?', version);
}

async function readyz(service: BuiltService) {
  const reply = await service.app.inject({ method: 'GET', url: '/readyz' });
  return { status: reply.statusCode, body: reply.json() as { status: string; reason?: string } };
}

describe.each(Object.keys(stores))('health on %s', (storeName) => {
  const openStore = stores[storeName]!;

  it('/livez and /readyz answer without a credential, a User-Agent or a rate limit slot', async () => {
    const service = await start(await openStore(), { rateLimit: 1 });
    for (let i = 0; i < 8; i++) {
      for (const [path, status] of [
        ['/livez', 'live'],
        ['/readyz', 'ready'],
      ] as const) {
        const reply = await rawRequest(`${service.url}${path}`, {});
        expect(reply.status, path).toBe(200);
        expect(JSON.parse(reply.text)).toEqual({ status });
        expect(reply.headers['cache-control']).toBe('no-store');
      }
    }
    // The API itself still asks for all three.
    expect((await rawRequest(`${service.url}/v2/current_user`, {})).status).toBe(400);
  });

  it('/readyz answers 503 once draining starts, while the API still serves', async () => {
    const service = await start(await openStore(), { rateLimit: 0 });
    service.drain();
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', reason: 'draining' });
    expect((await fetch(`${service.url}/livez`)).status).toBe(200);
    const api = await fetch(`${service.url}/v2/current_user`, {
      headers: { 'user-agent': USER_AGENT, 'x-servicetoken': service.token },
    });
    expect(api.status).toBe(200);
  });

  it('/readyz answers 503 when the schema is not at the version this code needs, and 200 again when it is', async () => {
    const service = await build(await openStore());
    const current = expectedSchemaVersion(service.db);
    await setSchemaVersion(service.db, current - 1);
    expect(await readyz(service)).toEqual({
      status: 503,
      body: {
        status: 'not ready',
        reason: `database schema is at version ${current - 1}, this service needs ${current}`,
      },
    });
    await setSchemaVersion(service.db, current);
    expect((await readyz(service)).status).toBe(200);
  });

  it('/readyz answers 503 when the database cannot be reached, without saying more', async () => {
    const service = await build(await openStore());
    await service.app.ready();
    await service.db.close();
    expect(await readyz(service)).toEqual({
      status: 503,
      body: { status: 'not ready', reason: 'database unreachable' },
    });
    expect((await service.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });
});

/** The value of one sample of the exposition text, or undefined when it is not there. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('metrics', () => {
  it('counts requests by route and status, and 429s, on a port of its own (loopback), never on the API port', async () => {
    const service = await start(undefined, { rateLimit: 1, metricsPort: 0 });
    expect(service.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const headers = { 'user-agent': USER_AGENT, 'x-servicetoken': service.token };
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${service.url}/v2/projects/7`, { headers }).then((r) => r.status)),
    );
    const notFound = statuses.filter((s) => s === 404).length;
    const tooMany = statuses.filter((s) => s === 429).length;
    expect(tooMany).toBeGreaterThan(0);

    const scrape = await fetch(service.metricsUrl!);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    expect(sample(text, 'stint_http_requests_total{route="/v2/projects/:id",method="GET",status="404"}')).toBe(
      notFound,
    );
    expect(sample(text, 'stint_http_requests_total{route="/v2/projects/:id",method="GET",status="429"}')).toBe(tooMany);
    expect(sample(text, 'stint_http_429_total{route="/v2/projects/:id"}')).toBe(tooMany);
    // The process's own count (one per process, ops/leaseSteals.ts): other files of this worker may
    // have stolen leases before this one (they share its module cache).
    expect(sample(text, 'stint_webhook_lease_steals_total')).toBe(webhookLeaseSteals.count);
    expect(text).toContain('process_resident_memory_bytes');
    // Not on the API's port: there it is an unknown path behind the credential check.
    expect((await fetch(`${service.url}/metrics`, { headers: { 'user-agent': USER_AGENT } })).status).toBe(401);
    // Nothing but /metrics on the metrics port.
    expect((await fetch(service.metricsUrl!.replace('/metrics', '/v2/projects'))).status).toBe(404);
  });

  it('counts v1 requests once each, under their v1 route, in the same counters as v2', async () => {
    const service = await start(undefined, { rateLimit: 0, metricsPort: 0 });
    const headers = { 'user-agent': USER_AGENT, 'x-servicetoken': service.token };
    for (let i = 0; i < 3; i++) expect((await fetch(`${service.url}/api/projects.json`, { headers })).status).toBe(200);
    expect((await fetch(`${service.url}/v2/projects`, { headers })).status).toBe(200);
    const text = await (await fetch(service.metricsUrl!)).text();
    expect(sample(text, 'stint_http_requests_total{route="/api/projects.json",method="GET",status="200"}')).toBe(3);
    expect(sample(text, 'stint_http_requests_total{route="/v2/projects",method="GET",status="200"}')).toBe(1);
    // v2's app, which handed them over, does not count them again as unmatched.
    expect(text).not.toContain('route="unmatched"');
  });

  it('writes one request line per v1 request, with its v1 route and request id', async () => {
    const lines: Array<{ msg: string; route: string | null; url: string; request_id: string }> = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const service = await start(undefined, { rateLimit: 0, logger: { stream } });
    const headers = { 'user-agent': USER_AGENT, 'x-servicetoken': service.token };
    const reply = await fetch(`${service.url}/api/projects.json`, { headers });
    expect(reply.status).toBe(200);
    await expect.poll(() => lines.filter((l) => l.msg === 'request').length).toBe(1);
    const [line] = lines.filter((l) => l.msg === 'request');
    expect(line).toMatchObject({ route: '/api/projects.json', url: '/api/projects.json' });
    expect(line!.request_id).toBe(reply.headers.get('x-request-id'));
  });

  it('reads the webhook queue from the database at scrape time: pending payloads and how long the oldest due one has waited', async () => {
    const now = new Date('2026-03-04T10:00:00Z');
    const service = await build(undefined, { now: () => now });
    const stamp = '2026-03-04T09:00:00Z';
    const account = await service.db.get<{ id: number }>('SELECT id FROM accounts');
    // A disabled webhook: its payloads wait, so the deliverer leaves them alone.
    const hook = await service.db.get<{ id: number }>(
      `INSERT INTO webhooks (account_id, name, state, payload_uri, events, secret, created_at, updated_at)
       VALUES (?, 'Held', 'disabled', 'https://example.com/hook', '*', 'secret', ?, ?) RETURNING id`,
      account!.id,
      stamp,
      stamp,
    );
    const insert = (payload: string, dueMs: number, createdAt: string, state = 'pending') =>
      service.db.run(
        `INSERT INTO webhook_deliveries (webhook_id, payload_id, event, body, state, due_ms, created_at, updated_at)
         VALUES (?, ?, 'entry.created', '{}', ?, ?, ?, ?)`,
        hook!.id,
        payload,
        state,
        dueMs,
        createdAt,
        createdAt,
      );
    expect(sample(await service.metrics.metrics(), 'stint_webhook_queue_depth')).toBe(0);
    await insert('p1', now.getTime() - 90_000, '2026-03-04T09:58:00Z'); // a retry due 90 s ago
    await insert('p2', 0, '2026-03-04T09:59:00Z'); // new, due since it was made, 60 s ago
    await insert('p3', now.getTime() + 60_000, '2026-03-04T09:50:00Z'); // a retry not due yet
    await insert('p4', 0, '2026-03-04T08:00:00Z', 'delivered');
    const text = await service.metrics.metrics();
    expect(sample(text, 'stint_webhook_queue_depth')).toBe(3);
    expect(sample(text, 'stint_webhook_oldest_due_seconds')).toBe(90);
  });

  it('serves the lease steal counter the events code increments', async () => {
    const service = await build(undefined);
    const before = sample(await service.metrics.metrics(), 'stint_webhook_lease_steals_total') ?? Number.NaN;
    webhookLeaseSteals.inc();
    expect(sample(await service.metrics.metrics(), 'stint_webhook_lease_steals_total')).toBe(before + 1);
  });

  it('shows callers waiting for a PostgreSQL connection, and times every acquisition', async () => {
    const store = (await postgresTestStore()) as PostgresStore;
    const service = await build(store);
    const size = store.pool.options.max!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: size }, () => store.transaction(() => held));
    await expect.poll(() => store.pool.idleCount === 0 && store.pool.totalCount === size).toBe(true);
    const waiting = store.get('SELECT 1 AS one');
    const gauge = service.metrics.getSingleMetric('stint_db_pool_waiting')!;
    expect((await gauge.get()).values[0]!.value).toBe(1);
    release();
    await Promise.all([...holders, waiting]);
    expect((await gauge.get()).values[0]!.value).toBe(0);
    const text = await service.metrics.metrics();
    expect(sample(text, 'stint_db_pool_connections{state="max"}')).toBe(size);
    expect(sample(text, 'stint_db_pool_acquire_seconds_count')).toBeGreaterThanOrEqual(size + 1);
  });
});
