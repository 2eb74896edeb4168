// Webhooks and broadcast receivers (spec 001): the same resource twice, a named payload_uri with
// a state, a secret and a list of topics (a webhook's events, a receiver's subjects). One module
// serves both, told apart by a Kind. Topics are a JSON array kept in the order they were added.
// The secret is written sealed (storage/secretBox.ts) and never read back here: only the
// deliveries open it (events/), and the fresh value is answered once by create and reroll.
import { randomBytes } from 'node:crypto';
import type { SubscriptionState } from '../../wire/serviceTypesMoney';
import { sql, type Db } from '../storage/db';
import type { SecretBox } from '../storage/secretBox';
import { jsonList, likeContains, Where } from './sqlText';
import { resumeWebhook } from './webhookDeliveries';

export interface Kind {
  table: 'webhooks' | 'broadcast_receivers';
  /** the column and the wire field of the topics */
  column: 'events' | 'subjects';
  /** the resource name of error bodies */
  resource: 'Webhook' | 'BroadcastReceiver';
  /** what can be subscribed to besides '*' */
  topics: readonly string[];
}

export interface SubscriptionRow {
  id: number;
  account_id: number;
  name: string;
  state: SubscriptionState;
  payload_uri: string;
  /** JSON array of strings */
  topics: string;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionFilters {
  name?: string;
  topics?: string[];
  state?: SubscriptionState;
}

/** A new signing secret: 32 random bytes, hex. */
export const newSecret = () => randomBytes(32).toString('hex');

// Table and column names come from the Kinds fixed in the resources, never from input.
const select = (k: Kind) =>
  `SELECT id, account_id, name, state, payload_uri, ${k.column} AS topics, created_at, updated_at FROM ${k.table}`;

export function getSubscription(db: Db, k: Kind, accountId: number, id: number): SubscriptionRow | undefined {
  return sql(db, `${select(k)} WHERE account_id = ? AND id = ?`).get(accountId, id) as SubscriptionRow | undefined;
}

export interface InsertSubscriptionOptions {
  box: SecretBox;
  accountId: number;
  v: { name: string; payloadUri: string; topics: string[] };
  now: string;
}

/** The new subscription's id and its secret, plain: the create answer shows it once. */
export function insertSubscription(
  db: Db,
  k: Kind,
  { box, accountId, v, now }: InsertSubscriptionOptions,
): { id: number; secret: string } {
  const secret = newSecret();
  const id = Number(
    sql(
      db,
      `INSERT INTO ${k.table} (account_id, name, payload_uri, ${k.column}, secret, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(accountId, v.name, v.payloadUri, jsonList(v.topics), box.seal(secret), now, now).lastInsertRowid,
  );
  return { id, secret };
}

export interface UpdateSubscriptionOptions {
  id: number;
  v: { name?: string; payloadUri?: string };
  now: string;
}

export function updateSubscription(db: Db, k: Kind, { id, v, now }: UpdateSubscriptionOptions): void {
  sql(
    db,
    `UPDATE ${k.table} SET name = COALESCE(?, name), payload_uri = COALESCE(?, payload_uri), updated_at = ? WHERE id = ?`,
  ).run(v.name ?? null, v.payloadUri ?? null, now, id);
}

export function setTopics(db: Db, k: Kind, { id, topics, now }: { id: number; topics: string[]; now: string }): void {
  sql(db, `UPDATE ${k.table} SET ${k.column} = ?, updated_at = ? WHERE id = ?`).run(jsonList(topics), now, id);
}

export function setState(
  db: Db,
  k: Kind,
  { id, state, now }: { id: number; state: SubscriptionState; now: string },
): void {
  const changed =
    sql(db, `UPDATE ${k.table} SET state = ?, updated_at = ? WHERE id = ? AND state != ?`).run(state, now, id, state)
      .changes > 0;
  // A webhook enabled again sends the payloads it held while disabled (events/webhookQueue.ts).
  if (changed && k.table === 'webhooks' && state === 'enabled') resumeWebhook(db, id, now);
}

/** A new secret for the subscription, stored sealed; answered plain, once. */
export function rerollSecret(db: Db, k: Kind, { box, id, now }: { box: SecretBox; id: number; now: string }): string {
  const secret = newSecret();
  sql(db, `UPDATE ${k.table} SET secret = ?, updated_at = ? WHERE id = ?`).run(box.seal(secret), now, id);
  return secret;
}

export function deleteSubscription(db: Db, k: Kind, id: number): void {
  sql(db, `DELETE FROM ${k.table} WHERE id = ?`).run(id);
}

export interface ListSubscriptionsOptions {
  accountId: number;
  filters: SubscriptionFilters;
  limit: number;
  offset: number;
}

/**
 * Filters combined; most recently created first (spec 001). Decided: topics matches the ones
 * subscribed to any of the given topics, a '*' subscription included (it receives them all).
 */
export function listSubscriptions(
  db: Db,
  k: Kind,
  { accountId, filters, limit, offset }: ListSubscriptionsOptions,
): { rows: SubscriptionRow[]; total: number } {
  const w = new Where().add('account_id = ?', accountId);
  if (filters.name !== undefined) w.add(`name LIKE ? ESCAPE '\\'`, likeContains(filters.name));
  if (filters.state) w.add('state = ?', filters.state);
  if (filters.topics)
    w.add(
      `EXISTS (SELECT 1 FROM json_each(${k.column}) t WHERE t.value = '*' OR t.value IN (SELECT value FROM json_each(?)))`,
      jsonList(filters.topics),
    );
  const total = (sql(db, `SELECT COUNT(*) AS n FROM ${k.table} WHERE ${w}`).get(...w.params) as { n: number }).n;
  const rows = sql(db, `${select(k)} WHERE ${w} ORDER BY id DESC LIMIT ? OFFSET ?`).all(
    ...w.params,
    limit,
    offset,
  ) as SubscriptionRow[];
  return { rows, total };
}
