// Undo for destructive actions: a discarded or logged timer or a deleted entry is queued with a grace
// period (`notBefore` on its operation). The worker sends neither it nor anything queued after it
// before then (worker.ts heldUntil), so order is kept, and until then the user may take it back.

import { formatMinutes } from '../../../common/format';
import type { EntryView, UndoView } from '../../../common/snapshot';
import type { Operation } from './operations';
import type { OutboxItem } from '../sync/outbox';

/** How long a discard, log or delete waits for an undo before it is sent. */
export const UNDO_GRACE_MS = 5_000;

/** The entry in words: "1:30 on Website: call with the client". */
export function entrySummary(entry: Pick<EntryView, 'minutes' | 'projectName' | 'description'>): string {
  const on = entry.projectName ? ` on ${entry.projectName}` : '';
  return `${formatMinutes(entry.minutes)}${on}${entry.description ? `: ${entry.description}` : ''}`;
}

/** What the undo line says was done. */
export function undoSummary(op: Operation): string {
  switch (op.kind) {
    case 'discardTimer':
      return `Discarded ${op.projectName}'s timer`;
    case 'deleteEntry':
      return `Deleted ${op.summary}`;
    case 'logTimer':
      // The minutes the service will store: rounded up to the project's increment.
      return `Logged ${formatMinutes(op.minutes)} on ${op.projectName}`;
    default:
      return `Queued ${op.kind}`;
  }
}

/** An item the user can still take back: pending, never sent, with a grace. Whether it ran out is the clock's say. */
export const withinGraceItem = (item: OutboxItem): boolean =>
  item.status === 'pending' && !item.attempted && item.op.notBefore !== undefined;

/**
 * The snapshot's undo lines: every item still undoable, oldest first. `until` may already be past
 * while the worker has not sent it yet (offline): the renderer hides a line once its time is up,
 * and an undo then is refused.
 */
export function undoViews(items: readonly OutboxItem[]): UndoView[] {
  return items.filter(withinGraceItem).map(({ op }) => ({ id: op.id, summary: undoSummary(op), until: op.notBefore! }));
}

/** Entries without those a queued (or just sent, not yet re-read) delete removes, or a cancel of a queued one. */
export function withoutDeleted(entries: EntryView[], items: readonly OutboxItem[]): EntryView[] {
  const deleted = new Set<number>();
  const cancelled = new Set<string>();
  for (const { op } of items) {
    if (op.kind !== 'deleteEntry') continue;
    if (op.entryId !== null) deleted.add(op.entryId);
    if (op.cancels) cancelled.add(op.cancels);
  }
  if (deleted.size === 0 && cancelled.size === 0) return entries;
  return entries.filter((e) => (e.id === null ? !cancelled.has(e.key) : !deleted.has(e.id)));
}

/** The pending delete that cancels this queued createEntry, if any. */
export function cancelOf(item: OutboxItem, items: readonly OutboxItem[]): OutboxItem | undefined {
  if (item.op.kind !== 'createEntry') return undefined;
  const id = item.op.id;
  return items.find((i) => i.status === 'pending' && i.op.kind === 'deleteEntry' && i.op.cancels === id);
}
