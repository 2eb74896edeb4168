// The window: header with status, notices, anything that failed to save, timers, quick entry, today;
// or, on the #week route, the week view in their place.

import type { StintBridge } from '../../common/contract';
import type { Snapshot } from '../../common/snapshot';
import { TimeFormatContext } from '../timeFormat';
import { useConnected, useSnapshot, type Connection } from '../hooks';
import { AccountSwitcher } from './AccountSwitcher';
import { ConnectionProblem } from './ConnectionProblem';
import { FailedOperations } from './FailedOperations';
import { IdlePrompt } from './IdlePrompt';
import { Notices } from './Notices';
import { OtherAccountTimers } from './OtherAccountTimers';
import { QuickEntry } from './QuickEntry';
import { ReminderBar } from './ReminderBar';
import { useTheme } from '../app/theme';
import { SyncStatus } from './SyncStatus';
import { Timers } from './Timers';
import { Today } from './Today';
import { UndoBar } from './UndoBar';
import { UpdateLine } from './UpdateLine';
import { useRoute } from '../app/route';
import { useShowWeekCommand } from './week/command';
import { WeekPanel } from './week/WeekPanel';
import { useQuickEntryKey } from '../windowKeys';
import { t } from '../app/words';

export function App({ bridge, connection }: { bridge: StintBridge; connection?: Connection }) {
  const { snapshot, error } = useSnapshot(bridge);
  const connected = useConnected(connection);
  useTheme(snapshot?.settings.theme);
  const onWeek = useRoute() === 'week';
  useShowWeekCommand(bridge);
  useQuickEntryKey(bridge);

  if (!snapshot) {
    return (
      <main class="app loading" aria-busy="true">
        <p role="status">
          {error ? (error.words ? t(error.words.id, error.words.values) : error.message) : t('window-common.loading')}
        </p>
      </main>
    );
  }
  return (
    <TimeFormatContext.Provider value={snapshot.timeFormat}>
      <AppView snapshot={snapshot} bridge={bridge} connected={connected} onWeek={onWeek} />
    </TimeFormatContext.Provider>
  );
}

/** The window once the first snapshot is here. */
function AppView({
  snapshot,
  bridge,
  connected,
  onWeek,
}: {
  snapshot: Snapshot;
  bridge: StintBridge;
  connected: boolean;
  onWeek: boolean;
}) {
  return (
    <div class="app">
      <header class="bar window-bar">
        <h1>Stint</h1>
        <AccountSwitcher snapshot={snapshot} bridge={bridge} />
        <SyncStatus snapshot={snapshot} connected={connected} bridge={bridge} />
        <nav class="bar-nav" aria-label={t('window-common.views')}>
          <a class="bar-link" href={onWeek ? '#' : '#week'}>
            {onWeek ? t('window-common.today') : t('window-common.week')}
          </a>
          <a class="bar-link" href="#activity">
            {t('window-common.activity')}
          </a>
          <a class="bar-link" href="#settings">
            {t('window-common.settings')}
          </a>
        </nav>
      </header>
      <main>
        {connected && <ConnectionProblem snapshot={snapshot} />}
        <IdlePrompt idle={snapshot.idle} bridge={bridge} />
        <ReminderBar reminder={snapshot.reminder} bridge={bridge} />
        <UpdateLine update={snapshot.update} bridge={bridge} />
        <Notices notices={snapshot.notices} bridge={bridge} />
        <UndoBar undo={snapshot.undo} bridge={bridge} />
        <OtherAccountTimers timers={snapshot.otherAccountTimers} bridge={bridge} />
        <FailedOperations
          failed={snapshot.outbox.failed}
          projects={snapshot.projects}
          bridge={bridge}
          today={snapshot.today.date}
        />
        {onWeek ? (
          <WeekPanel {...snapshot} bridge={bridge} />
        ) : (
          <>
            <Timers snapshot={snapshot} bridge={bridge} />
            <QuickEntry
              projects={snapshot.projects}
              recentProjectIds={snapshot.recentProjectIds}
              today={snapshot.today.date}
              operations={snapshot.operations}
              bridge={bridge}
            />
            <Today
              today={snapshot.today}
              timers={snapshot.timers}
              projects={snapshot.projects}
              bridge={bridge}
              events={snapshot.calendar.today}
            />
          </>
        )}
      </main>
    </div>
  );
}
