// The app's own update (main/core/desktop/updates/, laid over the snapshot by main/shell/updater.ts):
// a quiet line while it downloads, then "Restart to update" once it is downloaded and verified.
// Nothing while Stint looks, nor when a look failed: a feed that is down or a refused file is no
// news for the user (the reason stays in the snapshot's update.reason); the next look tries again.
// The restart puts the outbox away first, as a quit does, and running timers keep running.

import type { StintBridge } from '../../common/contract';
import type { UpdateView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

export function UpdateLine({ update, bridge }: { update: UpdateView | undefined; bridge: StintBridge }) {
  const action = useAction();
  if (update?.state === 'downloading')
    return (
      <p class="update-line" role="status" data-testid="update">
        Downloading Stint {update.version}… {update.percent}%
      </p>
    );
  if (update?.state !== 'ready') return null;
  return (
    <section class="panel update-line" aria-label="Update" data-testid="update">
      <p role="status">Stint {update.version} is ready. Your timers keep running across the restart.</p>
      <button
        type="button"
        class="primary"
        disabled={action.busy}
        onClick={() => void action.run(() => bridge.restartToUpdate({}))}
      >
        Restart to update
      </button>
      <ErrorLine error={action.error} testId="update-error" />
    </section>
  );
}
