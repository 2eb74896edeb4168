// The shell's decision about the reminder's OS notification (main/core/desktop/reminder/notification.ts):
// once per reminder, withdrawn when it goes, with "Start last" only when there is a last timer.
import { describe, expect, it } from 'vitest';
import { reminderAction as reminderActionIn } from '../../../../../main/core/desktop/reminder/notification';
import { mainWords } from '../../../../../main/core/mainWords';
import type { Snapshot } from '../../../../../common/snapshot';

// In English, as before it had a language (notificationsLanguages.test.ts has German).
const reminderAction = (previous: Pick<Snapshot, 'reminder'> | null, next: Pick<Snapshot, 'reminder'>) =>
  reminderActionIn(previous, next, mainWords('en'));
import { snapshot } from '../../../../support/snapshot';

const reminded = (at: number, lastProject: string | null = 'Website') => snapshot({ reminder: { at, lastProject } });

describe('the reminder notification', () => {
  it('announces a new reminder once, with both answers, and nothing for the same one again', () => {
    const first = reminderAction(snapshot(), reminded(1000));
    expect(first).toEqual({
      kind: 'announce',
      notification: {
        title: 'Stint: no timer is running',
        body: 'It is within your working hours. Start Website again, or snooze for 30 minutes.',
        actions: [
          { text: 'Start last', choice: 'start-last' },
          { text: 'Snooze 30 min', choice: 'snooze' },
        ],
      },
    });
    expect(reminderAction(reminded(1000), reminded(1000))).toBeNull();
    // A snooze's return is a new reminder.
    expect(reminderAction(reminded(1000), reminded(2000))?.kind).toBe('announce');
  });

  it('announces one already up at the shell’s first look', () => {
    expect(reminderAction(null, reminded(1000))?.kind).toBe('announce');
    expect(reminderAction(null, snapshot())).toBeNull();
  });

  it('withdraws it once answered or gone', () => {
    expect(reminderAction(reminded(1000), snapshot())).toEqual({ kind: 'withdraw' });
    expect(reminderAction(snapshot(), snapshot())).toBeNull();
  });

  it('offers only Snooze when no timer was used yet', () => {
    const action = reminderAction(snapshot(), reminded(1000, null));
    expect(action?.kind === 'announce' && action.notification.actions).toEqual([
      { text: 'Snooze 30 min', choice: 'snooze' },
    ]);
  });
});
