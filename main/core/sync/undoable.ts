// Which outbox items the user can still take back (undo, model/undoGrace.ts), and which queued
// entry a pending delete cancels: the worker holds both until the grace ends (workerSteps.ts).

import type { OutboxItem } from './outbox';

/** An item the user can still take back: pending, never sent, with a grace. Whether it ran out is the clock's say. */
export const withinGraceItem = (item: OutboxItem): boolean =>
  item.status === 'pending' && !item.attempted && item.op.notBefore !== undefined;

/** The pending delete that cancels this queued createEntry, if any. */
export function cancelOf(item: OutboxItem, items: readonly OutboxItem[]): OutboxItem | undefined {
  if (item.op.kind !== 'createEntry') return undefined;
  const id = item.op.id;
  return items.find((i) => i.status === 'pending' && i.op.kind === 'deleteEntry' && i.op.cancels === id);
}
