// Webhooks and broadcast receivers (spec 001): the same resource twice, a named payload_uri with
// a state, a secret and a list of topics (a webhook's events, a receiver's subjects). One module
// serves both, told apart by a Kind. Topics are a JSON array kept in the order they were added.
// The secret is written sealed (storage/secretBox.ts) and never read back here: only the
// deliveries open it (events/), and the fresh value is answered once by create and reroll.
import { jsonTexts, like, rowLock, textList } from '../storage/dialect';
import { randomBytes } from 'node:crypto';
import type { SubscriptionState } from '../../wire/serviceTypesMoney';
import type { Queryable } from '../storage/store';
import type { SecretBox } from '../storage/secretBox';
import { jsonList, likeContains, Where } from './sqlText';
import { webhooksChanged } from '../events/webhookList';
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

export async function getSubscription(
  db: Queryable,
  k: Kind,
  accountId: number,
  id: number,
): Promise<SubscriptionRow | undefined> {
  return (await db.get(`${select(k)} WHERE account_id = ? AND id = ?`, accountId, id)) as SubscriptionRow | undefined;
}

/**
 * The subscription a write changes from what it read (its topics), read again inside its
 * transaction, locked on PostgreSQL: two changes racing on other instances go one after the
 * other, the later from what the earlier left. Undefined when it is gone.
 */
export async function subscriptionForChange(
  tx: Queryable,
  k: Kind,
  accountId: number,
  id: number,
): Promise<SubscriptionRow | undefined> {
  return (await tx.get(`${select(k)} WHERE account_id = ? AND id = ?${rowLock(tx)}`, accountId, id)) as
    | SubscriptionRow
    | undefined;
}

export interface InsertSubscriptionOptions {
  box: SecretBox;
  accountId: number;
  v: { name: string; payloadUri: string; topics: string[] };
  now: string;
}

/** The new subscription's id and its secret, plain: the create answer shows it once. */
export async function insertSubscription(
  db: Queryable,
  k: Kind,
  { box, accountId, v, now }: InsertSubscriptionOptions,
): Promise<{ id: number; secret: string }> {
  const secret = newSecret();
  const id = Number(
    (await db.get<{ id: number }>(
      `INSERT INTO ${k.table} (account_id, name, payload_uri, ${k.column}, secret, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      accountId,
      v.name,
      v.payloadUri,
      jsonList(v.topics),
      box.seal(secret),
      now,
      now,
    ))!.id,
  );
  await listChanged(db, k);
  return { id, secret };
}

export interface UpdateSubscriptionOptions {
  id: number;
  v: { name?: string; payloadUri?: string };
  now: string;
}

export async function updateSubscription(
  db: Queryable,
  k: Kind,
  { id, v, now }: UpdateSubscriptionOptions,
): Promise<void> {
  await db.run(
    `UPDATE ${k.table} SET name = COALESCE(?, name), payload_uri = COALESCE(?, payload_uri), updated_at = ? WHERE id = ?`,
    v.name ?? null,
    v.payloadUri ?? null,
    now,
    id,
  );
  await listChanged(db, k);
}

export async function setTopics(
  db: Queryable,
  k: Kind,
  { id, topics, now }: { id: number; topics: string[]; now: string },
): Promise<void> {
  await db.run(`UPDATE ${k.table} SET ${k.column} = ?, updated_at = ? WHERE id = ?`, jsonList(topics), now, id);
  await listChanged(db, k);
}

export async function setState(
  db: Queryable,
  k: Kind,
  { id, state, now }: { id: number; state: SubscriptionState; now: string },
): Promise<void> {
  const changed =
    (await db.run(`UPDATE ${k.table} SET state = ?, updated_at = ? WHERE id = ? AND state != ?`, state, now, id, state))
      .changes > 0;
  if (changed) await listChanged(db, k);
  // A webhook enabled again sends the payloads it held while disabled (events/webhookQueue.ts).
  if (changed && k.table === 'webhooks' && state === 'enabled') await resumeWebhook(db, id, now);
}

/** A new secret for the subscription, stored sealed; answered plain, once. */
export async function rerollSecret(
  db: Queryable,
  k: Kind,
  { box, id, now }: { box: SecretBox; id: number; now: string },
): Promise<string> {
  const secret = newSecret();
  await db.run(`UPDATE ${k.table} SET secret = ?, updated_at = ? WHERE id = ?`, box.seal(secret), now, id);
  return secret;
}

export async function deleteSubscription(db: Queryable, k: Kind, id: number): Promise<void> {
  await db.run(`DELETE FROM ${k.table} WHERE id = ?`, id);
  await listChanged(db, k);
}

/** The outbox's list of enabled webhooks is kept in memory (events/webhookList.ts): a change of it says so. */
const listChanged = async (db: Queryable, k: Kind) => {
  if (k.table === 'webhooks') await webhooksChanged(db);
};

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
export async function listSubscriptions(
  db: Queryable,
  k: Kind,
  { accountId, filters, limit, offset }: ListSubscriptionsOptions,
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const w = new Where().add('account_id = ?', accountId);
  if (filters.name !== undefined) w.add(`${like(db.dialect, 'name')}`, likeContains(filters.name));
  if (filters.state) w.add('state = ?', filters.state);
  if (filters.topics)
    w.add(
      `EXISTS (SELECT 1 FROM ${jsonTexts(db.dialect, k.column)} t WHERE t.value = '*' OR t.value IN ${textList(db.dialect)})`,
      jsonList(filters.topics),
    );
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM ${k.table} WHERE ${w}`, ...w.params)) as { n: number }).n;
  const rows = (await db.all(
    `${select(k)} WHERE ${w} ORDER BY id DESC LIMIT ? OFFSET ?`,
    ...w.params,
    limit,
    offset,
  )) as SubscriptionRow[];
  return { rows, total };
}
