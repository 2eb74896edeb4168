// The week view: the shown week's per-day bars, its days (each opening to its entries), and its
// minutes per project. Today's row counts the running timer's time, as the Today panel does
// (common/todayTotal.ts), and the week's total is the sum of its rows, so it counts it too. Previous, next and this
// week by buttons, or by ArrowLeft, ArrowRight and T anywhere in the view but a text field.

import type { StintBridge } from '../../../common/contract';
import type { Snapshot, WeekDayView } from '../../../common/snapshot';
import { type TodayTotal, todayTotal } from '../../../common/todayTotal';
import { addDays } from '../../../common/week';
import { useAction, useNow } from '../../hooks';
import { useMinutes } from '../../timeFormat';
import { ErrorLine } from '../ErrorLine';
import { ExportCsv } from '../ExportCsv';
import { weekLabel } from './days';
import { WeekChart } from './WeekChart';
import { WeekDays } from './WeekDays';
import { WeekProjects } from './WeekProjects';

type Props = Pick<Snapshot, 'week' | 'today' | 'timers' | 'projects' | 'exporting'> & { bridge: StintBridge };

export function WeekPanel({ week, today, timers, projects, exporting, bridge }: Props) {
  const { action, previous, next, current, onKeyDown } = useWeekNavigation(week.start, bridge);
  const running = timers.find((t) => t.state === 'running');
  const now = useNow(running !== undefined);
  const total = todayTotal(today.totalMinutes, timers, now);
  const formatMinutes = useMinutes();
  const days = withTodayTotal(week.days, today.date, total);
  const weekMinutes = days.reduce((sum, d) => sum + d.totalMinutes, 0);
  const countsTimer = total.label !== null && week.days.some((d) => d.date === today.date);

  const status = week.stale
    ? week.loaded
      ? 'Offline: as last read, with your unsent changes.'
      : 'Offline: this week was not read yet; only your unsent changes show.'
    : week.loaded
      ? ''
      : 'Reading the week from the service…';

  return (
    <section class="panel week" aria-labelledby="week-heading" data-testid="week" onKeyDown={onKeyDown}>
      <h2 id="week-heading" class="split">
        <span>
          {week.isCurrent ? 'This week' : 'Week'} <span class="week-range">{weekLabel(week.start, week.end)}</span>
        </span>
        <span class="total">
          <span data-testid="week-total">{formatMinutes(weekMinutes)}</span>
          {countsTimer && <span class="total-label"> ({total.label})</span>}
        </span>
      </h2>
      <nav class="week-nav" aria-label="Weeks">
        <button type="button" onClick={previous} aria-keyshortcuts="ArrowLeft" disabled={action.busy}>
          ← Previous week
        </button>
        <button type="button" onClick={current} aria-keyshortcuts="T" disabled={action.busy || week.isCurrent}>
          This week
        </button>
        <button type="button" onClick={next} aria-keyshortcuts="ArrowRight" disabled={action.busy}>
          Next week →
        </button>
      </nav>
      <ErrorLine error={action.error} />
      <p class="week-status" role="status" data-testid="week-status">
        {status}
      </p>
      <p class="week-today">
        Today <span data-testid="week-today-total">{formatMinutes(total.minutes)}</span>
        {total.label ? ` (${total.label})` : ''}
      </p>
      <WeekChart days={days} today={today.date} />
      <WeekDays
        key={week.start}
        days={days}
        today={today.date}
        todayLabel={total.label}
        projects={projects}
        bridge={bridge}
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

/** Previous, next and this week, by the buttons or by ArrowLeft, ArrowRight and T outside text fields. */
function useWeekNavigation(weekStart: string, bridge: StintBridge) {
  const action = useAction();
  const show = (weekOf: string | null) => void action.run(() => bridge.showWeek({ weekOf }));
  const previous = () => show(addDays(weekStart, -7));
  const next = () => show(addDays(weekStart, 7));
  const current = () => show(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (event.altKey || event.ctrlKey || event.metaKey || target?.closest('input, textarea, select, form')) return;
    const key = event.key;
    if (key === 'ArrowLeft') previous();
    else if (key === 'ArrowRight') next();
    else if (key === 't' || key === 'T') current();
    else return;
    event.preventDefault();
  };
  return { action, previous, next, current, onKeyDown };
}

/** The week's days with today's total as the Today panel counts it (the running timer's time in). */
function withTodayTotal(days: readonly WeekDayView[], today: string, total: TodayTotal): readonly WeekDayView[] {
  if (total.timerMinutes === 0) return days;
  return days.map((d) => (d.date === today ? { ...d, totalMinutes: d.totalMinutes + total.timerMinutes } : d));
}
