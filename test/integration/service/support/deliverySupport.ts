// Helpers of the event delivery tests: a real receiver on 127.0.0.1 that answers as told (2xx,
// 500, 410, a huge body, or nothing at all), a scheduler that follows the manual clock so the
// 3-day retry window runs in milliseconds, and a service on a data folder that can be restarted.
// With STINT_TEST_STORE=postgres the service runs on a PostgreSQL database of its own instead,
// which stands for the data folder: a restart on the same folder reopens the same database.
import { timingSafeEqual, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService, type BuiltService, type ServiceOptions } from '../../../../service';
import { generateToken, hashToken } from '../../../../service/auth/tokens';
import type { Scheduler } from '../../../../service/events/scheduler';
import { openPostgresStore } from '../../../../service/storage/postgresStore';
import type { Store } from '../../../../service/storage/store';
import { afterEachTest } from '../../../support/afterEachTest';
import { CONDITION_WAIT_MS } from '../../../support/patience';
import { testDatabase, type TestDatabase } from '../../../support/postgres';
import { onPostgres } from '../../../support/postgresService';
import { Client, manualClock, type ManualClock } from './support';

export type Answer = number | 'hang' | { status: number; bodyBytes: number };

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: any;
  /** The service's (manual) clock when the request arrived. */
  at: number;
}

/** A webhook or broadcast receiver: answers `answer` (or what `plan` says for a request), records every request. */
export class Receiver {
  readonly received: Received[] = [];
  answer: Answer = 200;
  /** Per request: what to answer; falls back to `answer`. */
  plan: (r: Received) => Answer | undefined = () => undefined;
  /** Wall-clock ms before a numeric answer is sent: holds each request open a while (races show). */
  delayMs: () => number = () => 0;
  /** The most requests that were open at once, per path. */
  readonly maxOpen = new Map<string, number>();
  private readonly open = new Map<string, number>();
  private readonly hanging = new Set<ServerResponse>();
  private waiters: Array<() => void> = [];
  private server!: Server;
  url = '';

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const r: Received = {
          path: req.url ?? '',
          headers: req.headers,
          raw,
          body: JSON.parse(raw.toString('utf8')),
          at: this.clock().getTime(),
        };
        this.received.push(r);
        const open = (this.open.get(r.path) ?? 0) + 1;
        this.open.set(r.path, open);
        this.maxOpen.set(r.path, Math.max(this.maxOpen.get(r.path) ?? 0, open));
        res.on('close', () => this.open.set(r.path, (this.open.get(r.path) ?? 1) - 1));
        for (const wake of this.waiters.splice(0)) wake();
        const answer = this.plan(r) ?? this.answer;
        if (answer === 'hang') return void this.hanging.add(res);
        if (typeof answer === 'number') {
          const send = () => {
            if (!res.destroyed) res.writeHead(answer, { 'content-type': 'text/plain' }).end(`answer ${answer}`);
          };
          const delay = this.delayMs();
          return void (delay > 0 ? setTimeout(send, delay) : send());
        }
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let left = answer.bodyBytes;
        const pump = () => {
          while (left > 0) {
            left -= chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => {});
        pump();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
    receivers.push(this);
    return this;
  }

  /** Requests on the path not answered yet. */
  openOn(path: string): number {
    return this.open.get(path) ?? 0;
  }

