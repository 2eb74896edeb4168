// A timer left running on another account, one line each: "Website is running on Work · Switch".
// Switching makes that account the open one (and the default), where its timer can be paused.

import type { StintBridge } from '../../common/contract';
import type { OtherAccountTimerView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';
import { t } from '../app/words';
import { isolated } from '../../common/bidi';
import { Said } from './Said';

export function OtherAccountTimers({ timers, bridge }: { timers: OtherAccountTimerView[]; bridge: StintBridge }) {
  const action = useAction();
  const running = timers.filter((timer) => timer.state === 'running');
  if (running.length === 0) return null;
  return (
    <section class="panel" aria-label={t('window-timers.otherAccounts')}>
      {running.map((timer) => (
        <p class="notice" key={`${timer.accountId}:${timer.projectName}`} data-testid="other-account-timer">
          <span class="notice-message">
            <Said
              id={'window-timers.runningOnAccount'}
              values={{ name: timer.projectName, account: timer.accountLabel }}
            />
          </span>{' '}
          <button
            type="button"
            disabled={action.busy}
            aria-label={t('window-timers.switchToNamed', { account: isolated(timer.accountLabel) })}
            onClick={() => void action.run(() => bridge.setDefaultAccount({ accountId: timer.accountId }))}
          >
            {t('window-timers.switch')}
          </button>
        </p>
      ))}
      <ErrorLine error={action.error} />
    </section>
  );
}
