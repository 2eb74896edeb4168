// An entry in words, as the undo line, an operation's description and a deleted entry's summary say it.

import { isolated } from '../../../common/bidi';
import { formatMinutes, type TimeFormat } from '../../../common/format';
import type { EntryView } from '../../../common/snapshot';

/** The entry in words: "1:30 on Website: call with the client". */
export function entrySummary(
  entry: Pick<EntryView, 'minutes' | 'projectName' | 'description'>,
  format?: TimeFormat,
): string {
  const on = entry.projectName ? ` on ${isolated(entry.projectName)}` : '';
  return `${formatMinutes(entry.minutes, format)}${on}${entry.description ? `: ${isolated(entry.description)}` : ''}`;
}
