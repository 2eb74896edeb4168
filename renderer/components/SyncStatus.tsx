// The header's status: online or offline, how many operations wait in the outbox, and a refresh.
// An account just opened shows what was last read (kept on disk) and has not synced: it says
// "Reading…" until a read of this open lands, never "Synced", and offline it says how old what it
// shows is ("Offline · last read 10:42", in the window's one clock style).

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
      : !snapshot.readSinceOpen
        ? 'reading'
        : failed.length > 0
          ? 'failed'
          : pending > 0
            ? 'syncing'
            : 'online';
  const lastRead = snapshot.lastSyncAt === null ? '' : ` · last read ${dates.when(snapshot.lastSyncAt, Date.now())}`;
  const words = {
    disconnected: 'Reconnecting…',
    offline: `${pending > 0 ? `Offline · ${pending} waiting` : 'Offline'}${lastRead}`,
    reading: `Reading…${lastRead}`,
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
