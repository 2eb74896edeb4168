// The queue of operations not yet known to the service, backed by the journal. Every change is
// written to disk before memory changes, one change at a time, so memory never shows what the
// disk would not bring back after a crash.

import { openJournal, type Journal } from './journal';
import { REFRESHES, withResolvedProject, type Collection, type Operation } from '../model/operations';

export type ItemStatus = 'pending' | 'failed' | 'settled';

export interface OutboxItem {
  readonly op: Operation;
  readonly status: ItemStatus;
  /** A send was begun, so the service may have acted on it: the next send checks first. */
  readonly attempted: boolean;
  /** The service's refusal, for a failed item. */
  readonly message: string | null;
  /**
   * For a settled item: the reads that have not come back since. Until they do, its effect stays
   * in the snapshot, so the UI does not flicker back to the service's older data.
   */
  readonly awaiting: readonly Collection[];
  /** The import this item was last sent in (bulk.ts), whose check a repeat needs. */
  readonly batch?: Batch;
  /**
   * Amended after a send may have begun (see amend): when that send settles, it may have carried
   * the values from before, so the item is sent once more, and that send finds the entry by its
   * marker and gives it the amended values.
   */
  readonly recheck?: boolean;
}

/**
 * The bulk import an item was sent in: its id, when it was first attempted (epoch ms), and the
 * minutes sent for this item (rounded by the client), which a repeat must send again exactly.
 */
export interface Batch {
  id: string;
  at: number;
  minutes: number;
}

type JournalRecord =
  | { t: 'op'; op: Operation; attempted?: boolean; failed?: string; batch?: Batch; recheck?: true }
  /** Several operations queued at once (a pasted day): one record, one fsync, all or none after a crash. */
  | { t: 'ops'; ops: Operation[] }
  | { t: 'attempt'; id: string; batch?: Batch }
  /** One import carrying these items is about to be sent: one record (one fsync) for them all. */
  | { t: 'attemptBatch'; batch: { id: string; at: number }; items: Array<{ id: string; minutes: number }> }
  | { t: 'doneMany'; ids: string[] }
  /** projectId: the id the service gave a created project */
  | { t: 'done'; id: string; projectId?: number }
  /** refused: the service answered that it did not do it (a 4xx), so no earlier attempt did either */
  | { t: 'failed'; id: string; message: string; refused?: boolean }
  | { t: 'retry'; id: string }
  /** A failed operation with the user's new values (same id, seq and kind), pending again. */
  | { t: 'edit'; id: string; op: Operation }
  /** A pending entry creation with the user's new values (an edit of an entry not yet created). */
  | { t: 'amend'; id: string; op: Operation; recheck?: true }
  | { t: 'discard'; id: string }
  /** The user undid a pending operation during its grace (main/core/model/undoGrace.ts). */
  | { t: 'undo'; id: string };

/** Rewrite the journal after this many appends, keeping only what is still queued. */
const COMPACT_AFTER = 256;

export interface Outbox {
  /** Queued, failed and settled-but-not-yet-reread items, oldest first. */
  items(): readonly OutboxItem[];
  /** The oldest pending item: the next to send. */
  next(): OutboxItem | undefined;
  /** The service's id for a project created through the outbox (a local id answers itself). */
  projectId(id: number): number;
  newSeq(): number;
  add(op: Operation): Promise<void>;
  /** Queues these in order with one write to disk: after a crash, all of them are there or none. */
  addAll(ops: readonly Operation[]): Promise<void>;
  attempt(id: string): Promise<void>;
  attemptBatch(batch: { id: string; at: number }, items: ReadonlyArray<{ id: string; minutes: number }>): Promise<void>;
  /**
   * The service did it. projectId: the id it gave a created project, put into later operations;
   * entryId: the id of an entry it created, for the activity ledger only (ledgerOutbox.ts).
   */
  settle(id: string, projectId?: number, entryId?: number): Promise<void>;
  settleMany(ids: readonly string[]): Promise<void>;
  /** refused: a 4xx answer, which proves the service did not act on it. */
  fail(id: string, message: string, refused: boolean): Promise<void>;
  retry(id: string): Promise<boolean>;
  /**
   * Replaces a failed operation with the user's corrected one and queues it again. Refused (false)
   * unless the item is failed and `op` keeps its id, seq and kind.
   */
  edit(op: Operation): Promise<boolean>;
  /**
   * Gives a pending createEntry (or a logTimer never sent) the user's new values (same id, seq, kind and marker), so an entry
   * still queued goes out as edited. Refused (false) for anything else, for an item sent in a bulk
   * import (nothing there carries the marker a later send could find it by), and when the item
   * settled or failed before the amendment was written: the caller then says to try again once it
   * shows as saved.
   */
  amend(op: Operation): Promise<boolean>;
  discard(id: string): Promise<boolean>;
  /**
   * Removes a pending, never attempted operation (an undo within its grace; the caller checks the
   * time). From this call on next() skips it, so the worker cannot begin it while the record is
   * written. False when there is no such item.
   */
  withdraw(id: string): Promise<boolean>;
  /** A read of this collection came back: settled items no longer need to show their effect. */
  refreshed(collection: Collection): boolean;
  close(): Promise<void>;
}

