// The working-hours reminder (main/core/desktop/reminder/): no timer runs during the hours the user set.
// A bar at the top of the window with "Start last" (the last timer, as the hotkey starts it),
// "Snooze 30 min" and "Dismiss". Its message is an alert, so a screen reader hears it appear; it
// takes no focus: it is a nudge, not a question that blocks.

import { isolated } from '../../common/bidi';
import type { StintBridge } from '../../common/contract';
import type { ReminderView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';
import { t } from '../app/words';

type Choice = 'start-last' | 'snooze' | 'dismiss';

export function ReminderBar({ reminder, bridge }: { reminder: ReminderView | null; bridge: StintBridge }) {
  const action = useAction();
  if (!reminder) return null;
  const answer = (choice: Choice) => void action.run(() => bridge.answerReminder({ choice }));
  const { lastProject } = reminder;
  return (
    <section class="panel reminder" aria-labelledby="reminder-title" data-testid="reminder">
      <h2 id="reminder-title">{t('window-reminder.title')}</h2>
      <p role="alert">
        {lastProject
          ? t('window-reminder.startAgain', { project: isolated(lastProject) })
          : t('window-reminder.startOne')}
      </p>
      <div class="idle-actions">
        {lastProject && (
          <button
            type="button"
            class="primary"
            aria-label={t('window-reminder.startLastNamed', { project: lastProject })}
            disabled={action.busy}
            onClick={() => answer('start-last')}
          >
            {t('window-reminder.startLast')}
          </button>
        )}
        <button type="button" disabled={action.busy} onClick={() => answer('snooze')}>
          {t('window-reminder.snooze', { minutes: 30 })}
        </button>
        <button type="button" disabled={action.busy} onClick={() => answer('dismiss')}>
          {t('window-reminder.dismiss')}
        </button>
      </div>
      <ErrorLine error={action.error} testId="reminder-error" />
    </section>
  );
}
