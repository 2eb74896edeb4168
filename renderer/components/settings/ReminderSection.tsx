// The working-hours reminder: on or off, the days, and the hours (from before to). The days save
// as they are ticked; the hours with their Save button. A problem is shown at its field, checked
// here as typed and again by main, and what was typed stays there.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import { applyReminderPatch, type FieldError, type ReminderSettings } from '../../../common/settings';
import { ErrorLine } from '../ErrorLine';
import { useSaveSettings } from './useSaveSettings';

/** Monday first, as a working week is read; the numbers are Date's (0 = Sunday). */
const DAYS: ReadonlyArray<{ day: number; name: string }> = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 0, name: 'Sunday' },
];

/**
 * The hours as text, HH:MM as they are kept and as this section and its refusals write them: a
 * native time field draws the browser's own style ("09:00 AM"), unlike the rest of the window.
 */
const CLOCK_FIELD = {
  type: 'text',
  inputMode: 'numeric',
  autocomplete: 'off',
  spellcheck: false,
  placeholder: 'HH:MM',
  // As wide as its five characters, as the time field was: the narrow window fits both hours.
  size: 5,
};

type Field = 'reminder.days' | 'reminder.from' | 'reminder.to' | 'reminder.afterMinutes';

export function ReminderSection({ reminder, bridge }: { reminder: ReminderSettings; bridge: StintBridge }) {
  const saving = useSaveSettings(bridge);
  const [days, setDays] = useState<number[]>(reminder.days);
  const [from, setFrom] = useState(reminder.from);
  const [to, setTo] = useState(reminder.to);
  const [after, setAfter] = useState(String(reminder.afterMinutes));
  const [local, setLocal] = useState<FieldError | null>(null);
  const refused = saving.error;
  const errorAt = (field: Field) => {
    if (local) return local.field === field ? { code: 'invalid_input' as const, message: local.message } : null;
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
    // An empty or broken number is refused at its field, as a wrong time is at its own.
    const afterMinutes = after.trim() === '' ? Number.NaN : Number(after);
    const problem = applyReminderPatch(reminder, { from, to, afterMinutes }).errors[0] ?? null;
    setLocal(problem);
    if (!problem) await saving.save({ reminder: { from, to, afterMinutes } });
  };

  const on = reminder.enabled;
  return (
    <section class="panel" aria-labelledby="settings-reminder" data-testid="reminder-settings">
      <h2 id="settings-reminder">Reminder</h2>
      <ReminderSwitch on={on} onSwitch={(enabled) => void saving.save({ reminder: { enabled } })} />
      <DayChoices days={days} invalid={invalid('reminder.days', 'reminder-days-error')} onToggle={toggleDay} />
      <ErrorLine error={errorAt('reminder.days')} id="reminder-days-error" testId="reminder-days-error" />
      <form class="row hours" onSubmit={submitHours} aria-label="Working hours" noValidate>
        <HourField
          label="From"
          input={{ ...CLOCK_FIELD, value: from, 'data-testid': 'reminder-from' }}
          invalid={invalid('reminder.from', 'reminder-from-error')}
          onValue={edited(setFrom)}
        />
        <HourField
          label="To"
          input={{ ...CLOCK_FIELD, value: to, 'data-testid': 'reminder-to' }}
          invalid={invalid('reminder.to', 'reminder-to-error')}
          onValue={edited(setTo)}
        />
        <HourField
          label="Remind after (minutes without a timer)"
          input={{ type: 'number', min: 0, max: 240, value: after, 'data-testid': 'reminder-after' }}
          invalid={invalid('reminder.afterMinutes', 'reminder-after-error')}
          onValue={edited(setAfter)}
        />
        <button type="submit">Save hours</button>
      </form>
      <ErrorLine error={errorAt('reminder.from')} id="reminder-from-error" testId="reminder-from-error" />
      <ErrorLine error={errorAt('reminder.to')} id="reminder-to-error" testId="reminder-to-error" />
      <ErrorLine error={errorAt('reminder.afterMinutes')} id="reminder-after-error" testId="reminder-after-error" />
      <p class="hint" data-testid="reminder-state">
        {reminderState(reminder)}
      </p>
      {refused && !refused.field?.startsWith('reminder.') && <ErrorLine error={refused} />}
    </section>
  );
}

/** The reminder as saved, in words. */
function reminderState(reminder: ReminderSettings): string {
  return reminder.enabled
    ? `On: ${reminder.from}–${reminder.to} on ${dayNames(reminder.days)}, ${reminder.afterMinutes === 0 ? 'as soon as no timer runs' : `${reminder.afterMinutes} minutes after a timer stops`}.`
    : 'Off: Stint does not remind you to start a timer.';
}

function ReminderSwitch({ on, onSwitch }: { on: boolean; onSwitch: (on: boolean) => void }) {
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={on}
        data-testid="reminder-on"
        onChange={(e) => onSwitch((e.currentTarget as HTMLInputElement).checked)}
      />{' '}
      Remind me when no timer runs during my working hours
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
      <legend>Working days</legend>
      {DAYS.map(({ day, name }) => (
        <label class="check" key={day}>
          <input
            type="checkbox"
            checked={days.includes(day)}
            onChange={(e) => onToggle(day, (e.currentTarget as HTMLInputElement).checked)}
          />{' '}
          {name}
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
  return DAYS.filter(({ day }) => days.includes(day))
    .map(({ name }) => name.slice(0, 3))
    .join(', ');
}
