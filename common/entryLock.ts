// A locked entry in words (issue 27 item 8), as the row shows it and as main refuses its edit or
// delete: the same words in both places.

import type { EntryLock } from './snapshot';

/** "Approved by Ann Lee", "Approved", "Invoiced". */
export function lockedWords(lock: EntryLock): string {
  if (lock.reason === 'invoiced') return 'Invoiced';
  return lock.by ? `Approved by ${lock.by}` : 'Approved';
}

/** main's refusal of an edit or a delete of a locked entry, before anything is queued. */
export function lockedRefusal(lock: EntryLock, change: 'edited' | 'deleted'): string {
  const why = lock.reason === 'invoiced' ? 'It is on an invoice' : `${lockedWords(lock)}, it is locked`;
  return `${why}: it cannot be ${change} here.`;
}
