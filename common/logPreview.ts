// What an action will record, in words shown before the user acts: the service rounds minutes up
// to the project's billing increment (spec 001), so the timer card's Log, quick entry's preview and
// the edit form say so rather than let the entry surprise them. Main queues the same minutes
// (common/minutes.ts).

import { isolated } from './bidi';
import { ellipsize, NAME_IN_SENTENCE_MAX } from './cutText';
import { formatMinutes } from './format';
import { minutesToLog, roundUpToIncrement } from './minutes';

export interface LogPreview {
  /** The minutes the entry will get. */
  minutes: number;
  /** "Log 0:15 (0:04 rounded up to Website's 15 minutes)", or "Log 0:15" when nothing is rounded. */
  text: string;
}

/** "0:04 rounded up to Website's 15 minutes" (a long name cut); null when rounding changes nothing. */
export function roundingWhy(typed: number, stored: number, increment: number, projectName: string): string | null {
  if (stored === typed) return null;
  return `${formatMinutes(typed)} rounded up to ${isolated(ellipsize(projectName, NAME_IN_SENTENCE_MAX))}'s ${increment} minutes`;
}

/** The minutes `typed` will be stored as on a project with `increment`, and why they differ, if they do. */
export function storedMinutes(
  typed: number,
  increment: number,
  projectName: string,
): { minutes: number; why: string | null } {
  const minutes = roundUpToIncrement(typed, increment);
  return { minutes, why: roundingWhy(typed, minutes, increment, projectName) };
}

/** What logging a timer at `seconds` records; `running`: the minute under way counts (common/minutes.ts minutesToLog). */
export function logPreview(
  seconds: number,
  projectName: string,
  billingIncrement: number,
  running: boolean,
): LogPreview {
  const { minutes, why } = storedMinutes(minutesToLog(seconds, running), billingIncrement, projectName);
  return { minutes, text: why ? `Log ${formatMinutes(minutes)} (${why})` : `Log ${formatMinutes(minutes)}` };
}
