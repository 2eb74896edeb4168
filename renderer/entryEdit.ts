// The edit form of one of today's or the week's entries, as plain data: the fields it shows (starting from the
// entry's values as the user would type them), and the request that saves what was typed.

import type { RequestOf } from '../common/contract';
import { DESCRIPTION_IN_LABEL_MAX, ellipsize, NAME_IN_SENTENCE_MAX } from '../common/cutText';
import { formatMinutes, type NumberWriter, type TimeFormat } from '../common/format';
import type { EditableField, EditableValue, EntryView } from '../common/snapshot';
import type { EditValues } from './editFields';
import { t } from './app/words';

/** As quick entry and a failed entry take it (common/projectName.ts): a new name is created. */
export const entryHints = (): Partial<Record<EditableField, string>> => ({
  project: t('window-entries.hintEntryProject'),
  date: t('window-entries.hintEntryDate', { example: '2025-03-10' }),
});

/** format: the user's (Snapshot.timeFormat): the time field starts as they write times, "1:30" or "1.50" (quick entry reads both). */
export function entryFields(entry: EntryView, format?: TimeFormat): EditableValue[] {
  return [
    { field: 'time', value: formatMinutes(entry.minutes, format) },
    { field: 'project', value: entry.projectName ?? '' },
    { field: 'description', value: entry.description ?? '' },
    { field: 'date', value: entry.date },
  ];
}

/** The entry in words, for its buttons' and form's names: "1:30 Website call with the client" (long text cut, as shown). */
export const entryWords = (entry: EntryView, format?: TimeFormat, numbers?: NumberWriter) =>
  [
    formatMinutes(entry.minutes, format, numbers),
    entry.projectName && ellipsize(entry.projectName, NAME_IN_SENTENCE_MAX),
    entry.description && ellipsize(entry.description, DESCRIPTION_IN_LABEL_MAX),
  ]
    .filter(Boolean)
    .join(' ');

export const entryUpdate = (key: string, values: EditValues): RequestOf<'updateEntry'> => ({
  key,
  time: values.time ?? '',
  description: values.description ?? '',
  project: values.project ?? '',
  ...(values.date === undefined ? {} : { date: values.date }),
});
