// The durable outbox: turns emitted events into rows, inside the transaction of the change that
// emitted them (events/emit.ts), and wakes the workers, which run only after that transaction is
// over (setImmediate, or the broadcast interval).
//
// - An entry event becomes one webhook payload per enabled webhook of the account subscribed to
//   it (its name or '*'; names match exactly, so entry.updated does not bring
//   entry.updated.approved). A disabled webhook receives nothing (spec 000: it "stops receiving
//   events"). The payload's object is the entry as GET /v2/entries/:id shows it at that moment.
// - A timer event becomes, per enabled receiver subscribed to timer (or '*') that the timer's user
//   created, the row of the subject timer, replacing the event of one still waiting (coalescing)
//   but keeping its due time.
//
// Decided: links in payloads and the broadcast subject url are built on the address the service
// listens on (http://127.0.0.1:<port>), not on a request's Host: a delivery answers no request.
// The subject url is the timers list, /v2/timers: broadcasts are coalesced per subject, not per
// timer, and one list read shows every timer changed in the interval, the logged or deleted ones
// by their absence (a deleted timer's own URL would answer 404).
import { jsonTexts } from '../storage/dialect';
import { randomUUID } from 'node:crypto';
import { getEntry, type EntryRow } from '../domain/entries';
import { entryViews } from '../resources/entries';
import type { Queryable } from '../storage/store';
import type { EntryEvent, Outbox, TimerEvent } from './emit';
import { enabledWebhooks } from './webhookList';
import { insertPayload, notifyQueueChanged } from './webhookQueue';

interface Subscriber {
  id: number;
  name: string;
}

/** The account's enabled webhooks subscribed to the event (its name or '*'), from the list of webhookList.ts. */
const subscribedWebhooks = async (db: Queryable, accountId: number, event: string): Promise<Subscriber[]> =>
  (await enabledWebhooks(db, accountId)).filter((w) => w.events.includes('*') || w.events.includes(event));

export interface OutboxWakes {
  webhooks(): void;
  broadcasts(): void;
}

/**
 * `broadcastDueMs` answers when a broadcast written now goes out (the service clock plus the
 * interval); a row already waiting keeps its earlier due time.
 */
export function createOutbox(base: () => string, wake: OutboxWakes, broadcastDueMs: () => number): Outbox {
  return {
    async entryEvents(db: Queryable, events: EntryEvent[]) {
      const hooks = new Map<string, Subscriber[]>();
      const subscribers = async (e: EntryEvent) => {
        const key = `${e.accountId} ${e.type}`;
        if (!hooks.has(key)) hooks.set(key, await subscribedWebhooks(db, e.accountId, e.type));
        return hooks.get(key)!;
      };
      const wanted: EntryEvent[] = [];
      for (const e of events) if ((await subscribers(e)).length > 0) wanted.push(e);
      if (wanted.length === 0) return; // nobody listens: no entry is rendered
      const url = base();
      const byId = new Map<number, EntryRow | undefined>();
      for (const e of wanted) if (!byId.has(e.entryId)) byId.set(e.entryId, await getEntry(db, e.accountId, e.entryId));
      const rows = [...byId.values()].filter((r): r is EntryRow => r !== undefined);
      const objects = new Map((await entryViews(db, url, rows)).map((entry) => [entry.id, entry]));
      for (const e of wanted) {
        const object = objects.get(e.entryId) ?? {};
        for (const hook of await subscribers(e)) {
          const payloadId = randomUUID();
          const body = {
            webhook: { id: hook.id, name: hook.name },
            type: e.type,
            created_at: e.at,
            changes: e.changes,
            object,
            payload_id: payloadId,
          };
          await insertPayload(db, {
            webhookId: hook.id,
            payloadId,
            event: e.type,
            body: JSON.stringify(body),
            now: e.at,
          });
        }
      }
      await notifyQueueChanged(db);
      db.afterCommit(wake.webhooks);
    },

    async timerEvent(db: Queryable, e: TimerEvent) {
      const written = (
        await db.run(
          `INSERT INTO broadcast_outbox (receiver_id, subject, last_event, url, created_at, due_ms)
         SELECT r.id, 'timer', ?, ?, ?, ? FROM broadcast_receivers r
         WHERE r.account_id = ? AND r.user_id = ? AND r.state = 'enabled'
           AND EXISTS (SELECT 1 FROM ${jsonTexts(db.dialect, 'r.subjects')} s WHERE s.value IN ('*', 'timer'))
         ON CONFLICT (receiver_id, subject) DO UPDATE SET last_event = excluded.last_event, url = excluded.url, created_at = excluded.created_at`,
          e.lastEvent,
          `${base()}/v2/timers`,
          e.at,
          broadcastDueMs(),
          e.accountId,
          e.userId,
        )
      ).changes;
      if (written > 0) db.afterCommit(wake.broadcasts);
    },

    webhookQueued(db: Queryable) {
      db.afterCommit(wake.webhooks);
    },
  };
}

/** A receiver hears the timers of the user who created it (migration 6). */
export async function claimReceiver(db: Queryable, receiverId: number, userId: number): Promise<void> {
  await db.run('UPDATE broadcast_receivers SET user_id = ? WHERE id = ?', userId, receiverId);
}
