// What an action will record, in words shown before the user acts: the service rounds minutes up
// to the project's billing increment (spec 001), so the timer card's Log, quick entry's preview and
// the edit form say so rather than let the entry surprise them. Main queues the same minutes
// (common/minutes.ts).

import { isolated } from './bidi';
import { ellipsize, NAME_IN_SENTENCE_MAX } from './cutText';
import { DEFAULT_TIME_FORMAT, formatIncrement, formatMinutes, type TimeFormat } from './format';
import { stored, timerStores } from './lineStores';

export interface LogPreview {
  /** The minutes the entry will get. */
  minutes: number;
  /** "Log 0:15 (0:04 rounded up to Website's 15 minutes)", or "Log 0:15" when nothing is rounded. */
  text: string;
}

/**
 * The minutes `typed` will be stored as on a project with `increment`, and why they differ, if
 * they do: "0:04 rounded up to Website's 15 minutes" (a long name cut; null when rounding changes
 * nothing).
 */
export function storedMinutes(
  typed: number,
  increment: number,
  projectName: string,
  format?: TimeFormat,
): { minutes: number; why: string | null } {
  const { minutes } = stored(typed, increment);
  const name = isolated(ellipsize(projectName, NAME_IN_SENTENCE_MAX));
  const why = `${formatMinutes(typed, format)} rounded up to ${name}'s ${formatIncrement(increment, format)}`;
  return { minutes, why: minutes === typed ? null : why };
}

/**
 * What logging a timer at `seconds` records, in the user's format (Snapshot.timeFormat);
 * `running`: the minute under way counts (common/minutes.ts minutesToLog).
 */
export const logPreviewIn =
  (format: TimeFormat) =>
  (seconds: number, projectName: string, billingIncrement: number, running: boolean): LogPreview => {
    const timer = timerStores(seconds, running, billingIncrement);
    const { minutes, why } = storedMinutes(timer.typedMinutes, billingIncrement, projectName, format);
    const log = `Log ${formatMinutes(minutes, format)}`;
    return { minutes, text: why ? `${log} (${why})` : log };
  };

/** logPreviewIn for H:MM. */
export const logPreview = logPreviewIn(DEFAULT_TIME_FORMAT);
