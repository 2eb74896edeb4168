// The working-hours reminder: on or off, the days, and the hours (from before to). The days save
// as they are ticked; the hours with their Save button. The hours are shown and read in the
// window's clock style ("9:00 AM" or "09:00", renderer/dateTime.ts) and kept as "HH:MM". A problem
// is shown at its field, checked here as typed and again by main, and what was typed stays there.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import { applyReminderPatch, type FieldError, type ReminderSettings } from '../../../common/settings';
import { type DateTimeWords, useDateTime } from '../../dateTime';
import { t, words } from '../../app/words';
import { ErrorLine } from '../ErrorLine';
import { usePicked } from './usePicked';
import { saved, useSaveSettings } from './useSaveSettings';

/** Monday first, as a working week is read; the numbers are Date's (0 = Sunday). */
const DAYS: readonly number[] = [1, 2, 3, 4, 5, 6, 0];

/** A weekday's name in the window's language, from Intl: 4 January 2026 was a Sunday. */
const dayName = (day: number, weekday: 'long' | 'short') =>
  words.value.formatDate(new Date(2026, 0, 4 + day, 12), { weekday });

/**
 * The hours as text in the window's clock style: a native time field draws the browser's own
 * ("09:00 AM"), unlike the rest of the window. A 12-hour clock's AM/PM needs letters to type.
 */
const clockField = (words: DateTimeWords) => ({
  type: 'text',
  class: 'clock',
  inputMode: words.hour12 ? 'text' : 'numeric',
  autocomplete: 'off',
  spellcheck: false,
  placeholder: words.clockOf('09:00'),
  // As wide as what it shows ("09:00", "12:00 PM"): the narrow window fits both hours.
  size: words.hour12 ? 8 : 5,
});

type Field = 'reminder.days' | 'reminder.from' | 'reminder.to' | 'reminder.afterMinutes';

export function ReminderSection({ reminder, bridge }: { reminder: ReminderSettings; bridge: StintBridge }) {
  const saving = useSaveSettings(bridge);
  const words = useDateTime();
  const [days, setDays] = useState<number[]>(reminder.days);
  const [from, setFrom] = useState(() => words.clockOf(reminder.from));
  const [to, setTo] = useState(() => words.clockOf(reminder.to));
  const [after, setAfter] = useState(String(reminder.afterMinutes));
  const [local, setLocal] = useState<FieldError | null>(null);
  const refused = saving.error;
  const errorAt = (field: Field) => {
    if (local) return local.field === field ? { code: 'invalid_input' as const, ...local } : null;
    return refused?.field === field ? refused : null;
  };
  const invalid = (field: Field, id: string) =>
    errorAt(field) ? { 'aria-invalid': 'true' as const, 'aria-describedby': id } : {};

  /** A field's setter that also clears the problem found here, as typing goes on. */
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setLocal(null);
  };

  const toggleDay = (day: number, on: boolean) => {
    const next = on ? [...days, day] : days.filter((d) => d !== day);
    setDays(next);
    const problem = applyReminderPatch(reminder, { days: next }).errors[0] ?? null;
    setLocal(problem);
    if (!problem) void saving.save({ reminder: { days: next } });
  };

  const submitHours = async (event: Event) => {
    event.preventDefault();
    const checked = checkHours(reminder, words, { from, to, after });
    setLocal('field' in checked ? checked : null);
    if ('field' in checked) return;
    // What was read, as the window writes it ("9am" becomes "9:00 AM").
    setFrom(words.clockOf(checked.from));
    setTo(words.clockOf(checked.to));
    await saving.save({ reminder: checked });
  };

  return (
    <section class="panel" aria-labelledby="settings-reminder" data-testid="reminder-settings">
      <h2 id="settings-reminder">{t('window-settings.reminder')}</h2>
      <ReminderSwitch stored={reminder.enabled} save={(enabled) => saved(saving.save({ reminder: { enabled } }))} />
      <DayChoices days={days} invalid={invalid('reminder.days', 'reminder-days-error')} onToggle={toggleDay} />
      <ErrorLine error={errorAt('reminder.days')} id="reminder-days-error" testId="reminder-days-error" />
      <form class="row hours" onSubmit={submitHours} aria-label={t('window-settings.working-hours')} noValidate>
        <HourField
          label={t('window-settings.hours-from')}
          input={{ ...clockField(words), value: from, 'data-testid': 'reminder-from' }}
          invalid={invalid('reminder.from', 'reminder-from-error')}
          onValue={edited(setFrom)}
        />
        <HourField
          label={t('window-settings.hours-to')}
          input={{ ...clockField(words), value: to, 'data-testid': 'reminder-to' }}
          invalid={invalid('reminder.to', 'reminder-to-error')}
          onValue={edited(setTo)}
        />
        <HourField
          label={t('window-settings.remind-after')}
          input={{ type: 'number', min: 0, max: 240, value: after, 'data-testid': 'reminder-after' }}
          invalid={invalid('reminder.afterMinutes', 'reminder-after-error')}
          onValue={edited(setAfter)}
        />
        <button type="submit">{t('window-settings.save-hours')}</button>
      </form>
      <ErrorLine error={errorAt('reminder.from')} id="reminder-from-error" testId="reminder-from-error" />
      <ErrorLine error={errorAt('reminder.to')} id="reminder-to-error" testId="reminder-to-error" />
      <ErrorLine error={errorAt('reminder.afterMinutes')} id="reminder-after-error" testId="reminder-after-error" />
      <p class="hint" data-testid="reminder-state">
        {reminderState(reminder, words.clockOf)}
      </p>
      {refused && !refused.field?.startsWith('reminder.') && <ErrorLine error={refused} />}
    </section>
  );
}

