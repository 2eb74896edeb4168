// Settings › Calendars: the calendars whose events Today offers to log. An address (Google's
// secret iCal address, an Outlook or Nextcloud published calendar; https://, or webcal://) or the
// path of a local .ics file is read once before it is kept; main keeps it in the keychain and
// shows only a label of its host. Each calendar says when it was last read, or why
// the last read failed (its cached events still show).

import { useDateTime } from '../../dateTime';
import { useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import type { CalendarSourceView } from '../../../common/snapshot';
import { useAction } from '../../hooks';
import { ErrorLine } from '../ErrorLine';

interface Props {
  calendars: readonly CalendarSourceView[];
  bridge: StintBridge;
}

export function CalendarsSection({ calendars, bridge }: Props) {
  const refresh = useAction();
  return (
    <section class="panel" aria-labelledby="settings-calendars" data-testid="settings-calendars">
      <h2 id="settings-calendars">Calendars</h2>
      <p class="hint">
        Today lists your meetings not logged yet, one line each to log. Calendars are read when the window shows, at
        most every 15 minutes, and kept for when you are offline.
      </p>
      {calendars.length > 0 && (
        <ul class="entries" aria-label="Your calendars">
          {calendars.map((c) => (
            <CalendarRow key={c.id} calendar={c} bridge={bridge} />
          ))}
        </ul>
      )}
      {calendars.length > 0 && (
        <p>
          <button
            type="button"
            disabled={refresh.busy}
            onClick={() => void refresh.run(() => bridge.refreshCalendars({}))}
          >
            {refresh.busy ? 'Reading…' : 'Read them now'}
          </button>
        </p>
      )}
      <ErrorLine error={refresh.error} />
      <AddCalendarForm bridge={bridge} />
    </section>
  );
}

function CalendarRow({ calendar, bridge }: { calendar: CalendarSourceView; bridge: StintBridge }) {
  const remove = useAction();
  const dates = useDateTime();
  const read = calendar.readAt ? `read ${dates.when(calendar.readAt, Date.now())}` : 'not read yet';
  return (
    <li class="entry" data-testid="calendar-source">
      <div class="grow">
        <span class="clamp" title={calendar.label}>
          {calendar.label}
        </span>
        <span class="hint">
          {' '}
          · {calendar.events} events, {read}
          {calendar.email ? ` · you are ${calendar.email}` : ''}
        </span>
        {calendar.problem && (
          <p class="error" role="alert">
            {calendar.problem}
          </p>
        )}
      </div>
      <button
        type="button"
        class="entry-button"
        aria-label={`Remove ${calendar.label}`}
        disabled={remove.busy}
        onClick={() => void remove.run(() => bridge.removeCalendar({ id: calendar.id }))}
      >
        Remove
      </button>
      <ErrorLine error={remove.error} />
    </li>
  );
}

function AddCalendarForm({ bridge }: { bridge: StintBridge }) {
  const [address, setAddress] = useState('');
  const [email, setEmail] = useState('');
  const add = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    const result = await add.run(() =>
      bridge.addCalendar({ address, ...(email.trim() ? { email: email.trim() } : {}) }),
    );
    if (result?.ok) {
      setAddress('');
      setEmail('');
    }
  };
  return (
    <form onSubmit={submit} aria-label="Add a calendar" noValidate>
      <label class="label" for="calendar-address">
        Calendar address (https://… or webcal://…) or the full path of an .ics file
      </label>
      {/* A secret: shown as dots, never suggested by the browser, sent only to main. */}
      <input
        id="calendar-address"
        data-testid="calendar-address"
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={address}
        aria-invalid={add.error?.field === 'address'}
        onInput={(e) => setAddress(e.currentTarget.value)}
      />
      <label class="label" for="calendar-email">
        Your address in its invitations (optional: meetings you declined are left out)
      </label>
      <input
        id="calendar-email"
        data-testid="calendar-email"
        type="email"
        autocomplete="email"
        value={email}
        onInput={(e) => setEmail(e.currentTarget.value)}
      />
      <p>
        <button type="submit" disabled={add.busy || address.trim() === ''}>
          {add.busy ? 'Reading…' : 'Add calendar'}
        </button>
      </p>
      <ErrorLine error={add.error} />
    </form>
  );
}
