// The seam where entry events leave the service (GAPS.md "Webhooks and broadcasts": approve,
// unapprove and marking invoiced emit entry.updated.approved, .unapproved and .invoiced).
// Delivery is a later step: it registers a listener per database with onEntryEvent and turns
// each event into payloads for the subscribed webhooks. Until then an event reaches no one.
// Events are emitted after their transaction commits, one per entry that actually changed.
import type { WebhookEvent } from '../../common/serviceTypesMoney';
import type { Db } from '../storage/db';

export interface EntryEvent {
  type: Extract<WebhookEvent, `entry.${string}`>;
  accountId: number;
  entryId: number;
  /** field -> [old value, new value], as the payload's `changes` (spec 000 "Events"). */
  changes: Record<string, [unknown, unknown]>;
  /** YYYY-MM-DDTHH:MM:SSZ: when it happened */
  at: string;
}

export type EntryEventListener = (event: EntryEvent) => void;

const listeners = new WeakMap<Db, Set<EntryEventListener>>();

/** Registers a listener for the entry events of one database; answers its removal. */
export function onEntryEvent(db: Db, listener: EntryEventListener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function emitEntryEvents(db: Db, events: EntryEvent[]): void {
  const set = listeners.get(db);
  if (!set) return;
  for (const event of events) {
    for (const listener of set) {
      // A listener's failure must not turn a committed change into an error answer.
      try {
        listener(event);
      } catch {
        /* the delivery step logs its own failures */
      }
    }
  }
}
