// The week view: the shown week's per-day bars, its days (each opening to its entries), and its
// minutes per project; today's total counts the running timer's time. Previous, next and this
// week by buttons, or by ArrowLeft, ArrowRight and T anywhere in the view but a text field.

import type { StintBridge } from '../../../common/contract';
import { formatMinutes } from '../../../common/format';
import { liveSeconds } from '../../../common/liveSeconds';
import type { Snapshot } from '../../../common/snapshot';
import { addDays } from '../../../common/week';
import { useAction, useNow } from '../../hooks';
import { ErrorLine } from '../ErrorLine';
import { ExportCsv } from '../ExportCsv';
import { weekLabel } from './days';
import { WeekChart } from './WeekChart';
import { WeekDays } from './WeekDays';
import { WeekProjects } from './WeekProjects';

type Props = Pick<Snapshot, 'week' | 'today' | 'timers' | 'projects' | 'exporting'> & { bridge: StintBridge };

export function WeekPanel({ week, today, timers, projects, exporting, bridge }: Props) {
  const action = useAction();
  const running = timers.find((t) => t.state === 'running');
  const now = useNow(running !== undefined);
  const todayMinutes = today.totalMinutes + (running ? Math.floor(liveSeconds(running, now) / 60) : 0);

  const show = (weekOf: string | null) => void action.run(() => bridge.showWeek({ weekOf }));
  const previous = () => show(addDays(week.start, -7));
  const next = () => show(addDays(week.start, 7));
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
        <span class="total" data-testid="week-total">
          {formatMinutes(week.totalMinutes)}
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
        Today <span data-testid="week-today-total">{formatMinutes(todayMinutes)}</span>
        {running ? ` (with ${running.projectName}'s timer)` : ''}
      </p>
      <WeekChart days={week.days} today={today.date} />
      <WeekDays key={week.start} days={week.days} today={today.date} projects={projects} bridge={bridge} />
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
