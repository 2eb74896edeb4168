// How the senders' notices write what they name: durations in the user's time format (issue 22
// item 9: "1:30" or "1.50", as the rest of the window), and project names isolated and cut as in
// every sentence Stint writes (common/bidi.ts, common/cutText.ts), since a right-to-left override
// in a name would otherwise reorder the words after it.

import { isolated } from '../../../common/bidi';
import { ellipsize, NAME_IN_SENTENCE_MAX } from '../../../common/cutText';
import { formatMinutes, type TimeFormat } from '../../../common/format';

/** A project's name inside a notice: "Website", or an isolated, cut one. */
export const nameIn = (projectName: string): string => isolated(ellipsize(projectName, NAME_IN_SENTENCE_MAX));

/** Seconds to the nearest minute as the user reads durations: a change of 29:59.9 reads as the 0:30 (0.50) it was. */
export const minutesOf = (seconds: number, format: TimeFormat): string =>
  formatMinutes(Math.round(seconds / 60), format);
