// How many operations an account still has to get onto the service (the Activity view's count per
// account): those queued, and those failed and kept for the user. Settled ones do not count.

import { readJournal } from './journal';
import { replay, type OutboxItem } from './outbox';

export const waitingCount = (items: Iterable<OutboxItem>): number => {
  let n = 0;
  for (const item of items) if (item.status !== 'settled') n++;
  return n;
};

export const waitingIn = (outbox: { items(): readonly OutboxItem[] }): number => waitingCount(outbox.items());

/** An account that is not open: its journal read and replayed, never written (0 when it has none). */
export function waitingInJournal(dataDir: string): number {
  try {
    return waitingCount(replay(readJournal(dataDir)).items.values());
  } catch {
    return 0;
  }
}
