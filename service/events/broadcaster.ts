// Sends the coalesced broadcasts of table broadcast_outbox (spec 000 "Broadcasts"). The outbox
// holds one row per receiver and subject, overwritten by every newer event, so what goes out is
// the latest last_event of the interval. The first row written after a send arms one timer of
// `intervalMs` (scheduler seam); when it fires every row is taken and sent, so a receiver hears
// at most one broadcast per subject and interval, never sooner than an interval after the change.
//
// A broadcast is sent once: no retry and no failure tracking (spec 000: "so that stale data is not
// delivered"). Rows survive a restart and go out one interval after the start. The receiver is
// read again when sending: one disabled, unsubscribed or deleted in the meantime gets nothing.
import { jsonTexts } from '../storage/dialect';
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

/** Takes every waiting broadcast whose receiver is still enabled and subscribed; the others are dropped. */
async function takeDue(db: Queryable): Promise<Due[]> {
  return await db.transaction(async (tx) => {
    const due = (await tx.all(`SELECT o.receiver_id, o.subject, o.last_event, o.url, r.name, r.payload_uri, r.secret
       FROM broadcast_outbox o JOIN broadcast_receivers r ON r.id = o.receiver_id
       WHERE r.state = 'enabled' AND EXISTS (SELECT 1 FROM ${jsonTexts(tx.dialect, 'r.subjects')} s WHERE s.value IN ('*', o.subject))
       ORDER BY o.receiver_id, o.subject`)) as Due[];
    await tx.run('DELETE FROM broadcast_outbox');
    return due;
  });
}

export class Broadcaster {
  private cancelTimer: (() => void) | null = null;
  private readonly sending = new Set<Promise<void>>();
  private stopped = false;
  private readonly stop$ = new AbortController();

  constructor(
    private readonly db: Queryable,
    private readonly deps: DeliveryDeps<BroadcastTuning>,
  ) {}

  /** A row was written: make sure an interval is running. */
  wake(): void {
    if (this.stopped || this.cancelTimer) return;
    this.cancelTimer = this.deps.scheduler.setTimeout(() => {
      this.cancelTimer = null;
      this.flush().catch((error: unknown) => this.deps.log.error({ err: error }, 'taking the due broadcasts failed'));
    }, this.deps.tuning.intervalMs);
  }

  /** On start: rows a stop left behind go out one interval later. */
  async resume(): Promise<void> {
    if (await this.db.get('SELECT 1 FROM broadcast_outbox LIMIT 1')) this.wake();
  }

  /** Resolves when no broadcast is being sent. */
  async idle(): Promise<void> {
    while (this.sending.size > 0) await Promise.all(this.sending);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.stop$.abort();
    await this.idle();
  }

  /** Sends what is waiting now (the timer's job; also for tests). */
  async flush(): Promise<void> {
    if (this.stopped) return;
    const take = takeDue(this.db);
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