export interface OpenedOutbox {
  outbox: Outbox;
  /** Journal lines that could not be read (a line torn by a crash). */
  skipped: number;
}

export async function openOutbox(dataDir: string): Promise<OpenedOutbox> {
  const { journal, records, skipped } = await openJournal(dataDir);
  const state = replay(records);
  // What was done before the restart is in the service's data now, which is read fresh.
  for (const [id, item] of state.items) if (item.status === 'settled') state.items.delete(id);
  // A clean start: only what is still queued, and no torn line left for new records to follow.
  if (skipped > 0 || records.length > state.items.size) await journal.rewrite(compacted(state.items));
  return { outbox: createOutbox(journal, state), skipped };
}

interface State {
  items: Map<string, OutboxItem>;
  resolved: Map<number, number>;
  seq: number;
}

/** The outbox a journal describes: applies its records in order. Exported for tests. */
export function replay(records: readonly unknown[]): State {
  const state: State = { items: new Map(), resolved: new Map(), seq: 0 };
  for (const raw of records) {
    if (!raw || typeof raw !== 'object' || typeof (raw as { t?: unknown }).t !== 'string') continue;
    apply(state, raw as JournalRecord);
  }
  return state;
}

/** Applies one record; false when an amend found no pending item to apply to (see Outbox.amend). */
function apply(state: State, r: JournalRecord): boolean | undefined {
  const { items } = state;
  const item =
    r.t === 'op' || r.t === 'ops' || r.t === 'attemptBatch' || r.t === 'doneMany' ? undefined : items.get(r.id);
  switch (r.t) {
    case 'ops':
      for (const op of r.ops) apply(state, { t: 'op', op });
      return;
    case 'attemptBatch':
      for (const { id, minutes } of r.items) apply(state, { t: 'attempt', id, batch: { ...r.batch, minutes } });
      return;
    case 'doneMany':
      for (const id of r.ids) apply(state, { t: 'done', id });
      return;
    case 'op': {
      // An operation decided before its project's creation settled may still name the local id.
      const op = resolved(state, r.op);
      items.set(op.id, {
        op,
        status: r.failed === undefined ? 'pending' : 'failed',
        attempted: r.attempted ?? false,
        message: r.failed ?? null,
        awaiting: [],
        ...(r.batch ? { batch: r.batch } : {}),
        ...(r.recheck ? { recheck: true } : {}),
      });
      state.seq = Math.max(state.seq, op.seq);
      return;
    }
    case 'attempt':
      if (item) items.set(r.id, { ...item, attempted: true, ...(r.batch ? { batch: r.batch } : {}) });
      return;
    case 'done':
      if (!item) return;
      // Amended while a send was under way: that send may have carried the old values.
      if (item.recheck) {
        items.set(r.id, { ...item, status: 'pending', attempted: true, recheck: false });
        return;
      }
      items.set(r.id, { ...item, status: 'settled', message: null, awaiting: REFRESHES[item.op.kind] });
      if (item.op.kind === 'createProject' && r.projectId !== undefined) resolve(state, item.op.localId, r.projectId);
      return;
    case 'failed':
      // A refusal is a definite answer, and every attempt after the first checked what the earlier
      // ones did: nothing is left to check. Any other failure may have followed a success.
      if (item)
        items.set(r.id, { ...item, status: 'failed', message: r.message, attempted: item.attempted && !r.refused });
      return;
    case 'retry':
      if (item?.status === 'failed') items.set(r.id, { ...item, status: 'pending', message: null });
      return;
    case 'edit': {
      if (!item || !editable(item, r.op)) return;
      const op = resolved(state, r.op);
      // `attempted` stays as it was, and so does a created entry's marker (editable() holds it).
      // Still attempted: an earlier send may have created the entry, so
      // the next send must look for it by that marker, or it would be made twice. After a refusal
      // (attempted false) keeping it is right too: a 4xx proves that send created nothing, and the
      // sends before it had looked for the marker first and found nothing, so no entry carries it;
      // it still names this operation alone, and a send of the new values that goes unanswered is
      // found by it like any other.
      items.set(r.id, { ...item, op, status: 'pending', message: null });
      return;
    }
    case 'amend': {
      // Only while pending: an item settled or failed meanwhile is the caller's to refuse.
      if (item?.status !== 'pending' || !amendable(item, r.op)) return false;
      const op = resolved(state, r.op);
      items.set(r.id, { ...item, op, ...(r.recheck || item.recheck ? { recheck: true } : {}) });
      return true;
    }
    case 'discard':
    case 'undo':
      items.delete(r.id);
      return;
  }
}

