// What quick entry's preview and answer say of an entry, in the window's language: the day it
// goes to ("yesterday (Tue 24 Nov)"), the minutes the service will store after the project's
// billing increment and why they differ from what was typed ("0:04 rounded up to Website's 15
// minutes"), and "1:30 on Website yesterday (Tue 24 Nov)". The same rules as common/loggedWords.ts
// and common/logPreview.ts, whose English the command line and the tray keep.

import { isolated } from '../common/bidi';
import { addDays } from '../common/dayWords';
import { ellipsize, NAME_IN_SENTENCE_MAX } from '../common/cutText';
import { formatMinutes, type TimeFormat } from '../common/format';
import { stored } from '../common/lineStores';
import { t } from './app/words';
import { shortDay } from './dateTime';
import { windowNumbers } from './timeFormat';

/** Which of a day's three ways of being named a message picks (`{when, select, …}`). */
export type When = 'today' | 'yesterday' | 'other';

export const whenOf = (date: string, today: string): When =>
  date === today ? 'today' : date === addDays(today, -1) ? 'yesterday' : 'other';

/** The day as the preview names it: "today", "yesterday (Tue 24 Nov)", "Mon 23 Nov". */
export const dayName = (date: string, today: string): string =>
  t('window-quick.dayName', { when: whenOf(date, today), day: shortDay(date, today) });

/** "15 minutes", or "0.25 hours" ("0,25 Stunden") for a user who chose fractions: the unit the rounded minutes are in. */
export function incrementWords(increment: number, format: TimeFormat): string {
  const hours = format === 'fraction' ? formatMinutes(increment, format, windowNumbers) : '';
  return t('window-entries.increment', { unit: format === 'fraction' ? 'hours' : 'minutes', count: increment, hours });
}

/** Why the stored minutes differ from the typed ones ("0:04 rounded up to Website's 15 minutes"); null when they do not. */
export function roundedWords(typed: number, increment: number, projectName: string, format: TimeFormat) {
  const { minutes } = stored(typed, increment);
  if (minutes === typed) return { minutes, why: null };
  const why = t('window-quick.rounded', {
    typed: formatMinutes(typed, format, windowNumbers),
    project: isolated(ellipsize(projectName, NAME_IN_SENTENCE_MAX)),
    increment: incrementWords(increment, format),
  });
  return { minutes, why };
}

interface LoggedEntry {
  minutes: number;
  typedMinutes: number;
  increment: number;
  projectName: string | null;
  date: string;
}

/** "0:30 on Remote (0:20 rounded up to its 30 minutes)", "1:30 on Website yesterday (Tue 24 Nov)". */
export function loggedEntryWords(logged: LoggedEntry, today: string, format: TimeFormat): string {
  const rounded = logged.minutes !== logged.typedMinutes;
  return t('window-quick.entry', {
    minutes: formatMinutes(logged.minutes, format, windowNumbers),
    hasProject: logged.projectName ? 'yes' : 'no',
    project: isolated(logged.projectName ?? ''),
    when: whenOf(logged.date, today),
    day: shortDay(logged.date, today),
    rounded: rounded ? 'yes' : 'no',
    typed: formatMinutes(logged.typedMinutes, format, windowNumbers),
    increment: incrementWords(logged.increment, format),
  });
}
