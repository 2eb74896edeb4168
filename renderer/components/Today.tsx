// Today's entries, newest as the service orders them, with the day's total in the heading: the
// running timer's time counted in and said so, as the week view counts it (common/todayTotal.ts).
// Each entry can be edited in place (an inline form, as a failed change is), deleted (even before
// it was sent), and continued; one moved to another day says where it went.

import type { StintBridge } from '../../common/contract';
import { useState } from 'preact/hooks';
import type { ProjectView, Snapshot, TimerView } from '../../common/snapshot';
import { todayTotal } from '../../common/todayTotal';
import { useNow } from '../hooks';
import { CalendarEvents } from './CalendarEvents';
import { useMinutes } from '../timeFormat';
import { EntryRow } from './EntryRow';
import { t } from '../app/words';
import { withTimerWords } from './todayWords';
import { shortDay } from '../dateTime';

interface Props {
  today: Snapshot['today'];
  /** The running one's time counts in the total. */
  timers: readonly TimerView[];
  projects: ProjectView[];
  bridge: StintBridge;
  /** Today's calendar events not logged yet (Snapshot.calendar.today). */
  events?: Snapshot['calendar']['today'];
}

export function Today({ today, timers, projects, bridge, events = [] }: Props) {
  const now = useNow(timers.some((t) => t.state === 'running'));
  const total = todayTotal(today.totalMinutes, timers, now);
  const formatMinutes = useMinutes();
  const timerWords = withTimerWords(total.timerProject);
  // An entry moved to another day leaves this list: where it went is said here.
  const [moved, setMoved] = useState<string | null>(null);
  return (
    <section class="panel" aria-labelledby="today-heading" data-testid="today">
      <h2 id="today-heading" class="split">
        <span>{t('window-today.title')}</span>
        <span class="total">
          <span data-testid="today-total" data-logged-minutes={today.totalMinutes}>
            {formatMinutes(total.minutes)}
          </span>
          {timerWords && (
            <span class="total-label" data-testid="today-total-label">
              {' '}
              {timerWords}
            </span>
          )}
        </span>
      </h2>
      {moved && (
        // Focusable: the focus comes here once the moved entry's row has left (EntryRow).
        <p class="done" role="status" data-testid="today-moved" tabIndex={-1}>
          {t('window-today.moved', { day: shortDay(moved, today.date) })}
        </p>
      )}
      <CalendarEvents events={events} projects={projects} today={today.date} bridge={bridge} />
      {today.entries.length === 0 ? (
        <p class="empty">{t('window-today.empty')}</p>
      ) : (
        <ul class="entries" aria-label={t('window-today.entries')}>
          {today.entries.map((entry) => (
            <EntryRow
              key={entry.key}
              entry={entry}
              projects={projects}
              bridge={bridge}
              today={today.date}
              onMoved={setMoved}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
