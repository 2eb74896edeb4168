// The words for what became of a change (common/snapshot.ts SaveStatus), the one place the window
// (quick entry, the "saved here" badges, through the snapshot) and the command line take them from.

import { isolated } from './bidi';
import type { SaveStatus } from './snapshot';

/** "Saved here · sends when Work answers": `account` is the open account's name. */
export const savedHereWords = (account: string): string => `Saved here · sends when ${isolated(account)} answers`;

/** "Not saved on Work: see what was refused above.": the Not saved list has the service's message. */
export const refusedWords = (account: string): string =>
  `Not saved on ${isolated(account)}: see what was refused above.`;

/** The service has it: nothing to say. */
export const SENT = Object.freeze({ state: 'sent' }) satisfies SaveStatus;
