// The week's per-day totals as bars, in plain SVG. The picture is for the eye: the same totals are
// the day buttons' text (WeekDays), so screen readers get them once, as words.

import { formatMinutes } from '../../../common/format';
import { projectColorLook } from '../../../common/projectColor';
import type { WeekDayView, WeekProjectView } from '../../../common/snapshot';
import { ringClasses } from '../ProjectDot';
import { daySegments } from './barSegments';
import { dayLabel } from './days';

const WIDTH = 280;
const HEIGHT = 90;
const LABEL = 16;
const GAP = 8;

export function WeekChart({
  days,
  today,
  projects = [],
}: {
  days: readonly WeekDayView[];
  today: string;
  /** The week's projects: each day's bar is split into their colours (barSegments.ts). */
  projects?: readonly WeekProjectView[];
}) {
  // At least an hour high, so a short day does not fill the chart.
  const most = Math.max(60, ...days.map((d) => d.totalMinutes));
  const bar = (WIDTH - GAP * (days.length - 1)) / days.length;
  return (
    <svg
      class="week-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL}`}
      aria-hidden="true"
      focusable="false"
      data-testid="week-chart"
    >
      {days.map((d, i) => {
        const h = Math.round((d.totalMinutes / most) * HEIGHT);
        const x = i * (bar + GAP);
        return (
          <g key={d.date} class={d.date === today ? 'week-bar today' : 'week-bar'}>
            <rect x={x} y={HEIGHT - h} width={bar} height={Math.max(h, 1)} rx={2}>
              <title>{`${dayLabel(d.date)}: ${formatMinutes(d.totalMinutes)}`}</title>
            </rect>
            <BarSegments day={d} projects={projects} x={x} width={bar} most={most} />
            <text x={x + bar / 2} y={HEIGHT + LABEL - 3} text-anchor="middle">
              {dayLabel(d.date).slice(0, 2)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The day's minutes per project, stacked from the bottom of its bar in the projects' colours. */
function BarSegments({
  day,
  projects,
  x,
  width,
  most,
}: {
  day: WeekDayView;
  projects: readonly WeekProjectView[];
  x: number;
  width: number;
  most: number;
}) {
  let below = 0;
  return (
    <>
      {daySegments(day, projects).map((s) => {
        // From the minutes below it, so rounding leaves no gap between segments.
        const bottom = HEIGHT - Math.round((below / most) * HEIGHT);
        below += s.minutes;
        const top = HEIGHT - Math.round((below / most) * HEIGHT);
        const look = projectColorLook(s.color);
        return (
          <rect
            key={s.projectName ?? ''}
            class={`week-segment${ringClasses(look.ring)}`}
            data-project={s.projectName ?? ''}
            style={look.color ? { '--dot': look.color } : undefined}
            x={x}
            y={top}
            width={width}
            height={bottom - top}
          />
        );
      })}
    </>
  );
}
