// The queue of webhook payloads (table webhook_deliveries). This step only fills it: a ping on
// creation and on PUT ping, and a failed payload put back by PUT retry. Delivering it, in id
// order one payload at a time per webhook with retries (GAPS.md "Webhooks and broadcasts"), is
// the next step's; it marks payloads delivered or failed.
import { randomUUID } from 'node:crypto';
import { sql, type Db } from '../storage/db';
import type { SubscriptionRow } from './subscriptions';

/** The ping payload of spec 000 "Events": an empty object, and the payload_id that X-Service-Delivery will repeat. */
export function queuePing(db: Db, webhook: Pick<SubscriptionRow, 'id' | 'name'>, now: string): string {
  const payloadId = randomUUID();
  const body = { webhook: { id: webhook.id, name: webhook.name }, type: 'webhook.ping', created_at: now, object: {}, payload_id: payloadId };
  sql(db, `INSERT INTO webhook_deliveries (webhook_id, payload_id, event, body, next_attempt_at, created_at, updated_at) VALUES (?, ?, 'webhook.ping', ?, ?, ?, ?)`).run(
    webhook.id,
    payloadId,
    JSON.stringify(body),
    now,
    now,
    now,
  );
  return payloadId;
}

/** Puts a failed payload of the webhook back in the queue, due now; false when it has no such failed payload. */
export function retryPayload(db: Db, webhookId: number, payloadId: string, now: string): boolean {
  return (
    sql(db, `UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = ?, updated_at = ? WHERE webhook_id = ? AND payload_id = ? AND state = 'failed'`).run(
      now,
      now,
      webhookId,
      payloadId,
    ).changes > 0
  );
}
