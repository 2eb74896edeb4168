// Many queued entries in one request: the v1 bulk import (spec 002 POST /api/entries/import), where
// the account's service offers it (the embedded one; v1 takes personal tokens only). A day of
// quick entries made on a train then reaches the service in one request instead of one every
// half second at the 2 requests/s limit, and the user sees it settled at once.
//
// Exactly once without the source_url marker (an import cannot carry one): the import is one
// transaction on the service (spec 002: "422 nothing created"), and every entry it makes names
// that import. So after an attempt without an answer, the entries the user changed since the
// attempt began are grouped by import; an import holding this batch's entries (date, minutes,
// project and description) means the attempt landed. The description counts: an import that
// landed just before, of entries alike in time and project (three 0:15 stand-ups), must not pass
// for this one, or this one would be lost. Only the same user importing the very same entries in
// the same minutes elsewhere could fool it, and then both are the user's own identical work.

import type { LegacyEntryInput, LegacyEntryOptions, LegacyImportedEntry } from '../../api/legacy/types';
import { collect, type ServiceApi } from '../../api/types';
import { roundUpToIncrement } from '../model/minutes';
import type { Operation } from '../model/operations';
import type { OutboxItem } from './outbox';

/** The import's part of the v1 client: what core needs of it. */
export interface BulkImporter {
  importEntries(
    entries: readonly LegacyEntryInput[],
    options?: LegacyEntryOptions,
  ): Promise<Array<LegacyImportedEntry | null>>;
}

/** Fewer queued entries than this go one by one: a batch's check after a lost answer costs more. */
export const BULK_MIN = 3;
/** The local service's cap on one import (service/v1/entryImport.ts MAX_IMPORT). */
export const BULK_MAX = 1000;
/** How far before an attempt the check for what it did looks (clocks of app and service differ). */
const CLOCK_SLACK_MS = 5 * 60_000;

type CreateEntry = Extract<Operation, { kind: 'createEntry' }>;

/** Billing increments of the projects known from the last read, by project id. */
export type Increments = ReadonlyMap<number, number>;

/**
 * An entry the import can carry exactly as POST /v2/entries would make it: no project, or a known
 * project whose billing increment is known (the import stores minutes as given, so the client
 * rounds them, as spec 002 asks: "clients should only create multiples of it and round up").
 * A project still to be created by name goes one by one, through v2.
 */
function importable(op: Operation, increments: Increments): op is CreateEntry {
  if (op.kind !== 'createEntry') return false;
  if (op.projectId === null) return op.projectName === null;
  return op.projectId > 0 && increments.has(op.projectId);
}

/**
 * The batch to send next, or null to send the head of the queue on its own: a batch attempted
 * before is sent again whole (its check needs the same entries); otherwise the run of importable
 * entries at the head of the queue, when it is long enough.
 */
export function nextBatch(items: readonly OutboxItem[], increments: Increments): OutboxItem[] | null {
  const pending = items.filter((i) => i.status === 'pending');
  const head = pending[0];
  if (!head) return null;
  if (head.batch && head.attempted) return pending.filter((i) => i.batch?.id === head.batch!.id);
  const run: OutboxItem[] = [];
  for (const item of pending) {
    if (item.attempted || !importable(item.op, increments) || run.length === BULK_MAX) break;
    run.push(item);
  }
  return run.length >= BULK_MIN ? run : null;
}

/**
 * What the import sends for an item: the minutes of an earlier attempt when there was one (the
 * check compares them, and the projects may not be read yet after a restart), else rounded now.
 */
export function importInput(item: OutboxItem, increments: Increments): LegacyEntryInput {
  const op = item.op as CreateEntry;
  const increment = op.projectId === null ? 1 : (increments.get(op.projectId) ?? 1);
  return {
    date: op.date,
    minutes: item.batch?.minutes ?? roundUpToIncrement(op.minutes, increment),
    ...(op.description ? { description: op.description } : {}),
    ...(op.projectId !== null ? { projectId: op.projectId } : {}),
  };
}

/**
 * What identifies an imported entry: its description as the service keeps it (spec 002: "extra
 * whitespace removed"; the local service trims it), so the sent and the stored text compare equal.
 */
const key = (
  date: string,
  minutes: number,
  projectId: number | null | undefined,
  description: string | null | undefined,
) => JSON.stringify([date, minutes, projectId ?? null, (description ?? '').replace(/\s+/g, ' ').trim()]);

/** Whether an import of these inputs, first attempted at `since`, is on the service already. */
export async function landed(api: ServiceApi, inputs: readonly LegacyEntryInput[], since: number): Promise<boolean> {
  const me = await api.getCurrentUser();
  const changed = await collect(
    api.listEntries({ user_ids: [me.id], updated_from: new Date(since - CLOCK_SLACK_MS).toISOString() }),
  );
  const imports = new Map<number, string[]>();
  for (const e of changed) {
    if (!e.import) continue;
    const keys = imports.get(e.import.id) ?? [];
    keys.push(key(e.date, e.minutes, e.project?.id, e.description));
    imports.set(e.import.id, keys);
  }
  const wanted = inputs.map((i) => key(i.date, i.minutes, i.projectId, i.description));
  // Contained rather than equal: the user may have discarded part of a batch that failed.
  return [...imports.values()].some((keys) => contains(keys, wanted));
}

/** Whether every key of `part` is in `whole`, counting repeats. */
function contains(whole: readonly string[], part: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const k of whole) left.set(k, (left.get(k) ?? 0) + 1);
  for (const k of part) {
    const n = left.get(k) ?? 0;
    if (n === 0) return false;
    left.set(k, n - 1);
  }
  return true;
}
