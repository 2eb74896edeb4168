// The app's own update (main/core/desktop/updates/, laid over the snapshot by main/shell/updater.ts):
// a quiet line while it downloads, then "Restart to update" once it is downloaded and verified.
// Nothing while Stint looks, nor when a look failed: a feed that is down or a refused file is no
// news for the user (the reason stays in the snapshot's update.reason); the next look tries again.
// The restart puts the outbox away first, as a quit does, and running timers keep running.

import type { StintBridge } from '../../common/contract';
import type { UpdateView } from '../../common/snapshot';
import { t } from '../app/words';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

export function UpdateLine({ update, bridge }: { update: UpdateView | undefined; bridge: StintBridge }) {
  const action = useAction();
  if (update?.state === 'downloading')
    return (
      <p class="update-line" role="status" data-testid="update">
        {t('window-update.downloading', { version: update.version, percent: update.percent / 100 })}
      </p>
    );
  if (update?.state !== 'ready') return null;
  return (
    <section class="panel update-line" aria-label={t('window-update.label')} data-testid="update">
      <p role="status">{t('window-update.ready', { version: update.version })}</p>
      <button
        type="button"
        class="primary"
        disabled={action.busy}
        onClick={() => void action.run(() => bridge.restartToUpdate({}))}
      >
        {t('window-update.restart')}
      </button>
      <ErrorLine error={action.error} testId="update-error" />
    </section>
  );
}
