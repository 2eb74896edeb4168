// What the snapshot shows of the operations held for undo: the undo lines, and the entries a
// queued delete already removes from view.

import type { TimeFormat } from '../../../common/format';
import type { EntryView, UndoView } from '../../../common/snapshot';
import { undoSummary } from '../model/undoGrace';
import type { OutboxItem } from '../sync/outbox';
import { withinGraceItem } from '../sync/undoable';

/**
 * The snapshot's undo lines: every item still undoable, oldest first. `until` may already be past
 * while the worker has not sent it yet (offline): the renderer hides a line once its time is up,
 * and an undo then is refused.
 */
export function undoViews(items: readonly OutboxItem[], format?: TimeFormat): UndoView[] {
  return items
    .filter(withinGraceItem)
    .map(({ op }) => ({ id: op.id, summary: undoSummary(op, format), until: op.notBefore!, ...restores(op) }));
}

/** What the undo brings back into view: the timer discarded or logged, the entry deleted. */
function restores(op: OutboxItem['op']): Pick<UndoView, 'restores'> {
  if (op.kind === 'discardTimer' || op.kind === 'logTimer') return { restores: { timer: op.projectName } };
  if (op.kind !== 'deleteEntry') return {};
  const entryKey = op.entryId !== null ? String(op.entryId) : op.cancels;
  return entryKey === undefined ? {} : { restores: { entryKey } };
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