  /** Requests on one path (a receiver can stand for several webhooks, one path each). */
  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Waits until `n` requests in all (on `path` if given) have arrived. */
  async waitFor(n: number, path?: string, timeoutMs = CONDITION_WAIT_MS): Promise<Received[]> {
    const count = () => (path ? this.on(path) : this.received).length;
    const deadline = Date.now() + timeoutMs;
    while (count() < n) {
      if (Date.now() > deadline) throw new Error(`receiver: ${count()} of ${n} requests after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return path ? this.on(path) : this.received;
  }

  /** Answers every request held by 'hang'. */
  release(status = 200): void {
    for (const res of this.hanging) if (!res.writableEnded) res.writeHead(status).end();
    this.hanging.clear();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** What a receiver does with X-Service-Signature: HMAC-SHA256 of the raw body, compared in constant time. */
export function signatureValid(secret: string, r: Received): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(r.raw).digest('hex'));
  const given = Buffer.from(String(r.headers['x-service-signature'] ?? ''));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface ManualScheduler extends Scheduler {
  /** Timers not yet fired. */
  pending(): number;
  /** Moves the clock to the earliest timer and fires it; answers the ms moved, or null when none is armed. */
  runNext(): number | null;
  /** Moves the clock by ms, firing every timer that comes due on the way, in order. */
  advance(ms: number): void;
}

/** Timers on the manual clock: nothing fires until the test moves time. */
export function manualScheduler(clock: ManualClock): ManualScheduler {
  let timers: Array<{ due: number; fn: () => void; seq: number }> = [];
  let seq = 0;
  const now = () => clock().getTime();
  const earliest = () =>
    timers.reduce<(typeof timers)[number] | undefined>(
      (a, t) => (!a || t.due < a.due || (t.due === a.due && t.seq < a.seq) ? t : a),
      undefined,
    );
  const fire = (t: (typeof timers)[number]) => {
    timers = timers.filter((x) => x !== t);
    if (t.due > now()) clock.set(new Date(t.due).toISOString());
    t.fn();
  };
  return {
    setTimeout(fn, ms) {
      const t = { due: now() + Math.max(0, ms), fn, seq: seq++ };
      timers.push(t);
      return () => void (timers = timers.filter((x) => x !== t));
    },
    pending: () => timers.length,
    runNext() {
      const t = earliest();
      if (!t) return null;
      const moved = Math.max(0, t.due - now());
      fire(t);
      return moved;
    },
    advance(ms) {
      const target = now() + ms;
      for (let t = earliest(); t && t.due <= target; t = earliest()) fire(t);
      clock.set(new Date(target).toISOString());
    },
  };
}

export interface DeliveryService {
  built: BuiltService;
  client: Client;
  url: string;
  dataDir: string;
  clock: ManualClock;
  scheduler: ManualScheduler;
  /** Waits until nothing is being delivered. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const receivers: Receiver[] = [];
const services: DeliveryService[] = [];
const dirs: string[] = [];
/** PostgreSQL runs: the database that stands for each data folder. */
const databases = new Map<string, TestDatabase>();
afterEachTest(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  await Promise.all([...databases.values()].map((d) => d.drop()));
  databases.clear();
});

/** On PostgreSQL runs, a store on the database of this data folder (made at its first use). */
async function storeFor(dataDir: string): Promise<Store | undefined> {
  if (!onPostgres()) return undefined;
  let database = databases.get(dataDir);
  if (!database) databases.set(dataDir, (database = await testDatabase()));
  return await openPostgresStore({ url: database.url, poolSize: 4 });
}

export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stint-delivery-'));
  dirs.push(dir);
  return dir;
}

/**
 * A service on a data folder, listening on loopback, with the manual clock and scheduler unless
 * told otherwise. `token` is reused on a restart of the same folder.
 */
export async function deliveryService(
  options: ServiceOptions & { clock?: ManualClock; realTime?: boolean; sqliteFile?: boolean } = {},
): Promise<DeliveryService> {
  const clock = options.clock ?? manualClock();
  const scheduler = manualScheduler(clock);
  const dataDir = options.dataDir ?? tempDataDir();
  // A test that reads the database file itself (sqliteFile) stays on SQLite whatever the run.
  const store = options.store ?? (options.sqliteFile ? undefined : await storeFor(dataDir));
  const built = await buildService({
    rateLimit: 0,
    token: 'delivery-test-token',
    dataDir,
    ...(options.realTime ? {} : { now: clock, scheduler }),
    ...options,
    ...(store ? { store } : {}),
  });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  let closed = false;
  const service: DeliveryService = {
    built,
    client: new Client(url, built.token),
    url,
    dataDir,
    clock,
    scheduler,
    settle: () => built.events.idle(),
    close: async () => {
      if (closed) return;
      closed = true;
      await built.app.close();
    },
  };
  services.push(service);
  return service;
}

export async function createWebhook(
  client: Client,
  payloadUri: string,
  events: string[] = ['*'],
  name = 'Hook',
): Promise<{ id: number; secret: string; [k: string]: any }> {
  const reply = await client.post('/v2/webhooks', { name, payload_uri: payloadUri, events });
  if (reply.status !== 201) throw new Error(`webhook not created: ${reply.status} ${reply.text}`);
  return reply.body;
}

export async function createReceiver(
  client: Client,
  payloadUri: string,
  subjects: string[] = ['timer'],
  name = 'Desk',
): Promise<{ id: number; secret: string; [k: string]: any }> {
  const reply = await client.post('/v2/broadcast_receivers', { name, payload_uri: payloadUri, subjects });
  if (reply.status !== 201) throw new Error(`receiver not created: ${reply.status} ${reply.text}`);
  return reply.body;
}

export async function startReceiver(clock?: () => Date): Promise<Receiver> {
  return new Receiver(clock).start();
}

/** Another user of the owner's account with a personal token, written through the service's store (as people.ts does beside it). */
export async function addMember(
  s: DeliveryService,
  role: 'supervisor' | 'leader' | 'coworker',
): Promise<{ id: number; client: Client }> {
  const token = generateToken();
  const db = s.built.db;
  const now = '2024-03-04T09:00:00Z';
  const { account_id } = (await db.get('SELECT account_id FROM users WHERE id = ?', s.built.ownerId)) as {
    account_id: number;
  };
  const { id } = (await db.get(
    `INSERT INTO users (account_id, email, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
    account_id,
    `${role}-${token.slice(0, 6)}@example.test`,
    role,
    now,
    now,
  )) as { id: number };
  await db.run(
    'INSERT INTO personal_tokens (user_id, token_sha256, created_at) VALUES (?, ?, ?)',
    id,
    hashToken(token),
    now,
  );
  return { id, client: new Client(s.url, token) };
}
