// Sends the coalesced broadcasts of table broadcast_outbox (spec 000 "Broadcasts"). The outbox
// holds one row per receiver and subject, overwritten by every newer event, so what goes out is
// the latest last_event of the interval. The first change after a send writes the row with its
// due time, one interval later (events/outbox.ts); later changes keep it. A row written here arms
// a timer (scheduler seam); when it fires, the rows due are taken and sent, and the timer is armed
// again for the next due row. So a receiver hears at most one broadcast per subject and interval,
// never sooner than an interval after the change, whichever instance saw the change: the due time
// is in the row, and the instances sharing a PostgreSQL database take due rows with
// SELECT … FOR UPDATE SKIP LOCKED, so each row goes out from exactly one of them. On PostgreSQL a
// poll also looks for due rows, so rows an instance left when it died go out from another.
//
// A broadcast is sent once: no retry and no failure tracking (spec 000: "so that stale data is not
// delivered"). Rows survive a restart and go out at their due time (at once when it has passed).
// The receiver is read again when sending: one disabled, unsubscribed or deleted in the meantime
// gets nothing.
import { bool, jsonTexts, skipLocked } from '../storage/dialect';
import { outsideRequest } from '../storage/cancellation';
import type { Queryable } from '../storage/store';
import { timestamp } from '../time';
import { postDelivery, type DeliveryDeps } from './deliveryDeps';
import { sign } from './signature';

export interface BroadcastTuning {
  intervalMs: number;
  concurrency: number;
  requestTimeoutMs: number;
  responseLimit: number;
}

interface Due {
  receiver_id: number;
  subject: string;
  last_event: string;
  url: string;
  name: string;
  payload_uri: string;
  /** As stored: sealed, or plain (storage/secretBox.ts); opened only to sign the request. */
  secret: string;
}

/**
 * Takes the waiting broadcasts due by `dueMs` that no other instance is taking, and answers those
 * whose receiver is still enabled and subscribed; the others are dropped.
 */
async function takeDue(db: Queryable, dueMs: number): Promise<Due[]> {
  return await db.transaction(async (tx) => {
    const rows = (await tx.all(
      `SELECT o.receiver_id, o.subject, o.last_event, o.url, r.name, r.payload_uri, r.secret,
         (r.state = 'enabled' AND EXISTS (SELECT 1 FROM ${jsonTexts(tx.dialect, 'r.subjects')} s WHERE s.value IN ('*', o.subject))) AS wanted
       FROM broadcast_outbox o JOIN broadcast_receivers r ON r.id = o.receiver_id
       WHERE o.due_ms <= ?
       ORDER BY o.receiver_id, o.subject ${skipLocked(tx.dialect, 'o')}`,
      dueMs,
    )) as Array<Due & { wanted: unknown }>;
    for (const row of rows)
      await tx.run('DELETE FROM broadcast_outbox WHERE receiver_id = ? AND subject = ?', row.receiver_id, row.subject);
    return rows.filter((row) => bool(row.wanted));
  });
}

/** Rows another instance is taking right now are looked at again this soon. */
const BUSY_RETRY_MS = 50;

export class Broadcaster {
  private cancelTimer: (() => void) | null = null;
  private readonly sending = new Set<Promise<void>>();
  private stopped = false;
  private readonly stop$ = new AbortController();
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly deps: DeliveryDeps<BroadcastTuning>,
  ) {}

  /** A row was written, due an interval from now (or earlier, when an older change wrote it): make sure a timer runs. */
  wake(): void {
    if (this.stopped || this.cancelTimer) return;
    // Outside the request that may have woken it: its signal must not cut the broadcast (storage/cancellation.ts).
    outsideRequest(() => this.arm(this.deps.tuning.intervalMs));
  }

  /** On start, and on each poll: the timer follows the earliest due row, whoever wrote it. */
  async resume(): Promise<void> {
    await this.armForNext(0);
  }

  /** Looks for due rows every `ms` of wall-clock time (PostgreSQL: rows an instance left when it died). */
  pollEvery(ms: number): void {
    if (this.stopped || this.poll) return;
    this.poll = setInterval(() => {
      if (!this.cancelTimer) this.resume().catch(() => {});
    }, ms);
    this.poll.unref();
  }

  private arm(ms: number): void {
    this.cancelTimer?.();
    this.cancelTimer = this.deps.scheduler.setTimeout(() => {
      this.cancelTimer = null;
      this.flush(false).catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'taking the due broadcasts failed'),
      );
    }, ms);
  }

  /** Resolves when no broadcast is being sent. */
  async idle(): Promise<void> {
    while (this.sending.size > 0) await Promise.all(this.sending);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    this.poll = undefined;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.stop$.abort();
    await this.idle();
  }

  /** Sends what is due now (the timer's job), or everything waiting (`all`: tests). */
  async flush(all = true): Promise<void> {
    if (this.stopped) return;
    const take = takeDue(this.db, all ? Number.MAX_SAFE_INTEGER : this.deps.clock().getTime()).then(async (due) => {
      // Rows due already but not taken are another instance's, being taken now: look again soon.
      if (!this.cancelTimer) await this.armForNext(due.length === 0 ? BUSY_RETRY_MS : 0);
      return due;
    });
    // Tracked from the take on, so that idle() also waits for a take under way.
    const run = take
      .then((due) => this.sendAll(due))
      .catch(() => {
        /* the take's failure is the caller's (awaited below); a send's is logged by send */
      })
      .finally(() => this.sending.delete(run));
    this.sending.add(run);
    await take;
  }

  /** Arms the timer for the earliest due row, whoever wrote it; `overdueMs` for a row due already. */
  private async armForNext(overdueMs: number): Promise<void> {
    if (this.stopped) return;
    const next = (await this.db.get('SELECT MIN(due_ms) AS due FROM broadcast_outbox')) as { due: number | null };
    if (next.due === null || this.stopped) return;
    const wait = next.due - this.deps.clock().getTime();
    this.arm(wait > 0 ? wait : overdueMs);
  }

  private async sendAll(due: Due[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < due.length) await this.send(due[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(this.deps.tuning.concurrency, due.length) }, worker));
  }

  private async send(d: Due): Promise<void> {
    let secret: string;
    try {
      secret = this.deps.secrets.open(d.secret);
    } catch (error) {
      // Sealed under a key this service no longer has (the keychain lost it): nothing can be
      // signed, so nothing is sent. The app replaces such a receiver; an owner rerolls its secret.
      this.deps.log.warn(
        { receiver: d.receiver_id, subject: d.subject, reason: (error as Error).message },
        "broadcast not sent: the receiver's secret cannot be read with this service's secrets key; reroll its secret or create it again",
      );
      return;
    }
    const body = Buffer.from(
      JSON.stringify({
        broadcast_receiver: { id: d.receiver_id, name: d.name },
        sent_at: timestamp(this.deps.clock()),
        last_event: d.last_event,
        subject: { type: d.subject, url: d.url },
      }),
      'utf8',
    );
    const headers = {
      'content-type': 'application/json',
      'x-service-broadcastsubject': d.subject,
      'x-service-signature': sign(secret, body),
      'user-agent': 'Service-Broadcasts',
    };
    const outcome = await postDelivery(this.deps, d.payload_uri, { body, headers, signal: this.stop$.signal });
    // Not tracked: only logged, at debug level, for whoever looks.
    this.deps.log.debug({ receiver: d.receiver_id, status: outcome.status, detail: outcome.detail }, 'broadcast sent');
  }
}
