// The enabled webhooks of each account, which the outbox matches every entry event against
// (events/outbox.ts), kept in memory per store instead of read in every entry write (issue 29:
// a few statements per request). Each write of what the list holds (a webhook created, renamed,
// given other events, enabled, disabled, deleted; delivery disabling a failing one) calls
// webhooksChanged in its transaction: once it commits this instance forgets the lists at once,
// and on PostgreSQL its NOTIFY makes every other instance forget them too (each LISTENs, events/
// install.ts). A notification can be lost while an instance's listening connection reconnects:
// a list is read again once it is MAX_AGE_MS old whatever happens.
import type { Queryable, Store } from '../storage/store';

export interface ListedWebhook {
  id: number;
  name: string;
  /** The event names it subscribed to, '*' for all. */
  events: string[];
}

export const WEBHOOK_LIST_CHANNEL = 'stint_webhook_list';

/** How long a list may be kept without a notification: the bound on a change missed by a reconnecting listener. */
export const MAX_AGE_MS = 5000;

interface Cache {
  /** Bumped by every change: a read that began before one is not kept. */
  generation: number;
  lists: Map<number, { readAtMs: number; hooks: ListedWebhook[] }>;
}

const caches = new WeakMap<Store, Cache>();

function cacheOf(store: Store): Cache {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = { generation: 0, lists: new Map() }));
  return cache;
}

/** Forgets every list of the store (a change here, or another instance's NOTIFY). */
export function forgetWebhookLists(store: Store): void {
  const cache = cacheOf(store);
  cache.generation++;
  cache.lists.clear();
}

/** The account's enabled webhooks, in id order: from memory, or read (and kept) when not known or too old. */
export async function enabledWebhooks(db: Queryable, accountId: number): Promise<ListedWebhook[]> {
  const cache = cacheOf(db.store);
  const kept = cache.lists.get(accountId);
  const nowMs = Date.now();
  if (kept && nowMs - kept.readAtMs < MAX_AGE_MS) return kept.hooks;
  const generation = cache.generation;
  const rows = (await db.all(
    "SELECT id, name, events FROM webhooks WHERE account_id = ? AND state = 'enabled' ORDER BY id",
    accountId,
  )) as Array<{ id: number; name: string; events: string }>;
  const hooks = rows.map((r) => ({ id: r.id, name: r.name, events: JSON.parse(r.events) as string[] }));
  if (cache.generation === generation) cache.lists.set(accountId, { readAtMs: nowMs, hooks });
  return hooks;
}

/**
 * Call in the transaction that changed the webhooks table (or after a change outside one): every
 * instance forgets its lists once it commits.
 */
export async function webhooksChanged(db: Queryable): Promise<void> {
  if (db.dialect === 'postgres') await db.run(`SELECT pg_notify('${WEBHOOK_LIST_CHANNEL}', '')`);
  const store = db.store;
  db.afterCommit(() => forgetWebhookLists(store));
}
