// A timer left running on another account, one line each: "Website is running on Work · Switch".
// Switching makes that account the open one (and the default), where its timer can be paused.

import type { StintBridge } from '../../common/contract';
import type { OtherAccountTimerView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

export function OtherAccountTimers({ timers, bridge }: { timers: OtherAccountTimerView[]; bridge: StintBridge }) {
  const action = useAction();
  const running = timers.filter((t) => t.state === 'running');
  if (running.length === 0) return null;
  return (
    <section class="panel" aria-label="Timers on other accounts">
      {running.map((t) => (
        <p class="notice" key={`${t.accountId}:${t.projectName}`} data-testid="other-account-timer">
          <span class="notice-message">
            {t.projectName} is running on {t.accountLabel}
          </span>{' '}
          <button
            type="button"
            disabled={action.busy}
            aria-label={`Switch to ${t.accountLabel}`}
            onClick={() => void action.run(() => bridge.setDefaultAccount({ accountId: t.accountId }))}
          >
            Switch
          </button>
        </p>
      ))}
      <ErrorLine error={action.error} />
    </section>
  );
}
