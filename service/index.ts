// The local service: Stint's own implementation of the time-tracking API on SQLite. The app
// embeds it (main/core/embedded/embeddedAccount.ts); `npm run service` runs it alone (cli.ts).
import type { FastifyInstance } from 'fastify';
import { createApp, type TrustProxy } from './app';
import { oauthRoutes } from './oauth/routes';
import type { OAuthSettings } from './oauth/settings';
import { createContext } from './context';
import { listenBase, readPublicUrl } from './http/links';
import { openSqliteStore } from './storage/sqliteStore';
import type { Store } from './storage/store';
import type { SqliteDriver } from './storage/driver';
import { sealPlainSecrets } from './storage/sealSecrets';
import { seedService } from './seed';
import { secretBox } from './storage/secretBox';
// The embedded account makes the key its service seals secrets with, so it needs the key's size.
export { SECRETS_KEY_BYTES } from './storage/secretBox';
import { timestamp } from './time';
import { DEFAULT_TUNING, type Tuning } from './tuning';
import { installEventDelivery, type EventDelivery } from './events/install';
import type { Scheduler } from './events/scheduler';
import type { WebhookDeliveryTuning } from './events/webhookDeliverer';
import type { Registry } from 'prom-client';
import type { Readiness } from './ops/health';
import { listenForMetrics } from './ops/metricsServer';

export interface ServiceOptions {
  /** Folder for service.db; absent = in-memory database. */
  dataDir?: string;
  /** Default '127.0.0.1'. */
  host?: string;
  /**
   * The URL clients reach the service at (https://time.example.com, behind a proxy or load
   * balancer): every absolute link, Location and webhook payload URL starts with it. Absent: the
   * address the service listens on. Never the request's Host header (http/links.ts).
   */
  publicUrl?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** The owner's personal token; if absent and the owner has none, one is generated. */
  token?: string;
  /**
   * Who holds `token` ('app': the desktop app's own). It then replaces that holder's earlier
   * tokens, which a start without a keychain would otherwise leave behind, one per start.
   */
  tokenHolder?: string;
  /** Requests/s per client address; default 2 (the spec's limit); 0 disables. */
  rateLimit?: number;
  /**
   * The proxies whose X-Forwarded-For names the client (fastify's trustProxy: addresses or CIDRs
   * like '10.0.0.0/8', or true for any). The rate limit and the sign-in throttle
   * then count the client's address, not the proxy's. Default: none, the socket's address.
   */
  trustProxy?: TrustProxy;
  /** Default 'me@stint.local'. */
  ownerEmail?: string;
  /**
   * The owner's password, with which they sign in on the OAuth authorize page; at least 8
   * characters. SQLite: set (replaced) at every start. PostgreSQL: set only while the owner has
   * none, so that a restart of one of many instances does not undo a `set-password` (seed.ts).
   */
  ownerPassword?: string;
  /** Lifetimes of authorization codes (default 10 min) and OAuth access tokens (default 2 weeks), in ms. */
  oauth?: Partial<OAuthSettings>;
  /** Injectable clock for tests. */
  now?: () => Date;
  /**
   * Default false (the embedded app logs nothing). true: JSON lines on stdout, one per request
   * with its id (ops/requestLog.ts), credentials redacted; a stream takes them instead of stdout;
   * `level` is pino's (default info).
   */
  logger?: boolean | { stream: { write(line: string): void }; level?: string };
  /**
   * 32 random bytes: webhook and broadcast receiver secrets are then stored AES-256-GCM sealed
   * with it (storage/secretBox.ts), plain ones already stored sealed at start. The embedded
   * service's comes from the OS keychain. Absent: secrets are stored as they are (a server whose
   * disk is its own), and sealed ones cannot be used.
   */
  secretsKey?: Uint8Array;
  /** The account's user limit (code reached_user_limit; deactivated users do not count); null = none. Absent = keep what the database has (none at first). */
  userLimit?: number | null;
  /** The account's project limit (code reached_project_limit); null = none. Absent = keep what the database has (none at first). */
  projectLimit?: number | null;
  /** Sizes of background work (service/tuning.ts); tests shrink them. */
  tuning?: Partial<Tuning>;
  /** Broadcasts are coalesced and sent at this interval; default 5000 (GAPS.md). */
  broadcastIntervalMs?: number;
  /** Timers of webhook retries and the broadcast interval (service/events/scheduler.ts); tests pass one that follows `now`. */
  scheduler?: Scheduler;
  /** Webhook delivery sizes: concurrency, request timeout, response limit, retry policy (service/events/install.ts). */
  delivery?: Partial<WebhookDeliveryTuning>;
  /** The SQLite driver; default node:sqlite. The driver benchmark puts better-sqlite3 here to compare. */
  sqlite?: SqliteDriver;
  /** An opened store to run on instead of SQLite in dataDir (PostgreSQL for a team); the service closes it on close. */
  store?: Store;
  /**
   * Serve Prometheus metrics at /metrics on this port (METRICS_PORT; 0: a free one), on a
   * listener of its own at metricsHost, never on the API's port. Absent: requests are not counted
   * (the embedded app), and BuiltService.metrics holds only what is read at a scrape (the webhook
   * queue, the pool, lease steals).
   */
  metricsPort?: number;
  /** Default '127.0.0.1': only this machine reads the metrics. */
  metricsHost?: string;
}

