// The week's days, each a button with its total that opens to its entries, with the same Edit,
// Delete and Continue as today's (EntryRow.tsx). Today's day starts open.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import type { CalendarEventView, ProjectView, WeekDayView } from '../../../common/snapshot';
import { memo } from '../../memo';
import { CalendarEvents } from '../CalendarEvents';
import { useMinutes } from '../../timeFormat';
import { EntryRow } from '../EntryRow';
import { dayLabel } from './days';

interface Props {
  days: readonly WeekDayView[];
  today: string;
  /** "with Website's timer" when today's total counts the running timer: said on today's row. */
  todayLabel?: string | null;
  projects: ProjectView[];
  bridge: StintBridge;
  /** Each day's calendar events not logged, by date (Snapshot.calendar.week). */
  calendarEvents?: Readonly<Record<string, readonly CalendarEventView[]>> | undefined;
}

export function WeekDays({ days, today, todayLabel = null, projects, bridge, calendarEvents = {} }: Props) {
  const formatMinutes = useMinutes();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set([today]));
  const toggle = (date: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(date)) next.add(date);
      return next;
    });
  return (
    <ul class="week-days" aria-label="Days">
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
              <span>
                {dayLabel(day.date)}
                {day.date === today ? (todayLabel ? ` (today, ${todayLabel})` : ' (today)') : ''}
              </span>
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
  if (entries.length === 0) return <p class="empty">Nothing logged.</p>;
  return (
    <ul class="entries" aria-label={`Entries of ${dayLabel(date)}`}>
      {entries.map((entry) => (
        <EntryRow key={entry.key} entry={entry} projects={projects} bridge={bridge} testId="week-entry" today={today} />
      ))}
    </ul>
  );
});
