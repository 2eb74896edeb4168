// The rows of idempotency_keys (storage/idempotencySchema.ts): one per user and key, claimed in
// the transaction of the request's first write and given its answer just before it goes out.
import type { Queryable } from '../storage/store';

/** How long an answer is kept (the draft leaves it to the server; the issue asks 24 h). */
export const KEPT_MS = 24 * 3_600_000;

export interface KeyRequest {
  userId: number;
  key: string;
  /** sha256 of method, path and body. */
  fingerprint: string;
  /** The service's clock when the request came in (ms). */
  nowMs: number;
}

export interface KeptRow {
  fingerprint: string;
  created_ms: number;
  status: number | null;
  content_type: string | null;
  location: string | null;
  body: string | null;
}

export interface KeptAnswer {
  status: number;
  contentType: string | null;
  location: string | null;
  body: string;
}

/** The row of this user's key, unless it expired. */
export async function keptRow(db: Queryable, request: KeyRequest): Promise<KeptRow | undefined> {
  return await db.get<KeptRow>(
    `SELECT fingerprint, created_ms, status, content_type, location, body FROM idempotency_keys
     WHERE user_id = ? AND idempotency_key = ? AND created_ms > ?`,
    request.userId,
    request.key,
    request.nowMs - KEPT_MS,
  );
}

/**
 * Claims the key inside the write's transaction: false when another request holds it already
 * (its transaction committed first; on PostgreSQL a concurrent insert of the same key waits for
 * the other transaction and then inserts nothing). The user's expired keys go first, so a key
 * may be used again after 24 h and the table holds about a day of each user's POSTs.
 */
export async function claimKey(tx: Queryable, request: KeyRequest): Promise<boolean> {
  await tx.run(
    'DELETE FROM idempotency_keys WHERE user_id = ? AND created_ms <= ?',
    request.userId,
    request.nowMs - KEPT_MS,
  );
  const { changes } = await tx.run(
    `INSERT INTO idempotency_keys (user_id, idempotency_key, fingerprint, created_ms) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING`,
    request.userId,
    request.key,
    request.fingerprint,
    request.nowMs,
  );
  return changes === 1;
}

/** Keeps the answer of a claimed key (only the first: a row already answered stays as it is). */
export async function keepAnswer(db: Queryable, request: KeyRequest, answer: KeptAnswer): Promise<void> {
  await db.run(
    `UPDATE idempotency_keys SET status = ?, content_type = ?, location = ?, body = ?
     WHERE user_id = ? AND idempotency_key = ? AND status IS NULL`,
    answer.status,
    answer.contentType,
    answer.location,
    answer.body,
    request.userId,
    request.key,
  );
}
