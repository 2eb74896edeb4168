// Which instance sends which webhook's head. A webhook's payloads go one at a time and in id order
// (spec 000 "Failures and retries" 1), so its head may be out from one place only, across every
// instance on the database.
//
// - SQLite (one process): the deliverer's own map of requests out is the whole truth, so claiming
//   writes nothing (inProcessClaims): a claim per payload would cost a commit each.
// - PostgreSQL (any number of instances): a lease on the webhook row (leaseClaims). A pass locks
//   the candidate rows with SELECT … FOR UPDATE SKIP LOCKED (two instances never wait for, nor
//   take, the same row), takes those free or past their expiry, and reads their heads after
//   taking them, so it sees the outcome the previous holder committed. The lease is given back
//   after the outcome is written; a lease outliving its instance (killed, cut off from the
//   database) is taken over once it expires, which the `steals` counter shows. Expiry is on the
//   wall clock, which bounds how long an instance may be silent, not on the service clock
//   (tests move that one by days).
import { randomUUID } from 'node:crypto';
import { jsonList } from '../domain/sqlText';
import { idList, skipLocked } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import { headsOf, queueHeads, type Head } from './webhookQueue';
import { webhookLeaseSteals } from '../ops/leaseSteals';

export interface Claimed {
  /** Heads due now that this instance may send, at most the `max` asked for. */
  due: Head[];
  /** The earliest due time among the heads not due yet (Infinity for none). */
  nextDueMs: number;
}

export interface WebhookClaims {
  /** Claims up to `max` due heads whose webhooks have no request out here (`busy`). */
  claim(nowMs: number, max: number, busy: ReadonlySet<number>): Promise<Claimed>;
  /** The webhook's request is over and its outcome written: its next head may go, from any instance. */
  release(webhookId: number): Promise<void>;
  /** Gives back every lease of this instance (a stop): the others take its webhooks at once. */
  releaseAll(): Promise<void>;
  /** Leases taken over from an instance that let them expire (for the metrics). */
  readonly steals: number;
}

/** Splits the heads into those due now (not busy) and the earliest due time of the others. */
function sortHeads(heads: Head[], nowMs: number, busy: ReadonlySet<number>): { due: Head[]; nextDueMs: number } {
  const due: Head[] = [];
  let nextDueMs = Infinity;
  for (const head of heads) {
    if (busy.has(head.webhook_id)) continue;
    if (head.due_ms > nowMs) nextDueMs = Math.min(nextDueMs, head.due_ms);
    else due.push(head);
  }
  return { due, nextDueMs };
}

/** One process on the database: whatever is not out here is free. */
export function inProcessClaims(db: Queryable): WebhookClaims {
  return {
    async claim(nowMs, max, busy) {
      const { due, nextDueMs } = sortHeads(await queueHeads(db), nowMs, busy);
      return { due: due.slice(0, Math.max(0, max)), nextDueMs };
    },
    async release() {},
    async releaseAll() {},
    steals: 0,
  };
}

export interface LeaseOptions {
  /** How long a lease holds without its instance giving it back; longer than a request may take. */
  leaseMs: number;
  /** Wall-clock ms (leases bound real silences). */
  wallClock?: () => number;
  /** This instance's name in the lease column; default a random UUID. */
  owner?: string;
}

/** Leases on the webhook rows, for instances sharing one PostgreSQL database. */
export function leaseClaims(db: Queryable, options: LeaseOptions): WebhookClaims {
  const owner = options.owner ?? randomUUID();
  const wall = options.wallClock ?? Date.now;
  let steals = 0;
  return {
    get steals() {
      return steals;
    },
    async claim(nowMs, max, busy) {
      // A read without locks first: most passes find nothing due, and the timer needs nextDueMs.
      const { due, nextDueMs } = sortHeads(await queueHeads(db), nowMs, busy);
      if (due.length === 0 || max <= 0) return { due: [], nextDueMs };
      const taken = await db.transaction(async (tx) => {
        const wallMs = wall();
        const free = (await tx.all(
          `SELECT id, delivery_lease_owner AS holder FROM webhooks
           WHERE id IN ${idList(tx.dialect)} AND state = 'enabled'
             AND (delivery_lease_owner IS NULL OR delivery_lease_expires_ms < ?)
           ORDER BY id LIMIT ? ${skipLocked(tx.dialect)}`,
          jsonList(due.map((h) => h.webhook_id)),
          wallMs,
          max,
        )) as Array<{ id: number; holder: string | null }>;
        if (free.length === 0) return [];
        const ids = jsonList(free.map((r) => r.id));
        await tx.run(
          `UPDATE webhooks SET delivery_lease_owner = ?, delivery_lease_expires_ms = ? WHERE id IN ${idList(tx.dialect)}`,
          owner,
          wallMs + options.leaseMs,
          ids,
        );
        const stolen = free.filter((r) => r.holder !== null && r.holder !== owner).length;
        steals += stolen;
        if (stolen > 0) webhookLeaseSteals.inc(stolen); // the metrics' counter (ops/metrics.ts)
        // Read under the lease: the previous holder's outcome is committed, so this is the true head.
        const heads = await headsOf(
          tx,
          free.map((r) => r.id),
        );
        const ready = heads.filter((h) => h.due_ms <= nowMs);
        const notReady = free.map((r) => r.id).filter((id) => !ready.some((h) => h.webhook_id === id));
        if (notReady.length > 0) await giveBack(tx, owner, notReady);
        return ready;
      });
      return { due: taken, nextDueMs };
    },
    async release(webhookId) {
      await giveBack(db, owner, [webhookId]);
    },
    async releaseAll() {
      await db.run(
        'UPDATE webhooks SET delivery_lease_owner = NULL, delivery_lease_expires_ms = NULL WHERE delivery_lease_owner = ?',
        owner,
      );
    },
  };
}

async function giveBack(db: Queryable, owner: string, webhookIds: number[]): Promise<void> {
  await db.run(
    `UPDATE webhooks SET delivery_lease_owner = NULL, delivery_lease_expires_ms = NULL
     WHERE id IN ${idList(db.dialect)} AND delivery_lease_owner = ?`,
    jsonList(webhookIds),
    owner,
  );
}
