// The week's days, each a button with its total that opens to its entries, with the same Edit,
// Delete and Continue as today's (EntryRow.tsx). Today's day starts open.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import type { ProjectView, WeekDayView } from '../../../common/snapshot';
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
}

export function WeekDays({ days, today, todayLabel = null, projects, bridge }: Props) {
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
                {day.entries.length === 0 ? (
                  <p class="empty">Nothing logged.</p>
                ) : (
                  <ul class="entries" aria-label={`Entries of ${dayLabel(day.date)}`}>
                    {day.entries.map((entry) => (
                      <EntryRow
                        key={entry.key}
                        entry={entry}
                        projects={projects}
                        bridge={bridge}
                        testId="week-entry"
                        today={today}
                      />
                    ))}
                  </ul>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
