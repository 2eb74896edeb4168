// Operations the service refused: nothing is dropped silently, so each waits here for the user to
// retry it (after fixing the cause) or discard it.

import type { StintBridge } from '../../common/contract';
import type { FailedOperationView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

export function FailedOperations({ failed, bridge }: { failed: FailedOperationView[]; bridge: StintBridge }) {
  if (failed.length === 0) return null;
  return (
    <section class="panel attention" aria-labelledby="failed-heading" data-testid="failed-operations">
      <h2 id="failed-heading">Not saved</h2>
      <ul class="failed">
        {failed.map((op) => (
          <FailedOperation key={op.id} op={op} bridge={bridge} />
        ))}
      </ul>
    </section>
  );
}

function FailedOperation({ op, bridge }: { op: FailedOperationView; bridge: StintBridge }) {
  const action = useAction();
  return (
    <li data-testid="failed-operation" aria-busy={action.busy}>
      <div class="failed-summary">{op.summary}</div>
      <div class="failed-message">{op.message}</div>
      <div class="actions">
        <button type="button" aria-label={`Retry: ${op.summary}`} onClick={() => action.run(() => bridge.retryOperation({ id: op.id }))}>
          Retry
        </button>
        <button type="button" class="danger" aria-label={`Discard: ${op.summary}`} onClick={() => action.run(() => bridge.discardOperation({ id: op.id }))}>
          Discard
        </button>
      </div>
      <ErrorLine error={action.error} />
    </li>
  );
}
