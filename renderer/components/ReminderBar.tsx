// The working-hours reminder (main/core/desktop/reminder/): no timer runs during the hours the user set.
// A bar at the top of the window with "Start last" (the last timer, as the hotkey starts it),
// "Snooze 30 min" and "Dismiss". Its message is an alert, so a screen reader hears it appear; it
// takes no focus: it is a nudge, not a question that blocks.

import { isolated } from '../../common/bidi';
import type { StintBridge } from '../../common/contract';
import type { ReminderView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

type Choice = 'start-last' | 'snooze' | 'dismiss';

export function ReminderBar({ reminder, bridge }: { reminder: ReminderView | null; bridge: StintBridge }) {
  const action = useAction();
  if (!reminder) return null;
  const answer = (choice: Choice) => void action.run(() => bridge.answerReminder({ choice }));
  const { lastProject } = reminder;
  return (
    <section class="panel reminder" aria-labelledby="reminder-title" data-testid="reminder">
      <h2 id="reminder-title">No timer running</h2>
      <p role="alert">
        {lastProject
          ? `It is within your working hours. Start ${isolated(lastProject)} again?`
          : 'It is within your working hours. Start a timer on a project below.'}
      </p>
      <div class="idle-actions">
        {lastProject && (
          <button
            type="button"
            class="primary"
            aria-label={`Start last: ${lastProject}`}
            disabled={action.busy}
            onClick={() => answer('start-last')}
          >
            Start last
          </button>
        )}
        <button type="button" disabled={action.busy} onClick={() => answer('snooze')}>
          Snooze 30 min
        </button>
        <button type="button" disabled={action.busy} onClick={() => answer('dismiss')}>
          Dismiss
        </button>
      </div>
      <ErrorLine error={action.error} testId="reminder-error" />
    </section>
  );
}
