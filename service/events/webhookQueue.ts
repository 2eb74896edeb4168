// The SQL of the webhook delivery queue (table webhook_deliveries, migrations 4 and 6). A payload
// is pending until it is delivered or has failed for good. A webhook's head is its pending payload
// with the lowest id: only the head is sent, so payloads go one at a time and in order, and a
// failing head holds every later one back (spec 000 "Failures and retries" 1). A failed payload
// no longer holds the queue; PUT retry puts it back, ahead of the later ones again.
import { jsonList } from '../domain/sqlText';
import { idList } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import { timestamp } from '../time';
import { nextAttempt, type RetryPolicy } from './backoff';
import { webhooksChanged } from './webhookList';

export interface Head {
  id: number;
  webhook_id: number;
  payload_id: string;
  event: string;
  body: string;
  attempts: number;
  due_ms: number;
  failing_since_ms: number | null;
  payload_uri: string;
  /** As stored: sealed, or plain (storage/secretBox.ts); opened only to sign the request. */
  secret: string;
}

const iso = (ms: number) => timestamp(new Date(ms));

const HEADS = `SELECT d.id, d.webhook_id, d.payload_id, d.event, d.body, d.attempts, d.due_ms, d.failing_since_ms, w.payload_uri, w.secret
     FROM webhooks w
     JOIN webhook_deliveries d ON d.id = (SELECT MIN(id) FROM webhook_deliveries WHERE webhook_id = w.id AND state = 'pending')
     WHERE w.state = 'enabled'`;

/** The head of every enabled webhook that has one. A disabled webhook's payloads wait for it to be enabled. */
export async function queueHeads(db: Queryable): Promise<Head[]> {
  return (await db.all(HEADS)) as Head[];
}

/** The heads of these webhooks (those enabled with a pending payload). */
export async function headsOf(db: Queryable, webhookIds: number[]): Promise<Head[]> {
  return (await db.all(`${HEADS} AND w.id IN ${idList(db.dialect)} ORDER BY w.id`, jsonList(webhookIds))) as Head[];
}

/**
 * Tells every instance on the database (PostgreSQL's NOTIFY, delivered when the caller's
 * transaction commits) that the queue changed; each one's deliverer listens (events/install.ts).
 * SQLite's one process wakes its deliverer itself.
 */
export async function notifyQueueChanged(db: Queryable): Promise<void> {
  if (db.dialect === 'postgres') await db.run(`SELECT pg_notify('${WEBHOOK_CHANNEL}', '')`);
}

export const WEBHOOK_CHANNEL = 'stint_webhook_queue';

export interface InsertPayloadOptions {
  webhookId: number;
  payloadId: string;
  event: string;
  body: string;
  now: string;
}

export async function insertPayload(
  db: Queryable,
  { webhookId, payloadId, event, body, now }: InsertPayloadOptions,
): Promise<void> {
  await db.run(
    `INSERT INTO webhook_deliveries (webhook_id, payload_id, event, body, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    webhookId,
    payloadId,
    event,
    body,
    now,
    now,
    now,
  );
}

// Every outcome is written only while the payload is still pending: a payload deleted with its
// webhook, or changed beside the service, is left as it is.

export async function recordDelivered(db: Queryable, head: Head, nowMs: number): Promise<void> {
  await db.run(
    `UPDATE webhook_deliveries SET state = 'delivered', attempts = attempts + 1, failing_since_ms = NULL, last_error = NULL, next_attempt_at = NULL, updated_at = ? WHERE id = ? AND state = 'pending'`,
    iso(nowMs),
    head.id,
  );
}

export type Failure = { gaveUp: false; dueMs: number } | { gaveUp: true };

export interface RecordFailureOptions {
  head: Head;
  error: string;
  nowMs: number;
  policy: RetryPolicy;
}

/** A failed attempt: schedules the next one, or when the window is over fails the payload and disables its webhook. */
export async function recordFailure(
  db: Queryable,
  { head, error, nowMs, policy }: RecordFailureOptions,
): Promise<Failure> {
  // Read again: an enable or retry while the request was out may have started a new run.
  const run = (await db.get(
    `SELECT attempts, failing_since_ms FROM webhook_deliveries WHERE id = ? AND state = 'pending'`,
    head.id,
  )) as Pick<Head, 'attempts' | 'failing_since_ms'> | undefined;
  if (!run) return { gaveUp: false, dueMs: nowMs };
  const failingSince = run.failing_since_ms ?? nowMs;
  const failures = run.failing_since_ms === null ? 1 : run.attempts + 1;
  const due = nextAttempt(policy, failingSince, failures, nowMs);
  if (due === null) {
    await failForGood(db, head, error, nowMs);
    return { gaveUp: true };
  }
  await db.run(
    `UPDATE webhook_deliveries SET attempts = ?, failing_since_ms = ?, due_ms = ?, next_attempt_at = ?, last_error = ?, updated_at = ? WHERE id = ? AND state = 'pending'`,
    failures,
    failingSince,
    due,
    iso(due),
    error,
    iso(nowMs),
    head.id,
  );
  return { gaveUp: false, dueMs: due };
}

/** 410 or the end of the window: the payload has failed (PUT retry can send it again) and the webhook stops receiving events. */
export async function failForGood(db: Queryable, head: Head, error: string, nowMs: number): Promise<void> {
  const now = iso(nowMs);
  const changed = (
    await db.run(
      `UPDATE webhook_deliveries SET state = 'failed', attempts = attempts + 1, next_attempt_at = NULL, last_error = ?, updated_at = ? WHERE id = ? AND state = 'pending'`,
      error,
      now,
      head.id,
    )
  ).changes;
  if (!changed) return;
  const disabled = await db.run(
    `UPDATE webhooks SET state = 'disabled', updated_at = ? WHERE id = ? AND state = 'enabled'`,
    now,
    head.webhook_id,
  );
  // A disabled webhook leaves the outbox's list (webhookList.ts).
  if (disabled.changes > 0) await webhooksChanged(db);
}

/** A webhook enabled again, or a payload retried: its head is tried at once with a new 3-day window. */
export async function restartHead(db: Queryable, webhookId: number, now: string): Promise<void> {
  await db.run(
    `UPDATE webhook_deliveries SET due_ms = 0, failing_since_ms = NULL, attempts = 0, next_attempt_at = ?, updated_at = ?
     WHERE id = (SELECT MIN(id) FROM webhook_deliveries WHERE webhook_id = ? AND state = 'pending')`,
    now,
    now,
    webhookId,
  );
}

/** Delivered payloads are kept a while for inspection, then dropped so the table does not grow without end. */
export async function pruneDelivered(db: Queryable, beforeMs: number): Promise<number> {
  return (await db.run(`DELETE FROM webhook_deliveries WHERE state = 'delivered' AND updated_at < ?`, iso(beforeMs)))
    .changes;
}
