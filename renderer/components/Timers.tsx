// The timers: the running one on top with its live time, the paused ones under it, and the form
// that starts a new one.

import type { StintBridge } from '../../common/contract';
import { billingIncrement } from '../../common/minutes';
import type { Snapshot, TimerView } from '../../common/snapshot';
import { useNow } from '../hooks';
import { NewTimer } from './NewTimer';
import { TimerCard } from './TimerCard';
import { t } from '../app/words';

export function Timers({ snapshot, bridge }: { snapshot: Snapshot; bridge: StintBridge }) {
  const running = snapshot.timers.filter((t) => t.state === 'running');
  const others = snapshot.timers.filter((t) => t.state !== 'running');
  const now = useNow(running.length > 0);
  // The same lookup main logs with (main/core/calls/decisions.ts Decisions.incrementOf).
  const increment = (projectId: number) => billingIncrement(snapshot.projects.find((p) => p.id === projectId));

  const card = (t: TimerView) => (
    <TimerCard key={t.projectId} timer={t} now={now} billingIncrement={increment(t.projectId)} bridge={bridge} />
  );

  return (
    <section class="panel" aria-labelledby="timers-heading" data-testid="timers">
      <h2 id="timers-heading">{t('window-timers.heading')}</h2>
      {running.length > 0 && (
        <ul class="timers running-list" aria-label={t('window-timers.running')} data-testid="running-timers">
          {running.map(card)}
        </ul>
      )}
      {others.length > 0 && (
        <ul class="timers" aria-label={t('window-timers.paused')} data-testid="paused-timers">
          {others.map(card)}
        </ul>
      )}
      {snapshot.timers.length === 0 && <p class="empty">{t('window-timers.none')}</p>}
      <NewTimer projects={snapshot.projects} recentProjectIds={snapshot.recentProjectIds} bridge={bridge} />
    </section>
  );
}