/**
 * An edit applies to a failed item only, and may change its values but not what it is: its id,
 * its place in the queue, its kind, a created entry's marker (by which a later send finds what an
 * earlier one did, see apply's 'edit') and a created project's local id (which later operations
 * name it by).
 */
function editable(item: OutboxItem, op: Operation): boolean {
  const was = item.op;
  if (item.status !== 'failed' || op.id !== was.id || op.seq !== was.seq || op.kind !== was.kind) return false;
  if (op.kind === 'createEntry') return was.kind === 'createEntry' && op.marker === was.marker;
  if (op.kind === 'createProject') return was.kind === 'createProject' && op.localId === was.localId;
  return true;
}

/**
 * An amendment changes an entry creation's values, not what it is (its id, place, kind and
 * marker); or a timer's log (calls/loggedTimer.ts) on the same project, never sent.
 */
function amendable(item: OutboxItem, op: Operation): boolean {
  const was = item.op;
  if (was.kind === 'logTimer')
    return op.kind === 'logTimer' && op.id === was.id && op.seq === was.seq && op.projectId === was.projectId;
  return (
    was.kind === 'createEntry' &&
    op.kind === 'createEntry' &&
    op.id === was.id &&
    op.seq === was.seq &&
    op.marker === was.marker &&
    item.batch === undefined
  );
}

/** The operation with every project id that has resolved since it was decided pointed at the service's id. */
function resolved(state: State, op: Operation): Operation {
  let out = op;
  for (const [localId, projectId] of state.resolved) out = withResolvedProject(out, localId, projectId);
  return out;
}

function resolve(state: State, localId: number, projectId: number): void {
  state.resolved.set(localId, projectId);
  for (const [id, item] of state.items) {
    state.items.set(id, { ...item, op: withResolvedProject(item.op, localId, projectId) });
  }
}

function compacted(items: Map<string, OutboxItem>): JournalRecord[] {
  const records: JournalRecord[] = [];
  for (const item of items.values()) {
    if (item.status === 'settled') continue;
    records.push({
      t: 'op',
      op: item.op,
      ...(item.attempted ? { attempted: true } : {}),
      ...(item.status === 'failed' ? { failed: item.message ?? '' } : {}),
      ...(item.batch ? { batch: item.batch } : {}),
      ...(item.recheck ? { recheck: true as const } : {}),
    });
  }
  return records;
}

