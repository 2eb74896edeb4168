// The week's per-day totals as bars, in plain SVG. The picture is for the eye: the same totals are
// the day buttons' text (WeekDays), so screen readers get them once, as words.

import { projectColorLook } from '../../../common/projectColor';
import type { WeekDayView, WeekProjectView } from '../../../common/snapshot';
import { useRef } from 'preact/hooks';
import { memo } from '../../memo';
import { ringClasses } from '../ProjectDot';
import { daySegments } from './barSegments';
import { useMinutes } from '../../timeFormat';
import { dayLabel, dayShort } from './days';
import { t } from '../../app/words';

const WIDTH = 280;
const HEIGHT = 90;
const LABEL = 16;
const GAP = 8;

/** Rendered again only when the days or projects changed (memo.ts). */
export const WeekChart = memo(function WeekChart({
  days,
  today,
  projects = [],
}: {
  days: readonly WeekDayView[];
  today: string;
  /** The week's projects: each day's bar is split into their colours (barSegments.ts). */
  projects?: readonly WeekProjectView[];
}) {
  const formatMinutes = useMinutes();
  // At least an hour high, so a short day does not fill the chart.
  const most = Math.max(60, ...days.map((d) => d.totalMinutes));
  const bar = (WIDTH - GAP * (days.length - 1)) / days.length;
  const palette = usePalette(projects);
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
              <title>
                {t('window-week.barTitle', { day: dayLabel(d.date), minutes: formatMinutes(d.totalMinutes) })}
              </title>
            </rect>
            <BarSegments day={d} palette={palette} x={x} width={bar} most={most} />
            <text x={x + bar / 2} y={HEIGHT + LABEL - 3} text-anchor="middle">
              {dayShort(d.date)}
            </text>
          </g>
        );
      })}
    </svg>
  );
});

/**
 * The day's minutes per project, stacked from the bottom of its bar in the projects' colours. The
 * segments are drawn in minutes, scaled to the bar by their group's transform, so when the
 * chart's scale changes (the week's longest day grew) only that transform changes, and a day
 * whose entries did not change is not rendered again (DaySegments is memo()'d).
 */
function BarSegments({
  day,
  palette,
  x,
  width,
  most,
}: {
  day: WeekDayView;
  palette: readonly Palette[number][];
  x: number;
  width: number;
  most: number;
}) {
  return (
    <g class="week-segments" transform={`translate(${x} ${HEIGHT}) scale(${width} ${-HEIGHT / most})`}>
      <DaySegments entries={day.entries} palette={palette} />
    </g>
  );
}

type Palette = Parameters<typeof daySegments>[1];

const DaySegments = memo(function DaySegments({
  entries,
  palette,
}: {
  entries: WeekDayView['entries'];
  palette: Palette;
}) {
  let below = 0;
  return (
    <>
      {daySegments(entries, palette).map((s) => {
        const look = projectColorLook(s.color);
        const y = below;
        below += s.minutes;
        return (
          <rect
            key={s.projectName ?? ''}
            class={`week-segment${ringClasses(look.ring)}`}
            data-project={s.projectName ?? ''}
            style={look.color ? { '--dot': look.color } : undefined}
            vector-effect="non-scaling-stroke"
            x={0}
            y={y}
            width={1}
            height={s.minutes}
          />
        );
      })}
    </>
  );
});

/**
 * The week's projects' names and colours in their order, the same array while they stay the same
 * (the minutes, which change with every edit, are not part of it), so DaySegments can skip.
 */
function usePalette(projects: readonly WeekProjectView[]): Palette {
  const key = projects.map((p) => `${p.projectName ?? ''}\u0000${p.color ?? ''}`).join('\u0001');
  const kept = useRef<{ key: string; palette: Palette } | null>(null);
  if (kept.current?.key !== key)
    kept.current = { key, palette: projects.map((p) => ({ projectName: p.projectName, color: p.color })) };
  return kept.current.palette;
}
