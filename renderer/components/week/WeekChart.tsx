// The week's per-day totals as bars, in plain SVG. The picture is for the eye: the same totals are
// the day buttons' text (WeekDays), so screen readers get them once, as words.

import type { WeekDayView } from '../../../common/snapshot';
import { useMinutes } from '../../timeFormat';
import { dayLabel } from './days';

const WIDTH = 280;
const HEIGHT = 90;
const LABEL = 16;
const GAP = 8;

export function WeekChart({ days, today }: { days: readonly WeekDayView[]; today: string }) {
  const formatMinutes = useMinutes();
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
            <text x={x + bar / 2} y={HEIGHT + LABEL - 3} text-anchor="middle">
              {dayLabel(d.date).slice(0, 2)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