function createOutbox(journal: Journal, state: State): Outbox {
  let sorted: OutboxItem[] | null = null;
  const { write, record, close } = serialJournal(journal, state, () => {
    sorted = null;
  });

  const items = () => (sorted ??= [...state.items.values()].sort((a, b) => a.op.seq - b.op.seq));
  const failedItem = (id: string) => state.items.get(id)?.status === 'failed';
  /** Writes the record where the condition holds; answers whether it did. */
  const recordIf = async (condition: boolean, r: JournalRecord) => {
    if (!condition) return false;
    await record(r);
    return true;
  };
  const withdrawing = new Set<string>();
  // Items whose send the worker began in this run, one by one or in an import. The worker calls
  // attempt()/attemptBatch() in the same tick in which it takes items from next(), so from the
  // moment it holds an item's values this says so, before its record is on disk.
  const claimed = new Map<string, 'one' | 'batch'>();
  // While an amendment is written the worker takes nothing: what it took now would carry the
  // values from before it (memory changes only once the disk has the record).
  let amending = 0;

  return {
    items,
    next: () => (amending > 0 ? undefined : items().find((i) => i.status === 'pending' && !withdrawing.has(i.op.id))),
    projectId: (id) => state.resolved.get(id) ?? id,
    newSeq: () => ++state.seq,
    add: (op) => record({ t: 'op', op }),
    addAll: (ops) => record({ t: 'ops', ops: [...ops] }),
    async attempt(id) {
      claimed.set(id, 'one');
      if (!state.items.get(id)?.attempted) await record({ t: 'attempt', id });
    },
    async attemptBatch(batch, items) {
      for (const { id } of items) claimed.set(id, 'batch');
      await record({ t: 'attemptBatch', batch, items: items.map(({ id, minutes }) => ({ id, minutes })) });
    },
    settleMany: (ids) => record({ t: 'doneMany', ids: [...ids] }),
    settle: (id, projectId) => record(projectId === undefined ? { t: 'done', id } : { t: 'done', id, projectId }),
    fail: (id, message, refused) =>
      record(refused ? { t: 'failed', id, message, refused } : { t: 'failed', id, message }),
    retry: (id) => recordIf(failedItem(id), { t: 'retry', id }),
    async edit(op) {
      const item = state.items.get(op.id);
      if (!item || !editable(item, op)) return false;
      await record({ t: 'edit', id: op.id, op });
      return true;
    },
    async amend(op) {
      const r = amendRecord(state.items.get(op.id), op, claimed);
      if (!r) return false;
      amending++;
      try {
        return (await write(r)) === true;
      } finally {
        amending--;
      }
    },
    discard: (id) => recordIf(failedItem(id), { t: 'discard', id }),
    async withdraw(id) {
      const item = state.items.get(id);
      if (item?.status !== 'pending' || item.attempted || withdrawing.has(id)) return false;
      withdrawing.add(id);
      try {
        await record({ t: 'undo', id });
      } finally {
        withdrawing.delete(id);
      }
      return true;
    },
    refreshed(collection) {
      const changed = dropRefreshed(state, claimed, collection);
      if (changed) sorted = null;
      return changed;
    },
    close,
  };
}

/**
 * Writes records to the journal, disk first, then memory (`applied` runs once memory changed);
 * one change at a time, so a compaction sees every earlier change.
 */
function serialJournal(journal: Journal, state: State, applied: () => void) {
  let chain: Promise<unknown> = Promise.resolve();
  const write = (r: JournalRecord): Promise<boolean | undefined> => {
    const run = chain.then(async () => {
      await journal.append(r);
      const result = apply(state, r);
      applied();
      if (journal.appendedSinceRewrite >= COMPACT_AFTER) await journal.rewrite(compacted(state.items));
      return result;
    });
    chain = run.catch(() => {});
    return run;
  };
  const record = async (r: JournalRecord): Promise<void> => {
    await write(r);
  };
  const close = () => {
    const run = chain.then(() => journal.close());
    chain = run.catch(() => {});
    return run;
  };
  return { write, record, close };
}

/** The record amending a pending item with `op`, or null where it cannot be amended (Outbox.amend). */
function amendRecord(
  item: OutboxItem | undefined,
  op: Operation,
  claimed: ReadonlyMap<string, 'one' | 'batch'>,
): JournalRecord | null {
  if (item?.status !== 'pending' || !amendable(item, op) || claimed.get(op.id) === 'batch') return null;
  // A send of it may be under way or may have landed: the next settle is checked (recheck).
  const begun = item.attempted || claimed.has(op.id);
  // A log carries no marker: a log that may have landed cannot be found to be changed again.
  if (begun && op.kind === 'logTimer') return null;
  return { t: 'amend', id: op.id, op, ...(begun ? { recheck: true as const } : {}) };
}

/** Settled items no longer wait for this collection's read; those that wait for nothing more go. Whether any changed. */
function dropRefreshed(state: State, claimed: Map<string, unknown>, collection: Collection): boolean {
  let changed = false;
  for (const [id, item] of state.items) {
    if (item.status !== 'settled' || !item.awaiting.includes(collection)) continue;
    const awaiting = item.awaiting.filter((c) => c !== collection);
    if (awaiting.length === 0) state.items.delete(id), claimed.delete(id);
    else state.items.set(id, { ...item, awaiting });
    changed = true;
  }
  return changed;
}
