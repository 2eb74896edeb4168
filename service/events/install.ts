// Wires event delivery into one service: the outbox on its database, the webhook deliverer and
// the broadcaster, started when the app is ready (resuming what a stop left in the database) and
// stopped when it starts closing, before the database closes.
//
// On PostgreSQL several instances share the queue: the deliverer claims webhooks with leases
// (webhookClaims.ts), every instance LISTENs for the NOTIFY that a commit queuing a payload sends,
// and both workers poll besides (a lost notification, an instance that died holding work).
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { DAY, DEFAULT_RETRY } from './backoff';
import { Broadcaster } from './broadcaster';
import { setOutbox } from './emit';
import { createOutbox } from './outbox';
import { Agents } from './post';
import { realScheduler, type Scheduler } from './scheduler';
import { inProcessClaims, leaseClaims } from './webhookClaims';
import { WebhookDeliverer, type WebhookDeliveryTuning } from './webhookDeliverer';
import { forgetWebhookLists, WEBHOOK_LIST_CHANNEL } from './webhookList';
import { WEBHOOK_CHANNEL } from './webhookQueue';

export interface EventDeliveryOptions {
  /** Timers of retries and of the broadcast interval; default: real timers. */
  scheduler?: Scheduler;
  /** GAPS.md: broadcasts go out every 5 s by default. */
  broadcastIntervalMs?: number;
  delivery?: Partial<WebhookDeliveryTuning>;
}

/** Decided defaults: 4 requests out at once, 10 s per request, 4 KiB of a response read, delivered payloads kept 7 days. */
export const DEFAULT_DELIVERY: WebhookDeliveryTuning = {
  concurrency: 4,
  requestTimeoutMs: 10_000,
  responseLimit: 4096,
  retry: DEFAULT_RETRY,
  keepDeliveredMs: 7 * DAY,
  leaseMs: 60_000,
  pollMs: 1000,
};

export interface EventDelivery {
  /** Resolves when nothing is being sent and nothing is due now (tests). */
  idle(): Promise<void>;
  /** Sends the waiting broadcasts now instead of at the end of the interval (tests). */
  flushBroadcasts(): void;
  /**
   * Stops claiming and sending, aborts the requests out (their payloads stay pending) and gives
   * back this instance's webhook leases, so the other instances go on at once (SIGTERM). The
   * app's close calls it too; calling it again does nothing more.
   */
  stop(): Promise<void>;
  /** Counters for the metrics: webhook leases this instance took over after they expired. */
  stats(): { webhookLeaseSteals: number };
}

export function installEventDelivery(
  app: FastifyInstance,
  context: Context,
  options: EventDeliveryOptions = {},
): EventDelivery {
  const { db, clock } = context;
  const scheduler = options.scheduler ?? realScheduler;
  const tuning = { ...DEFAULT_DELIVERY, ...options.delivery };
  const agents = new Agents();
  const shared = db.dialect === 'postgres';
  const claims = shared ? leaseClaims(db, { leaseMs: tuning.leaseMs }) : inProcessClaims(db);
  const webhooks = new WebhookDeliverer(
    db,
    { clock, scheduler, agents, tuning, log: app.log, secrets: context.secrets },
    claims,
  );
  const broadcasts = new Broadcaster(db, {
    clock,
    scheduler,
    agents,
    tuning: {
      intervalMs: options.broadcastIntervalMs ?? 5000,
      concurrency: tuning.concurrency,
      requestTimeoutMs: tuning.requestTimeoutMs,
      responseLimit: tuning.responseLimit,
    },
    log: app.log,
    secrets: context.secrets,
  });
  const broadcastIntervalMs = options.broadcastIntervalMs ?? 5000;
  const removeOutbox = setOutbox(
    db,
    createOutbox(
      () => context.base(),
      { webhooks: () => webhooks.wake(), broadcasts: () => broadcasts.wake() },
      () => clock().getTime() + broadcastIntervalMs,
    ),
  );

  let unlisten: (() => Promise<void>) | undefined;
  let unlistenList: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    if (shared) {
      unlisten = await db.listen?.(WEBHOOK_CHANNEL, () => webhooks.wake());
      // Another instance changed a webhook: the outbox's lists are read again (webhookList.ts).
      unlistenList = await db.listen?.(WEBHOOK_LIST_CHANNEL, () => forgetWebhookLists(db));
      webhooks.pollEvery(tuning.pollMs);
      broadcasts.pollEvery(tuning.pollMs);
    }
    webhooks.wake();
    await broadcasts.resume();
  });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await unlisten?.();
      await unlistenList?.();
      await Promise.all([webhooks.stop(), broadcasts.stop()]);
      agents.destroy();
    })());
  // Workers stop before the server waits for the requests still running; the outbox stays until
  // the end, so what those requests emit is written (and sent after the next start).
  app.addHook('preClose', stop);
  app.addHook('onClose', async () => removeOutbox());

  return {
    async idle() {
      // A finished broadcast can wake nothing, but a finished webhook request runs another pass: settle both.
      await Promise.all([webhooks.idle(), broadcasts.idle()]);
      await webhooks.idle();
    },
    flushBroadcasts: async () => await broadcasts.flush(),
    stop,
    stats: () => ({ webhookLeaseSteals: webhooks.leaseSteals }),
  };
}
