// The week's days, each a button with its total that opens to its entries, with the same Edit,
// Delete and Continue as today's (EntryRow.tsx). Today's day starts open.

import { useState } from 'preact/hooks';
import { isolated } from '../../../common/bidi';
import type { StintBridge } from '../../../common/contract';
import type { CalendarEventView, ProjectView, WeekDayView } from '../../../common/snapshot';
import { memo } from '../../memo';
import { CalendarEvents } from '../CalendarEvents';
import { useMinutes } from '../../timeFormat';
import { EntryRow } from '../EntryRow';
import { dayLabel } from './days';
import { t } from '../../app/words';

interface Props {
  days: readonly WeekDayView[];
  today: string;
  /** The running timer's project when today's total counts its time: said on today's row ("with Website's timer"). */
  todayTimer?: string | null;
  projects: ProjectView[];
  bridge: StintBridge;
  /** Each day's calendar events not logged, by date (Snapshot.calendar.week). */
  calendarEvents?: Readonly<Record<string, readonly CalendarEventView[]>> | undefined;
}

export function WeekDays({ days, today, todayTimer = null, projects, bridge, calendarEvents = {} }: Props) {
  const formatMinutes = useMinutes();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set([today]));
  const toggle = (date: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(date)) next.add(date);
      return next;
    });
  return (
    <ul class="week-days" aria-label={t('window-week.days')}>
      {days.map((day) => {
        const expanded = open.has(day.date);
        const listId = `week-day-${day.date}`;
        return (
          <li key={day.date} class="week-day" data-testid="week-day" data-date={day.date}>
            <button
              type="button"
              class="week-day-toggle"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => toggle(day.date)}
            >
              <span>{dayName(day.date, today, todayTimer)}</span>
              <span class="total">{formatMinutes(day.totalMinutes)}</span>
            </button>
            {expanded && (
              <div id={listId}>
                <CalendarEvents
                  id={`week-events-${day.date}`}
                  events={calendarEvents[day.date] ?? []}
                  projects={projects}
                  today={today}
                  bridge={bridge}
                />
                <DayEntries date={day.date} entries={day.entries} projects={projects} bridge={bridge} today={today} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A day's entries; rendered again only when they (or the projects) changed, not for another day's change (memo.ts). */
const DayEntries = memo(function DayEntries({
  date,
  entries,
  projects,
  bridge,
  today,
}: {
  date: string;
  entries: WeekDayView['entries'];
  projects: ProjectView[];
  bridge: StintBridge;
  today: string;
}) {
  if (entries.length === 0) return <p class="empty">{t('window-week.dayEmpty')}</p>;
  return (
    <ul class="entries" aria-label={t('window-week.dayEntries', { day: dayLabel(date) })}>
      {entries.map((entry) => (
        <EntryRow key={entry.key} entry={entry} projects={projects} bridge={bridge} testId="week-entry" today={today} />
      ))}
    </ul>
  );
});

/** A day's name on its button, today's saying so, and the running timer its total counts. */
function dayName(date: string, today: string, timer: string | null): string {
  const day = dayLabel(date);
  if (date !== today) return day;
  return timer ? t('window-week.todayWithTimer', { day, project: isolated(timer) }) : t('window-week.today', { day });
}
