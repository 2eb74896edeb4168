// What an entry logged by quick entry will be, in the words the window's success message and the
// command line both use: the minutes the service stores (after the project's billing increment,
// which may differ from what was typed), the project and the day when it is not today.

import { isolated } from './bidi';
import { dayInWords } from './dayWords';
import { DEFAULT_TIME_FORMAT, formatIncrement, formatMinutes, type TimeFormat } from './format';

/** contract.ts LoggedEntry, by shape: the command line takes this file without the contract's zod. */
interface LoggedEntry {
  minutes: number;
  typedMinutes: number;
  increment: number;
  projectName: string | null;
  date: string;
}

/** "0:30 on Remote (0:20 rounded up to its 30 minutes)", "1:30 on Website yesterday (Tue 24 Nov)". */
export function loggedWords(logged: LoggedEntry, today: string, format: TimeFormat = DEFAULT_TIME_FORMAT): string {
  const on = logged.projectName ? ` on ${isolated(logged.projectName)}` : '';
  const day = logged.date === today ? '' : ` ${dayInWords(logged.date, today)}`;
  const rounded =
    logged.minutes === logged.typedMinutes
      ? ''
      : ` (${formatMinutes(logged.typedMinutes, format)} rounded up to its ${formatIncrement(logged.increment, format)})`;
  return `${formatMinutes(logged.minutes, format)}${on}${day}${rounded}`;
}

/** The window's "Logged 0:30 on Remote (0:20 rounded up to its 30 minutes)." */
export const loggedMessage = (logged: LoggedEntry, today: string, format?: TimeFormat): string =>
  `Logged ${loggedWords(logged, today, format)}.`;

/**
 * Did you mean a known project, said where a new name would be created: the window asks for a
 * second Enter, the command line for --new-project.
 */
export const didYouMeanWords = (suggested: string, typed: string, howToCreate: string): string =>
  `Did you mean ${suggested}? ${howToCreate} to create the new project “${typed}”.`;
