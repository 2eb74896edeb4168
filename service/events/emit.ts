// The seam where events leave the service (GAPS.md "Webhooks and broadcasts"): entry events for
// webhooks (entry.created, .updated, .deleted, .updated.approved, .unapproved, .invoiced) and
// timer changes for broadcasts. A change emits inside its own transaction, so the outbox that
// delivery registers here (events/outbox.ts) writes its payloads into that transaction: they
// commit with the change or not at all, and are delivered after the commit.
//
// Emitting outside a transaction still works (the outbox writes in one of its own), for callers
// that emit after their commit; they lose only the atomicity.
import type { WebhookEvent } from '../../wire/serviceTypesMoney';
import type { Queryable, Store } from '../storage/store';
import { notifyQueueChanged } from './webhookQueue';

export interface EntryEvent {
  type: Extract<WebhookEvent, `entry.${string}`>;
  accountId: number;
  entryId: number;
  /** field -> [old value, new value], as the payload's `changes` (spec 000 "Events"). */
  changes: Record<string, [unknown, unknown]>;
  /** YYYY-MM-DDTHH:MM:SSZ: when it happened */
  at: string;
}

/** GAPS.md: the last_event values of the broadcast subject timer. */
export type TimerLastEvent = 'timer.running' | 'timer.paused' | 'timer.logged' | 'timer.deleted';

export interface TimerEvent {
  lastEvent: TimerLastEvent;
  accountId: number;
  /** Whose timer changed: the receivers this user created hear of it. */
  userId: number;
  at: string;
}

/** Where emitted events are written, in the transaction `db` of the change; one per store, installed by events/install.ts. */
export interface Outbox {
  entryEvents(db: Queryable, events: EntryEvent[]): Promise<void>;
  timerEvent(db: Queryable, event: TimerEvent): Promise<void>;
  /** A payload was queued or re-queued outside the emitters (ping, retry, enable): look at the queue again after this commit. */
  webhookQueued(db: Queryable): void;
}

export type EntryEventListener = (event: EntryEvent) => void;

const outboxes = new WeakMap<Store, Outbox>();
const listeners = new WeakMap<Store, Set<EntryEventListener>>();

/** Installs the outbox of one store; answers its removal. */
export function setOutbox(db: Store, outbox: Outbox): () => void {
  outboxes.set(db, outbox);
  return () => {
    if (outboxes.get(db) === outbox) outboxes.delete(db);
  };
}

/** Registers an observer of the entry events of one store (tests); called inside the change's transaction. */
export function onEntryEvent(db: Store, listener: EntryEventListener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Call inside the change's transaction, after the change (before it, for a deletion: the payload shows the entry). */
export async function emitEntryEvents(db: Queryable, events: EntryEvent[]): Promise<void> {
  if (events.length === 0) return;
  const outbox = outboxes.get(db.store);
  // An outbox failure is not swallowed: the change rolls back rather than commit without its event.
  if (outbox) await withTransaction(db, (tx) => outbox.entryEvents(tx, events));
  const set = listeners.get(db.store);
  if (!set) return;
  for (const event of events) {
    for (const listener of set) {
      try {
        listener(event);
      } catch {
        /* an observer's failure is its own */
      }
    }
  }
}

/** Call inside the timer change's transaction. */
export async function emitTimerEvent(db: Queryable, event: TimerEvent): Promise<void> {
  const outbox = outboxes.get(db.store);
  if (outbox) await withTransaction(db, (tx) => outbox.timerEvent(tx, event));
}

/**
 * Tells delivery that webhook_deliveries changed (domain/webhookDeliveries.ts): every instance on
 * the database once `db`'s transaction commits (PostgreSQL's NOTIFY), and this one's deliverer.
 */
export async function webhookQueued(db: Queryable): Promise<void> {
  await notifyQueueChanged(db);
  outboxes.get(db.store)?.webhookQueued(db);
}

const withTransaction = (db: Queryable, fn: (tx: Queryable) => Promise<void>) =>
  db.inTransaction ? fn(db) : db.transaction(fn);
