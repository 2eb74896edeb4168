// The header's status: online or offline, how many operations wait in the outbox, and a refresh.

import type { StintBridge } from '../../common/contract';
import type { Snapshot } from '../../common/snapshot';
import { useAction } from '../hooks';
import { type DateTimeWords, useDateTime } from '../dateTime';

export function SyncStatus({
  snapshot,
  connected,
  bridge,
}: {
  snapshot: Snapshot;
  connected: boolean;
  bridge: StintBridge;
}) {
  const refresh = useAction();
  const dates = useDateTime();
  const { pending, failed } = snapshot.outbox;
  const state = !connected
    ? 'disconnected'
    : !snapshot.online
      ? 'offline'
      : failed.length > 0
        ? 'failed'
        : pending > 0
          ? 'syncing'
          : 'online';
  const words = {
    disconnected: 'Reconnecting…',
    offline: pending > 0 ? `Offline · ${pending} waiting` : 'Offline',
    failed: `${failed.length} not saved`,
    syncing: `${pending} syncing`,
    online: 'Synced',
  }[state];
  return (
    <div class="status">
      <span
        class={`pill ${state}`}
        role="status"
        data-testid="sync-status"
        data-state={state}
        title={
          state === 'offline' && snapshot.connectionProblem
            ? snapshot.connectionProblem.message
            : refreshTitle(snapshot.lastSyncAt, dates)
        }
      >
        {words}
        {state === 'offline' && failed.length > 0 && <span class="count"> · {failed.length} not saved</span>}
      </span>
      <button
        type="button"
        class="icon"
        aria-label="Refresh"
        title={refresh.error?.message ?? 'Refresh'}
        disabled={refresh.busy}
        onClick={() => refresh.run(() => bridge.refresh({}))}
      >
        ↻
      </button>
    </div>
  );
}

function refreshTitle(lastSyncAt: number | null, dates: DateTimeWords): string {
  return lastSyncAt
    ? `Last read from the service at ${dates.clockWithSeconds(lastSyncAt)}`
    : 'Not read from the service yet';
}