export interface RunningService {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The token given or just generated; '' when the database existed and none was given (only its hash is stored). */
  token: string;
  /** True when the service generated the token (show it to the user once). */
  tokenCreated: boolean;
  ownerId: number;
  /** http://host:port/metrics when metricsPort was given. */
  metricsUrl?: string;
  /** Starts draining: /readyz answers 503 from now on, so balancers send new requests elsewhere; requests are still served. */
  drain(): void;
  /** Drains, stops taking connections, finishes the requests in flight, stops background work, closes the database. */
  close(): Promise<void>;
}

export interface BuiltService {
  app: FastifyInstance;
  /** The store the service runs on (storage/store.ts); SQLite's is a SqliteStore. */
  db: Store;
  token: string;
  tokenCreated: boolean;
  ownerId: number;
  /** Webhook and broadcast delivery: tests wait for it to be idle. */
  events: EventDelivery;
  /** The service's Prometheus metrics (ops/metrics.ts). */
  metrics: Registry;
  /** draining = true makes /readyz answer 503 (ops/health.ts). */
  readiness: Readiness;
}

/** The application without a listening socket: for inject-based tests and benchmarks. app.close() closes the database. */
export async function buildService(options: ServiceOptions = {}): Promise<BuiltService> {
  const built = await assembleService(options, await import('./ops/metrics'));
  return { ...built, metrics: built.metrics! };
}

type MetricsModule = typeof import('./ops/metrics');

/**
 * The service; its metrics only with `metrics`, the module loaded for them (ops/metrics.ts, with
 * prom-client): startService loads it only when the metrics are served, so the embedded app, which
 * never reads them, does not carry prom-client or pg.
 */
async function assembleService(
  options: ServiceOptions,
  metricsModule: MetricsModule | undefined,
): Promise<Omit<BuiltService, 'metrics'> & { metrics?: Registry }> {
  if (options.token !== undefined && options.token.trim() === '') throw new Error('token must not be empty');
  const publicUrl = options.publicUrl === undefined ? undefined : readPublicUrl(options.publicUrl);
  const clock = options.now ?? (() => new Date());
  const secrets = secretBox(options.secretsKey);
  const db = options.store ?? openSqliteStore(options.dataDir, options.sqlite);
  const tuning: Tuning = { ...DEFAULT_TUNING, ...options.tuning };
  try {
    await sealPlainSecrets(db, secrets);
    const { ownerId, token, tokenCreated } = await seedService(db, {
      ownerEmail: options.ownerEmail ?? 'me@stint.local',
      token: options.token,
      tokenHolder: options.tokenHolder,
      ownerPassword: options.ownerPassword,
      userLimit: options.userLimit,
      projectLimit: options.projectLimit,
      now: timestamp(clock()),
      passwordCost: tuning.passwordHash,
    });
    const context = createContext(db, clock, secrets);
    context.publicUrl = publicUrl;
    context.tuning = tuning;
    const readiness: Readiness = { draining: false };
    const metrics = metricsModule?.createMetrics(db, clock, { processMetrics: options.metricsPort !== undefined });
    const app = createApp(context, {
      rateLimit: options.rateLimit ?? 2,
      logger: options.logger ?? false,
      trustProxy: options.trustProxy,
      readiness,
      // Requests are counted only where the metrics are served: a histogram and counters per
      // request cost the embedded app a fifth of a GET /v2/timers for numbers nobody reads.
      countRequests:
        options.metricsPort !== undefined && metricsModule && metrics
          ? metricsModule.requestCounters(metrics)
          : undefined,
    });
    // Registered here rather than in createApp: its lifetimes come from ServiceOptions.
    app.register(oauthRoutes(context, options.oauth));
    const events = installEventDelivery(app, context, {
      scheduler: options.scheduler,
      broadcastIntervalMs: options.broadcastIntervalMs,
      delivery: options.delivery,
    });
    app.addHook('onClose', async () => db.close());
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (address && typeof address === 'object') context.listenBase = listenBase(address.address, address.port);
    });
    return { app, db, token, tokenCreated, ownerId, events, metrics, readiness };
  } catch (error) {
    await db.close();
    throw error;
  }
}

const hostForUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const served = options.metricsPort !== undefined;
  const built = await assembleService(options, served ? await import('./ops/metrics') : undefined);
  const host = options.host ?? '127.0.0.1';
  try {
    await built.app.listen({ host, port: options.port ?? 0 });
  } catch (error) {
    await built.app.close();
    throw error;
  }
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const metrics =
    options.metricsPort === undefined
      ? undefined
      : await listenForMetrics(built.metrics!, options.metricsHost ?? '127.0.0.1', options.metricsPort).catch(
          async (error: Error) => {
            await built.app.close();
            throw new Error(`metrics port ${options.metricsPort}: ${error.message}`);
          },
        );
  const drain = () => {
    built.readiness.draining = true;
  };
  return {
    url: `http://${hostForUrl(host)}:${port}`,
    port,
    token: built.token,
    tokenCreated: built.tokenCreated,
    ownerId: built.ownerId,
    metricsUrl: metrics?.url,
    drain,
    async close() {
      drain();
      // fastify's close stops listening, closes idle connections, waits for the requests in
      // flight, then runs preClose/onClose: webhook and broadcast workers stop, the database closes.
      await built.app.close();
      await metrics?.close();
    },
  };
}
