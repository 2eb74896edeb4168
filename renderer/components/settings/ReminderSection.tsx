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
      <label class="check">
        <input
          type="checkbox"
          checked={on}
          data-testid="reminder-on"
          onChange={(e) => void saving.save({ reminder: { enabled: (e.currentTarget as HTMLInputElement).checked } })}
        />{' '}
        Remind me when no timer runs during my working hours
      </label>
      <fieldset class="choices days" {...invalid('reminder.days', 'reminder-days-error')}>
        <legend>Working days</legend>
        {DAYS.map(({ day, name }) => (
          <label class="check" key={day}>
            <input
              type="checkbox"
              checked={days.includes(day)}
              onChange={(e) => toggleDay(day, (e.currentTarget as HTMLInputElement).checked)}
            />{' '}
            {name}
          </label>
        ))}
      </fieldset>
      <ErrorLine error={errorAt('reminder.days')} id="reminder-days-error" testId="reminder-days-error" />
      <form class="row" onSubmit={submitHours} aria-label="Working hours" noValidate>
        <label class="grow">
          <span class="label">From</span>
          <input
            type="time"
            value={from}
            data-testid="reminder-from"
            {...invalid('reminder.from', 'reminder-from-error')}
            onInput={(e) => {
              setFrom((e.currentTarget as HTMLInputElement).value);
              setLocal(null);
            }}
          />
        </label>
        <label class="grow">
          <span class="label">To</span>
          <input
            type="time"
            value={to}
            data-testid="reminder-to"
            {...invalid('reminder.to', 'reminder-to-error')}
            onInput={(e) => {
              setTo((e.currentTarget as HTMLInputElement).value);
              setLocal(null);
            }}
          />
        </label>
        <label class="grow">
          <span class="label">Remind after (minutes without a timer)</span>
          <input
            type="number"
            min={0}
            max={240}
            value={after}
            data-testid="reminder-after"
            {...invalid('reminder.afterMinutes', 'reminder-after-error')}
            onInput={(e) => {
              setAfter((e.currentTarget as HTMLInputElement).value);
              setLocal(null);
            }}
          />
        </label>
        <button type="submit">Save hours</button>
      </form>
      <ErrorLine error={errorAt('reminder.from')} id="reminder-from-error" testId="reminder-from-error" />
      <ErrorLine error={errorAt('reminder.to')} id="reminder-to-error" testId="reminder-to-error" />
      <ErrorLine error={errorAt('reminder.afterMinutes')} id="reminder-after-error" testId="reminder-after-error" />
      <p class="hint" data-testid="reminder-state">
        {on
          ? `On: ${reminder.from}–${reminder.to} on ${dayNames(reminder.days)}, ${reminder.afterMinutes === 0 ? 'as soon as no timer runs' : `${reminder.afterMinutes} minutes after a timer stops`}.`
          : 'Off: Stint does not remind you to start a timer.'}
      </p>
      {refused && !refused.field?.startsWith('reminder.') && <ErrorLine error={refused} />}
    </section>
  );
}

function dayNames(days: readonly number[]): string {
  return DAYS.filter(({ day }) => days.includes(day))
    .map(({ name }) => name.slice(0, 3))
    .join(', ');
}
