// The header's status: online or offline, how many operations wait in the outbox, and a refresh.
// An account just opened shows what was last read (kept on disk) and has not synced: it says
// "Reading…" until a read of this open lands, never "Synced", and offline it says how old what it
// shows is ("Offline · last read 10:42", in the window's one clock style).

import type { StintBridge } from '../../common/contract';
import type { Snapshot } from '../../common/snapshot';
import { useAction } from '../hooks';
import { type DateTimeWords, useDateTime } from '../dateTime';
import { t } from '../app/words';

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
  // "last read 10:42" when something was read: a select, so each language places it in its sentence.
  const read =
    snapshot.lastSyncAt === null
      ? { read: 'never', when: '' }
      : { read: 'yes', when: dates.when(snapshot.lastSyncAt, Date.now()) };
  const words = {
    disconnected: () => t('window-sync.reconnecting'),
    offline: () => t('window-sync.offline', { pending, ...read }),
    reading: () => t('window-sync.reading', read),
    failed: () => t('window-sync.not-saved', { count: failed.length }),
    syncing: () => t('window-sync.syncing', { count: pending }),
    online: () => t('window-sync.synced'),
  }[state]();
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
        {state === 'offline' && failed.length > 0 && (
          <span class="count"> · {t('window-sync.not-saved', { count: failed.length })}</span>
        )}
      </span>
      <button
        type="button"
        class="icon"
        aria-label={t('window-sync.refresh')}
        title={
          refresh.error
            ? refresh.error.words
              ? t(refresh.error.words.id, refresh.error.words.values)
              : refresh.error.message
            : t('window-sync.refresh')
        }
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
    ? t('window-sync.last-read-at', { time: dates.clockWithSeconds(lastSyncAt) })
    : t('window-sync.not-read');
}
