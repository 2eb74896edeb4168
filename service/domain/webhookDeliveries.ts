// Payloads queued outside the entry events (table webhook_deliveries): a ping on creation and on
// PUT ping, and a failed payload put back by PUT retry. service/events/ delivers the queue, in id
// order one payload at a time per webhook with retries (GAPS.md "Webhooks and broadcasts"); these
// wake it after the caller's commit.
import { randomUUID } from 'node:crypto';
import { webhookQueued } from '../events/emit';
import { insertPayload, restartHead } from '../events/webhookQueue';
import type { Queryable } from '../storage/store';

/** The ping payload of spec 000 "Events": an empty object, and the payload_id that X-Service-Delivery repeats. */
export async function queuePing(db: Queryable, webhook: { id: number; name: string }, now: string): Promise<string> {
  const payloadId = randomUUID();
  const body = {
    webhook: { id: webhook.id, name: webhook.name },
    type: 'webhook.ping',
    created_at: now,
    object: {},
    payload_id: payloadId,
  };
  await insertPayload(db, { webhookId: webhook.id, payloadId, event: 'webhook.ping', body: JSON.stringify(body), now });
  await webhookQueued(db);
  return payloadId;
}

/**
 * Puts a failed or failing payload of the webhook back in the queue, due now with a new 3-day
 * window; false when it has no such payload. Failing means still pending, waiting on its retry
 * schedule after at least one failed attempt (the creation ping included): spec 000 "Failures and
 * retries" 4 ("a failing payload can be retried manually"), so it goes now, not at its next
 * scheduled attempt, and once it is delivered the queue moves on. A failed one, having the lowest
 * id, goes before the webhook's later payloads; a disabled webhook holds it until it is enabled.
 * A pending payload not tried yet (or out for its first attempt) is not failing: false.
 */
export async function retryPayload(db: Queryable, webhookId: number, payloadId: string, now: string): Promise<boolean> {
  const changed =
    (
      await db.run(
        `UPDATE webhook_deliveries SET state = 'pending', due_ms = 0, failing_since_ms = NULL, attempts = 0, next_attempt_at = ?, updated_at = ?
       WHERE webhook_id = ? AND payload_id = ? AND (state = 'failed' OR (state = 'pending' AND failing_since_ms IS NOT NULL))`,
        now,
        now,
        webhookId,
        payloadId,
      )
    ).changes > 0;
  if (changed) await webhookQueued(db);
  return changed;
}

/** A webhook enabled again: its held payloads go, the first at once with a new 3-day window. */
export async function resumeWebhook(db: Queryable, webhookId: number, now: string): Promise<void> {
  await restartHead(db, webhookId, now);
  await webhookQueued(db);
}
