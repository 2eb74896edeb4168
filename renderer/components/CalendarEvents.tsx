// Today's calendar events not logged yet (Snapshot.calendar.today; main/core/calendars/). "Log"
// (a click, or Enter on it) opens the event's quick-entry line, "9:00-10:00 @Acme #meeting Weekly
// sync", previewed with the minutes it will be stored as; Enter logs it through the outbox as
// quick entry does (the same call), Escape closes it. Once logged, the event leaves the list and
// the next one's Log has the focus, so a day of meetings is rebuilt two keys at a time. Dismiss
// leaves an occurrence out for good.

import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { logPreviewText } from '../calendarLine';
import { looksLikeDay } from '../../common/dayWords';
import { parseQuickEntry } from '../../common/quickEntry';
import type { CalendarEventView, ProjectView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { byData, focusWhenShown } from '../focusAfter';
import { useMinutes } from '../timeFormat';
import { t } from '../app/words';
import { ErrorLine } from './ErrorLine';

interface Props {
  events: readonly CalendarEventView[];
  projects: readonly ProjectView[];
  /** Local YYYY-MM-DD (Snapshot.today.date). */
  today: string;
  bridge: StintBridge;
  /** Tells one list from another on a page (the week view has one per day). */
  id?: string;
}

export function CalendarEvents({ events, projects, today, bridge, id = 'calendar-events' }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // After a log or a dismissal: the position whose Log takes the focus once the event has left.
  const [focusAt, setFocusAt] = useState<{ index: number; gone: string } | null>(null);
  useEffect(() => {
    if (!focusAt || events.some((e) => e.key === focusAt.gone)) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-log]') ?? [];
    buttons[Math.min(focusAt.index, buttons.length - 1)]?.focus();
    setFocusAt(null);
  }, [events, focusAt]);

  if (events.length === 0) return null;
  const done = (event: CalendarEventView, index: number) => {
    setOpen(null);
    setFocusAt({ index, gone: event.key });
  };
  return (
    <section class="calendar-events" aria-labelledby={`${id}-heading`} data-testid="calendar-events">
      <h3 id={`${id}-heading`}>{t('window-calendars.from-calendar')}</h3>
      <ul class="entries" ref={list}>
        {events.map((event, index) => (
          <EventRow
            key={event.key}
            event={event}
            open={open === event.key}
            onOpen={() => setOpen(event.key)}
            onClose={() => {
              setOpen(null);
              // Escape: back to the event's Log, not to the page's start (issue 27 item 15).
              focusWhenShown(() =>
                byData('li.calendar-event', 'key', event.key)?.querySelector<HTMLElement>('button[data-log]'),
              );
            }}
            onDone={() => done(event, index)}
            projects={projects}
            today={today}
            bridge={bridge}
          />
        ))}
      </ul>
    </section>
  );
}

interface RowProps {
  event: CalendarEventView;
  open: boolean;
  onOpen(): void;
  onClose(): void;
  /** Logged or dismissed: it leaves the list. */
  onDone(): void;
  projects: readonly ProjectView[];
  today: string;
  bridge: StintBridge;
}

function EventRow({ event, open, onOpen, onClose, onDone, projects, today, bridge }: RowProps) {
  const dismiss = useAction();
  const when = event.allDay ? t('window-calendars.all-day') : lineTime(event.line);
  return (
    <li class="entry calendar-event" data-testid="calendar-event" data-key={event.key}>
      <span class="entry-time">{when}</span>
      <span class="entry-text clamp" title={event.title}>
        {event.title}
      </span>
      {open ? (
        <EventLine event={event} projects={projects} today={today} bridge={bridge} onClose={onClose} onDone={onDone} />
      ) : (
        <>
          <button
            type="button"
            class="entry-button"
            data-log
            aria-label={t('window-calendars.log-label', { title: event.title })}
            onClick={onOpen}
          >
            {t('window-calendars.log')}
          </button>{' '}
          <button
            type="button"
            class="entry-button"
            aria-label={t('window-calendars.dismiss-label', { title: event.title })}
            disabled={dismiss.busy}
            onClick={async () => {
              const result = await dismiss.run(() => bridge.dismissCalendarEvent({ key: event.key }));
              if (result?.ok) onDone();
            }}
          >
            {t('window-calendars.dismiss')}
          </button>
          <ErrorLine error={dismiss.error} />
        </>
      )}
    </li>
  );
}

/** The time range a meeting's line logs, after the day word a week's line starts with. */
function lineTime(line: string): string {
  const [first = '', second = ''] = line.split(' ');
  return looksLikeDay(first) ? second : first;
}

interface LineProps {
  event: CalendarEventView;
  projects: readonly ProjectView[];
  today: string;
  bridge: StintBridge;
  onClose(): void;
  onDone(): void;
}

/** The event's quick-entry line, editable, with what it will log; Enter logs it, Escape closes it. */
function EventLine({ event, projects, today, bridge, onClose, onDone }: LineProps) {
  const [text, setText] = useState(event.line);
  const action = useAction();
  const input = useRef<HTMLInputElement>(null);
  const minutes = useMinutes();
  const names = useMemo(() => projects.filter((p) => p.enabled).map((p) => p.name), [projects]);
  const parsed = useMemo(() => parseQuickEntry(text, names, today), [text, names, today]);
  useEffect(() => {
    const box = input.current;
    box?.focus();
    // An all-day event's line has no time: the caret waits where it goes.
    if (box && event.allDay) box.setSelectionRange(0, 0);
  }, [event.allDay]);
  const log = async () => {
    const result = await action.run(() => bridge.quickEntry({ text }));
    if (result?.ok) onDone();
  };
  const id = `event-line-${event.key}`;
  return (
    <div class="event-line">
      <label class="label" for={id}>
        {t('window-calendars.log-as', { title: event.title })}
      </label>
      <input
        id={id}
        ref={input}
        data-testid="event-line"
        value={text}
        autocomplete="off"
        spellcheck={false}
        aria-invalid={action.error !== null}
        aria-describedby={`${id}-preview`}
        readOnly={action.busy}
        onInput={(e) => {
          setText(e.currentTarget.value);
          action.clear();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void log();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onClose();
          }
        }}
      />
      <p class="hint" id={`${id}-preview`} data-testid="event-preview" aria-live="polite">
        {logPreviewText(parsed, projects, minutes)}
      </p>
      <ErrorLine error={action.error} />
    </div>
  );
}
