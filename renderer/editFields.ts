// The edit form's fields, as plain data: their labels and hints, the values it starts from, and
// which field an answer's error belongs at. Kept out of the component so it can be tested alone.

import { fail, type ActionError, type Result } from '../common/result';
import type { EditableField, EditableValue } from '../common/snapshot';
import { parseTimeString } from '../common/timeString';
import { exampleTime, type TimeFormat } from '../common/format';
import { t } from './app/words';

/** Each field's label, by its catalog id (the form shows t(FIELD_LABELS[field])). */
export const FIELD_LABELS: Readonly<Record<EditableField, string>> = {
  time: 'window-entries.fieldTime',
  date: 'window-entries.fieldDate',
  project: 'window-entries.fieldProject',
  description: 'window-entries.fieldDescription',
  name: 'window-entries.fieldName',
};

/** What to write, for the fields whose form is not obvious; a time's example as the user writes times (1:30 or 1.50). */
export const fieldHints = (format?: TimeFormat): Readonly<Partial<Record<EditableField, string>>> => ({
  time: t('window-entries.hintTime', { example: exampleTime(format) }),
  date: t('window-entries.hintDate', { example: '2025-03-10' }),
  project: t('window-entries.hintProject'),
});

export type EditValues = Partial<Record<EditableField, string>>;

export const initialValues = (editable: readonly EditableValue[]): EditValues =>
  Object.fromEntries(editable.map((v) => [v.field, v.value]));

/**
 * Where an error is shown: at the field it names when the form has that field, so the user sees
 * what to fix where they typed it; anywhere else (the operation is gone, the connection dropped)
 * under the form. null: no error.
 */
export function errorPlace(
  error: ActionError | null,
  editable: readonly EditableValue[],
): EditableField | 'form' | null {
  if (!error) return null;
  // A value main's schema refused is named by its path in the request: changes.time.
  const named = error.field?.replace(/^changes\./, '');
  const field = editable.find((v) => v.field === named);
  return field ? field.field : 'form';
}

/**
 * A changed time checked here as main checks it (parseTimeString), before anything is sent: a bad
 * time is flagged at the time field at once, whatever else main's answer would name first (a
 * project name too long). null: nothing to refuse here; main checks everything again.
 */
export function timeRefusal(values: EditValues, editable: readonly EditableValue[]): Result<never> | null {
  const before = editable.find((v) => v.field === 'time');
  const typed = values.time;
  if (!before || typed === undefined || typed === before.value) return null;
  const parsed = parseTimeString(typed);
  return parsed.ok ? null : fail('invalid_input', parsed.message, 'time');
}
