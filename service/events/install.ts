// Wires event delivery into one service: the outbox on its database, the webhook deliverer and
// the broadcaster, started when the app is ready (resuming what a stop left in the database) and
// stopped when it starts closing, before the database closes.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { DAY, DEFAULT_RETRY } from './backoff';
import { Broadcaster } from './broadcaster';
import { setOutbox } from './emit';
import { createOutbox } from './outbox';
import { Agents } from './post';
import { realScheduler, type Scheduler } from './scheduler';
import { WebhookDeliverer, type WebhookDeliveryTuning } from './webhookDeliverer';

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
};

export interface EventDelivery {
  /** Resolves when nothing is being sent and nothing is due now (tests). */
  idle(): Promise<void>;
  /** Sends the waiting broadcasts now instead of at the end of the interval (tests). */
  flushBroadcasts(): void;
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
  const webhooks = new WebhookDeliverer(db, {
    clock,
    scheduler,
    agents,
    tuning,
    log: app.log,
    secrets: context.secrets,
  });
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
  const removeOutbox = setOutbox(
    db,
    createOutbox(() => context.base(), {
      webhooks: () => webhooks.wake(),
      broadcasts: () => broadcasts.wake(),
    }),
  );

  app.addHook('onReady', async () => {
    webhooks.wake();
    await broadcasts.resume();
  });
  // Workers stop before the server waits for the requests still running; the outbox stays until
  // the end, so what those requests emit is written (and sent after the next start).
  app.addHook('preClose', async () => {
    await Promise.all([webhooks.stop(), broadcasts.stop()]);
    agents.destroy();
  });
  app.addHook('onClose', async () => removeOutbox());

  return {
    async idle() {
      // A finished broadcast can wake nothing, but a finished webhook request runs another pass: settle both.
      await Promise.all([webhooks.idle(), broadcasts.idle()]);
      await webhooks.idle();
    },
    flushBroadcasts: async () => await broadcasts.flush(),
  };
}
