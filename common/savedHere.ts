// The words for a change saved on this computer that the service has not confirmed yet, the one
// place the window (quick entry, the "saved here" badges) and the command line take them from.

import { isolated } from './bidi';

/** "Saved here · sends when Work answers": `account` is the open account's name. */
export const savedHereWords = (account: string): string => `Saved here · sends when ${isolated(account)} answers`;
