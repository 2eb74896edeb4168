// What became of each thing the user did, in the window's words (common/snapshot.ts SaveStatus):
// derived here from the outbox once, so the window reads a status and never matches keys against
// the outbox itself. Saved here while an operation waits, sent once the service has it, refused
// when the service said no (the Not saved list has its message).

import { refusedWords, SENT, savedHereWords } from '../../../common/savedHere';
import type { SaveStatus, ShownStatus } from '../../../common/snapshot';
import type { OutboxItem } from '../sync/outbox';

/** The statuses an account's snapshot hands out, its name in their words: one object each, shared by every row. */
export interface Statuses {
  savedHere: Extract<ShownStatus, { state: 'saved here' }>;
  refused: Extract<SaveStatus, { state: 'refused' }>;
}

export const statusesFor = (account: string): Statuses => ({
  savedHere: { state: 'saved here', words: savedHereWords(account), account },
  refused: { state: 'refused', words: refusedWords(account), account },
});

/** An item's status: failed is refused, pending is saved here, settled (sent, perhaps not read back yet) is sent. */
export function itemStatus(item: Pick<OutboxItem, 'status'>, statuses: Statuses): SaveStatus {
  if (item.status === 'failed') return statuses.refused;
  return item.status === 'pending' ? statuses.savedHere : SENT;
}

/** What a shown item (pending or settled: a failed one did not happen) makes of the row it applies to. */
export const shownStatus = (item: Pick<OutboxItem, 'status'>, statuses: Statuses): ShownStatus =>
  item.status === 'pending' ? statuses.savedHere : SENT;

/** Every operation the outbox holds, by id (Snapshot.operations). */
export function operationStatuses(items: readonly OutboxItem[], statuses: Statuses): Record<string, SaveStatus> {
  return Object.fromEntries(items.map((item) => [item.op.id, itemStatus(item, statuses)]));
}

/** A row two operations touched: saved here while either is (an edit waits on an entry sent before it). */
export const eitherSavedHere = (a: ShownStatus, b: ShownStatus): ShownStatus => (a.state === 'saved here' ? a : b);
