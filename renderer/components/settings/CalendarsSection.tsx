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
import { t } from '../../app/words';
import { ErrorLine } from '../ErrorLine';

interface Props {
  calendars: readonly CalendarSourceView[];
  bridge: StintBridge;
}

export function CalendarsSection({ calendars, bridge }: Props) {
  const refresh = useAction();
  return (
    <section class="panel" aria-labelledby="settings-calendars" data-testid="settings-calendars">
      <h2 id="settings-calendars">{t('window-calendars.title')}</h2>
      <p class="hint">{t('window-calendars.hint', { minutes: 15 })}</p>
      {calendars.length > 0 && (
        <ul class="entries" aria-label={t('window-calendars.list')}>
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
            {refresh.busy ? t('window-calendars.reading') : t('window-calendars.read-now')}
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
  const read = calendar.readAt
    ? { read: 'yes', when: dates.when(calendar.readAt, Date.now()) }
    : { read: 'never', when: '' };
  return (
    <li class="entry" data-testid="calendar-source">
      <div class="grow">
        <span class="clamp" title={calendar.label}>
          {calendar.label}
        </span>
        <span class="hint">
          {' '}
          · {t('window-calendars.state', { events: calendar.events, ...read })}
          {calendar.email ? ` · ${t('window-calendars.you-are', { email: calendar.email })}` : ''}
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
        aria-label={t('window-calendars.remove-label', { calendar: calendar.label })}
        disabled={remove.busy}
        onClick={() => void remove.run(() => bridge.removeCalendar({ id: calendar.id }))}
      >
        {t('window-calendars.remove')}
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
    <form onSubmit={submit} aria-label={t('window-calendars.add-form')} noValidate>
      <label class="label" for="calendar-address">
        {t('window-calendars.address')}
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
        {t('window-calendars.email')}
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
          {add.busy ? t('window-calendars.reading') : t('window-calendars.add')}
        </button>
      </p>
      <ErrorLine error={add.error} />
    </form>
  );
}
