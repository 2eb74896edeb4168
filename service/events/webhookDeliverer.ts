// Sends the webhook queue (events/webhookQueue.ts) to the payload URIs, between requests and
// never inside one: an API call only writes its payloads and wakes this worker after its commit.
//
// A pass claims the due heads (events/webhookClaims.ts): a head is sent unless its webhook already
// has a request out, here or on another instance sharing the database (one at a time per
// webhook), or `concurrency` requests are out from this instance; the earliest head not yet due
// arms one timer on the scheduler seam. Every finished request writes its outcome, gives its
// claim back and runs another pass. On PostgreSQL a NOTIFY after each commit that queued a
// payload wakes every instance, and a short poll stands in for a lost notification or a dead
// instance's expired lease. The queue is the database, so a restart resumes where the last run
// stopped; a request cut off by the stop is sent again (at least once: receivers can tell a
// repeat by X-Service-Delivery).
//
// Outcomes (GAPS.md): any 2xx delivers; 410 fails the payload and disables the webhook; anything
// else, or no answer within the timeout, is retried on the schedule of events/backoff.ts.
import { outsideRequest } from '../storage/cancellation';
import type { Queryable } from '../storage/store';
import type { RetryPolicy } from './backoff';
import { postDelivery, type DeliveryDeps } from './deliveryDeps';
import { sign } from './signature';
import { inProcessClaims, type WebhookClaims } from './webhookClaims';
import { failForGood, pruneDelivered, recordDelivered, recordFailure, type Head } from './webhookQueue';

export interface WebhookDeliveryTuning {
  /** Requests out at once across webhooks. */
  concurrency: number;
  /** Wall-clock limit of one request, from connecting to the end of the read. */
  requestTimeoutMs: number;
  /** Bytes of a response body read at most. */
  responseLimit: number;
  retry: RetryPolicy;
  /** Delivered payloads older than this are deleted. */
  keepDeliveredMs: number;
  /**
   * PostgreSQL: how long a webhook's lease holds (wall clock) when its instance does not give it
   * back (killed): another instance takes it over after this. Longer than a request may take.
   */
  leaseMs: number;
  /** PostgreSQL: how often each instance looks at the queue besides the NOTIFY wakes (wall clock). */
  pollMs: number;
}