type Hours = Pick<ReminderSettings, 'from' | 'to' | 'afterMinutes'>;

/** The typed hours as kept ("HH:MM"), or the first problem, at its field. */
function checkHours(
  reminder: ReminderSettings,
  words: DateTimeWords,
  typed: { from: string; to: string; after: string },
): Hours | FieldError {
  // An empty or broken number is refused at its field, as a wrong time is at its own.
  const afterMinutes = typed.after.trim() === '' ? Number.NaN : Number(typed.after);
  const hours = readHours(words, typed.from, typed.to);
  if ('field' in hours) return hours;
  const patch = { ...hours, afterMinutes };
  return applyReminderPatch(reminder, patch, words.clockOf).errors[0] ?? patch;
}

/** The typed hours as kept ("HH:MM"), or the problem at the first one the clock cannot read. */
function readHours(words: DateTimeWords, from: string, to: string): { from: string; to: string } | FieldError {
  const read = { from: words.readClock(from), to: words.readClock(to) };
  const values = { first: words.clockOf('09:00'), second: words.clockOf('17:30') };
  const refused = (field: 'reminder.from' | 'reminder.to'): FieldError => ({
    field,
    message: `Enter a time of day the way this window writes it, like ${values.first} or ${values.second}.`,
    words: { id: 'window-settings.enter-time', values },
  });
  if (read.from === null) return refused('reminder.from');
  if (read.to === null) return refused('reminder.to');
  return { from: read.from, to: read.to };
}

/** The reminder as saved, in words. */
function reminderState(reminder: ReminderSettings, clockOf: (hhmm: string) => string): string {
  return reminder.enabled
    ? t('window-settings.reminder-on', {
        from: clockOf(reminder.from),
        to: clockOf(reminder.to),
        days: dayNames(reminder.days),
        after: reminder.afterMinutes,
      })
    : t('window-settings.reminder-off');
}

function ReminderSwitch({ stored, save }: { stored: boolean; save: (on: boolean) => Promise<boolean> }) {
  const on = usePicked(stored);
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={on.shown}
        data-testid="reminder-on"
        onChange={(e) => {
          const enabled = (e.currentTarget as HTMLInputElement).checked;
          on.pick(enabled, save(enabled));
        }}
      />{' '}
      {t('window-settings.reminder-ask')}
    </label>
  );
}

interface DayChoicesProps {
  days: number[];
  /** aria-invalid and aria-describedby while the days are refused. */
  invalid: Record<string, unknown>;
  onToggle: (day: number, on: boolean) => void;
}

/** The working days, one box each, Monday first. */
function DayChoices({ days, invalid, onToggle }: DayChoicesProps) {
  return (
    <fieldset class="choices days" {...invalid}>
      <legend>{t('window-settings.working-days')}</legend>
      {DAYS.map((day) => (
        <label class="check" key={day}>
          <input
            type="checkbox"
            checked={days.includes(day)}
            onChange={(e) => onToggle(day, (e.currentTarget as HTMLInputElement).checked)}
          />{' '}
          {dayName(day, 'long')}
        </label>
      ))}
    </fieldset>
  );
}

interface HourFieldProps {
  label: string;
  /** The input's own attributes: type, value, bounds, test id. */
  input: Record<string, unknown>;
  /** aria-invalid and aria-describedby while the field is refused. */
  invalid: Record<string, unknown>;
  onValue: (value: string) => void;
}

function HourField({ label, input, invalid, onValue }: HourFieldProps) {
  return (
    <label class="grow">
      <span class="label">{label}</span>
      <input {...input} {...invalid} onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)} />
    </label>
  );
}

function dayNames(days: readonly number[]): string {
  const names = DAYS.filter((day) => days.includes(day)).map((day) => dayName(day, 'short'));
  // "Mon, Tue, Wed": a list without "and", each language's own separator.
  return words.value.formatList(names, { type: 'unit', style: 'short' });
}
