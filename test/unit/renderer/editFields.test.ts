// The edit form's data: the values it starts from, and which field an answer's error is shown at.
import { describe, expect, it } from 'vitest';
import { fail } from '../../../common/result';
import type { EditableValue } from '../../../common/snapshot';
import { errorPlace, FIELD_LABELS, initialValues } from '../../../renderer/editFields';

const entry: EditableValue[] = [
  { field: 'time', value: '1:30' },
  { field: 'date', value: '2025-03-10' },
  { field: 'project', value: 'Website' },
  { field: 'description', value: 'call' },
];
const errorOf = (r: ReturnType<typeof fail>) => (r.ok ? null : r.error);

describe('the edit form’s fields', () => {
  it('start from the operation’s current values', () => {
    expect(initialValues(entry)).toEqual({ time: '1:30', date: '2025-03-10', project: 'Website', description: 'call' });
    expect(initialValues([])).toEqual({});
  });

  it('each have a label', () => {
    expect(Object.keys(FIELD_LABELS).sort()).toEqual(['date', 'description', 'name', 'project', 'time']);
  });

  it('show an error at the field it names, also as main’s schema names it, and elsewhere under the form', () => {
    expect(errorPlace(null, entry)).toBeNull();
    expect(errorPlace(errorOf(fail('invalid_input', '“soon” is not a time.', 'time')), entry)).toBe('time');
    expect(errorPlace(errorOf(fail('invalid_argument', 'Invalid changes.date: too long', 'changes.date')), entry)).toBe(
      'date',
    );
    expect(errorPlace(errorOf(fail('invalid_input', 'The name of this change cannot be edited.', 'name')), entry)).toBe(
      'form',
    );
    expect(errorPlace(errorOf(fail('not_found', 'That change is no longer waiting to be fixed.', 'id')), entry)).toBe(
      'form',
    );
    expect(errorPlace(errorOf(fail('internal', 'Stint did not answer in time.')), entry)).toBe('form');
  });
});
