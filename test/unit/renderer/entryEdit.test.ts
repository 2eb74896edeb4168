// The edit form of one of today's entries: it starts from the entry's values written as the user
// would type them, saves them as the updateEntry request, and shows main's refusals at their field.
import { describe, expect, it } from 'vitest';
import { requests } from '../../../common/contract';
import { fail } from '../../../common/result';
import type { EntryView } from '../../../common/snapshot';
import { errorPlace, initialValues } from '../../../renderer/editFields';
import { entryFields, entryUpdate, entryWords } from '../../../renderer/entryEdit';
import { SENT } from '../../../common/savedHere';

const entry: EntryView = {
  key: '41',
  id: 41,
  date: '2025-03-10',
  minutes: 90,
  description: 'call #sales',
  projectName: 'Website',
  status: SENT,
};
const errorOf = (r: ReturnType<typeof fail>) => (r.ok ? null : r.error);

describe('the entry edit form', () => {
  it('starts from the entry’s time, project, description and date', () => {
    expect(initialValues(entryFields(entry))).toEqual({
      time: '1:30',
      project: 'Website',
      description: 'call #sales',
      date: entry.date,
    });
    expect(initialValues(entryFields({ ...entry, projectName: null, description: null }))).toEqual({
      time: '1:30',
      project: '',
      description: '',
      date: entry.date,
    });
    expect(entryWords(entry)).toBe('1:30 Website call #sales');
  });

  it('saves every field as the contract takes it, an emptied one as empty', () => {
    const request = entryUpdate('41', { time: '2h', project: '', description: 'call' });
    expect(request).toEqual({ key: '41', time: '2h', description: 'call', project: '' });
    expect(requests.updateEntry.safeParse(request).success).toBe(true);
    // The Date field's value goes as typed; main checks it (model/entryDate.ts).
    expect(entryUpdate('41', { time: '2h', project: '', description: 'call', date: '2025-03-09' })).toMatchObject({
      date: '2025-03-09',
    });
  });

  it('shows a refusal at its field, one about the entry itself under the form', () => {
    const fields = entryFields(entry);
    expect(errorPlace(errorOf(fail('invalid_input', '“soon” is not a time.', 'time')), fields)).toBe('time');
    expect(errorPlace(errorOf(fail('invalid_input', 'You have no project named X.', 'project')), fields)).toBe(
      'project',
    );
    expect(errorPlace(errorOf(fail('not_found', "That entry is not among today's entries.", 'key')), fields)).toBe(
      'form',
    );
  });
});