export class WebhookDeliverer {
  private readonly inFlight = new Map<number, Promise<void>>();
  private passQueued = false;
  private passing = false;
  private passAgain = false;
  private cancelTimer: (() => void) | null = null;
  private timerDue = Infinity;
  private stopped = false;
  private lastPruneMs = -Infinity;
  private readonly stop$ = new AbortController();
  private idleWaiters: Array<() => void> = [];
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly deps: DeliveryDeps<WebhookDeliveryTuning>,
    private readonly claims: WebhookClaims = inProcessClaims(db),
  ) {}

  /** Leases taken over from instances that let them expire (the metrics read it). */
  get leaseSteals(): number {
    return this.claims.steals;
  }

  /**
   * Looks at the queue every `ms` of wall-clock time besides the wakes: what another instance
   * queued while this one's notifications were lost, and leases left by an instance that died.
   */
  pollEvery(ms: number): void {
    if (this.stopped || this.poll) return;
    this.poll = setInterval(() => this.wake(), ms);
    this.poll.unref();
  }

  /** Looks at the queue again once the current synchronous work (the caller's transaction) is over. */
  wake(): void {
    if (this.stopped || this.passQueued) return;
    this.passQueued = true;
    // Outside the request that may have woken it: its signal must not cut the delivery (storage/cancellation.ts).
    outsideRequest(() =>
      setImmediate(() => {
        this.passQueued = false;
        void this.pass();
      }),
    );
  }

  /** Resolves when no request is out and no pass is waiting (heads not yet due may remain). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Stops claiming, aborts requests that are out (their payloads stay pending) and cancels the
   * timer and the poll, then gives back this instance's leases, so another instance sends them
   * at once instead of after their expiry (SIGTERM: call before the store closes).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stop$.abort();
    this.cancelTimer?.();
    this.cancelTimer = null;
    clearInterval(this.poll);
    this.poll = undefined;
    // A pass under way may still claim and send (its request sees the abort at once).
    while (this.passing) await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(this.inFlight.values());
    await this.claims
      .releaseAll()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'giving back the webhook leases failed'));
    this.settleIdle();
  }

  private isIdle(): boolean {
    return this.inFlight.size === 0 && !this.passQueued && !this.passing;
  }

  private settleIdle(): void {
    if (!this.isIdle() && !this.stopped) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /**
   * One pass at a time: a pass awaits the database, and two passes on one stale read of the
   * queue could send a head twice. A wake during a pass runs another one after it. Never rejects.
   */
  private async pass(): Promise<void> {
    if (this.passing) {
      this.passAgain = true;
      return;
    }
    this.passing = true;
    try {
      do {
        this.passAgain = false;
        if (this.stopped) break;
        await this.passOnce();
      } while (this.passAgain);
    } catch (error) {
      this.deps.log.error({ err: error }, 'reading the webhook queue failed');
    } finally {
      this.passing = false;
      this.settleIdle();
    }
  }

  private async passOnce(): Promise<void> {
    const nowMs = this.deps.clock().getTime();
    await this.prune(nowMs);
    // Due heads beyond the free slots wait: every finished request runs a pass.
    const free = this.deps.tuning.concurrency - this.inFlight.size;
    const { due, nextDueMs } = await this.claims.claim(nowMs, free, new Set(this.inFlight.keys()));
    for (const head of due) await this.send(head);
    this.arm(nextDueMs, nowMs);
  }

  private arm(due: number, nowMs: number): void {
    if (due === this.timerDue) return;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.timerDue = due;
    if (due === Infinity) return;
    this.cancelTimer = this.deps.scheduler.setTimeout(() => {
      this.cancelTimer = null;
      this.timerDue = Infinity;
      void this.pass();
    }, due - nowMs);
  }

  private async send(head: Head): Promise<void> {
    let secret: string;
    try {
      secret = this.deps.secrets.open(head.secret);
    } catch (error) {
      await this.unsigned(head, error as Error);
      return;
    }
    const body = Buffer.from(head.body, 'utf8');
    const headers = {
      'content-type': 'application/json',
      // spec 000: webhook for pings, entry for entry events: the event name's first word.
      'x-service-eventcategory': head.event.split('.')[0]!,
      // The payload's UUID, the same on every attempt (for a ping it is the body's payload_id).
      'x-service-delivery': head.payload_id,
      'x-service-signature': sign(secret, body),
      'user-agent': 'Service-Webhooks',
    };
    const attempt = postDelivery(this.deps, head.payload_uri, { body, headers, signal: this.stop$.signal })
      .then(async (outcome) => {
        if (this.stopped) return; // cut off by the stop: still pending, sent again on the next start
        const nowMs = this.deps.clock().getTime();
        const status = outcome.status;
        if (status !== undefined && status >= 200 && status < 300)
          return await this.db.transaction(async (tx) => await recordDelivered(tx, head, nowMs));
        const error = (status === undefined ? outcome.detail : `HTTP ${status} ${outcome.detail}`).slice(0, 500);
        if (status === 410) {
          await this.db.transaction(async (tx) => await failForGood(tx, head, error, nowMs));
          this.deps.log.warn(
            { webhook: head.webhook_id, payload: head.payload_id },
            'webhook answered 410 Gone: disabled',
          );
          return;
        }
        const failure = await this.db.transaction(
          async (tx) => await recordFailure(tx, { head, error, nowMs, policy: this.deps.tuning.retry }),
        );
        if (failure.gaveUp)
          this.deps.log.warn(
            { webhook: head.webhook_id, payload: head.payload_id, error },
            'webhook failing for 3 days: payload failed, webhook disabled',
          );
      })
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, webhook: head.webhook_id }, 'recording a webhook delivery failed'),
      )
      // Given back after the outcome is written, and before this instance looks again (its own
      // claim would skip a webhook it still holds).
      .then(() => this.release(head))
      .finally(() => {
        this.inFlight.delete(head.webhook_id);
        this.wake();
        this.settleIdle();
      });
    this.inFlight.set(head.webhook_id, attempt);
  }

  /**
   * The webhook's secret cannot be opened (sealed under a key this service no longer has): nothing
   * is sent, and the attempt counts as a failed one, so the payload waits on the retry schedule
   * for PUT reroll_secret to give the webhook a secret it can sign with (or fails after 3 days).
   */
  private async unsigned(head: Head, error: Error): Promise<void> {
    const failure = await this.db.transaction(
      async (tx) =>
        await recordFailure(tx, {
          head,
          error: `not sent: ${error.message}; PUT reroll_secret gives the webhook a new one`,
          nowMs: this.deps.clock().getTime(),
          policy: this.deps.tuning.retry,
        }),
    );
    this.deps.log.warn(
      { webhook: head.webhook_id, payload: head.payload_id, reason: error.message, gaveUp: failure.gaveUp },
      "webhook payload not sent: the webhook's secret cannot be read with this service's secrets key; reroll its secret",
    );
    await this.release(head);
    // The pass under way has counted this head as sent: the next one arms its retry.
    this.wake();
  }

  private async release(head: Head): Promise<void> {
    await this.claims
      .release(head.webhook_id)
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, webhook: head.webhook_id }, 'giving back a webhook lease failed'),
      );
  }

  private async prune(nowMs: number): Promise<void> {
    if (nowMs - this.lastPruneMs < 3_600_000) return;
    this.lastPruneMs = nowMs;
    await pruneDelivered(this.db, nowMs - this.deps.tuning.keepDeliveredMs);
  }
}
