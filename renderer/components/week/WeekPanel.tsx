// The week view: the shown week's per-day bars, its days (each opening to its entries), and its
// minutes per project. Today's row counts the running timer's time, as the Today panel does
// (common/todayTotal.ts), and the week's total is the sum of its rows, so it counts it too. Previous, next and this
// week by buttons, or by ArrowLeft, ArrowRight and T wherever the focus is while the view shows
// (text fields aside; renderer/windowKeys.ts).

import type { StintBridge } from '../../../common/contract';
import type { Snapshot, WeekDayView } from '../../../common/snapshot';
import { type TodayTotal, todayTotal } from '../../../common/todayTotal';
import { addDays } from '../../../common/week';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ActionError } from '../../../common/result';
import { useNow } from '../../hooks';
import { useWindowKey } from '../../windowKeys';
import { useMinutes } from '../../timeFormat';
import { ErrorLine } from '../ErrorLine';
import { ExportCsv } from '../ExportCsv';
import { weekLabel } from './days';
import { WeekChart } from './WeekChart';
import { WeekDays } from './WeekDays';
import { WeekProjects } from './WeekProjects';
import { t } from '../../app/words';
import { withTimerWords } from '../todayWords';

type Props = Pick<Snapshot, 'week' | 'today' | 'timers' | 'projects' | 'exporting'> & {
  bridge: StintBridge;
  /** The week's calendar events not logged (Snapshot.calendar.week). */
  calendar?: Snapshot['calendar'];
};

export function WeekPanel({ week, today, timers, projects, exporting, bridge, calendar }: Props) {
  const { error, previous, next, current } = useWeekNavigation(week.start, bridge);
  const running = timers.find((t) => t.state === 'running');
  const now = useNow(running !== undefined);
  const total = todayTotal(today.totalMinutes, timers, now);
  const formatMinutes = useMinutes();
  const days = withTodayTotal(week.days, today.date, total);
  const weekMinutes = days.reduce((sum, d) => sum + d.totalMinutes, 0);
  const timerWords = withTimerWords(total.timerProject);
  const countsTimer = timerWords !== null && week.days.some((d) => d.date === today.date);

  const status = week.stale
    ? week.loaded
      ? t('window-week.offlineRead')
      : t('window-week.offlineUnread')
    : week.loaded
      ? ''
      : t('window-week.reading');

  return (
    <section class="panel week" aria-labelledby="week-heading" data-testid="week">
      <h2 id="week-heading" class="split">
        <span>
          {week.isCurrent ? t('window-week.thisWeekTitle') : t('window-week.weekTitle')}{' '}
          <span class="week-range">{weekLabel(week.start, week.end)}</span>
        </span>
        <span class="total">
          <span data-testid="week-total">{formatMinutes(weekMinutes)}</span>
          {countsTimer && <span class="total-label"> {timerWords}</span>}
        </span>
      </h2>
      <nav class="week-nav" aria-label={t('window-week.weeks')}>
        <button type="button" onClick={previous} aria-keyshortcuts="ArrowLeft">
          {t('window-week.previous')}
        </button>
        <button type="button" onClick={current} aria-keyshortcuts="T" disabled={week.isCurrent}>
          {t('window-week.thisWeek')}
        </button>
        <button type="button" onClick={next} aria-keyshortcuts="ArrowRight">
          {t('window-week.next')}
        </button>
      </nav>
      <ErrorLine error={error} />
      <p class="week-status" role="status" data-testid="week-status">
        {status}
      </p>
      <p class="week-today">
        {t('window-week.todayLine')} <span data-testid="week-today-total">{formatMinutes(total.minutes)}</span>
        {timerWords ? ` ${timerWords}` : ''}
      </p>
      <WeekChart days={days} today={today.date} projects={week.projects} />
      <WeekDays
        key={week.start}
        days={days}
        today={today.date}
        todayTimer={total.timerProject}
        projects={projects}
        bridge={bridge}
        calendarEvents={calendar?.week}
      />
      <WeekProjects projects={week.projects} />
      <ExportCsv
        key={week.start}
        today={today.date}
        initial={{ from: week.start, to: week.end }}
        exporting={exporting}
        bridge={bridge}
      />
    </section>
  );
}

/**
 * Previous, next and this week, by the buttons or by ArrowLeft, ArrowRight and T outside text fields.
 * Each press counts from the week last asked for, so presses faster than the core answers all
 * count; the buttons never disable for it (a disabled button would drop the focus to the page).
 */
function useWeekNavigation(weekStart: string, bridge: StintBridge) {
  const [error, setError] = useState<ActionError | null>(null);
  // The week last asked for (null: this week, until the core says which that is).
  const asked = useRef<string | null>(weekStart);
  const latest = useRef(0);
  const answered = useRef(0);
  // The week shown changed by other means (the tray's "This week…"): follow it, unless a press is
  // still on its way (a shown week older than that press must not undo it).
  useEffect(() => {
    if (answered.current === latest.current) asked.current = weekStart;
  }, [weekStart]);
  const show = (weekOf: string | null) => {
    asked.current = weekOf;
    const request = ++latest.current;
    void bridge.showWeek({ weekOf }).then((result) => {
      answered.current = Math.max(answered.current, request);
      if (request !== latest.current) return;
      setError(result.ok ? null : result.error);
      if (result.ok && result.value) asked.current = result.value.start;
    });
  };
  const previous = () => show(addDays(asked.current ?? weekStart, -7));
  const next = () => show(addDays(asked.current ?? weekStart, 7));
  const current = () => show(null);

  useWindowKey((key) => {
    if (key === 'ArrowLeft') previous();
    else if (key === 'ArrowRight') next();
    else if (key === 't' || key === 'T') current();
    else return false;
    return true;
  });
  return { error, previous, next, current };
}

/** The week's days with today's total as the Today panel counts it (the running timer's time in). */
function withTodayTotal(days: readonly WeekDayView[], today: string, total: TodayTotal): readonly WeekDayView[] {
  if (total.timerMinutes === 0) return days;
  return days.map((d) => (d.date === today ? { ...d, totalMinutes: d.totalMinutes + total.timerMinutes } : d));
}
