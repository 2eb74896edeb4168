// The user's time format and first day of the week. Both are kept on the service (their
// current_user), not in Stint's settings file, so every app of theirs reads them: a choice here
// goes through the outbox (PUT /v2/current_user) and every view shows it at once, before the
// service has it. A refusal shows in the list of changes not saved, as every refusal does.

import type { StintBridge } from '../../../common/contract';
import type { TimeFormat } from '../../../common/format';
import type { WeekStart } from '../../../common/week';
import { t, words } from '../../app/words';
import { ErrorLine } from '../ErrorLine';
import { usePicked } from './usePicked';
import { saved, useSavesInOrder } from './useSaveSettings';

// The fraction's example with this language's decimal separator ("1,50" in German).
const TIME_FORMATS: ReadonlyArray<{ value: TimeFormat; label: () => string }> = [
  { value: 'hours_minutes', label: () => t('window-settings.format-hours-minutes') },
  {
    value: 'fraction',
    label: () =>
      t('window-settings.format-fraction', { example: words.value.formatNumber(1.5, { minimumFractionDigits: 2 }) }),
  },
];

// The spec's PUT /v2/current_user takes these two (spec 001 "Current user").
const WEEK_STARTS: ReadonlyArray<{ value: WeekStart; label: string }> = [
  { value: 'monday', label: 'window-settings.week-monday' },
  { value: 'sunday', label: 'window-settings.week-sunday' },
];

interface Props {
  timeFormat: TimeFormat;
  weekStart: WeekStart;
  bridge: StintBridge;
}

export function FormatsSection({ timeFormat, weekStart, bridge }: Props) {
  // Each choice in order (arrow keys through the radios send several), keeping the last refusal.
  const saving = useSavesInOrder(bridge.updateCurrentUser);
  const format = usePicked(timeFormat);
  const week = usePicked(weekStart);
  return (
    <section class="panel" aria-labelledby="settings-formats">
      <h2 id="settings-formats">{t('window-settings.formats')}</h2>
      <p class="hint">{t('window-settings.formats-hint')}</p>
      <fieldset class="choices">
        <legend>{t('window-settings.time-format')}</legend>
        {TIME_FORMATS.map(({ value, label }) => (
          <label class="check" key={value}>
            <input
              type="radio"
              name="time-format"
              value={value}
              checked={format.shown === value}
              onChange={() => format.pick(value, saved(saving.save({ timeFormat: value })))}
            />{' '}
            {label()}
          </label>
        ))}
      </fieldset>
      <fieldset class="choices">
        <legend>{t('window-settings.week-starts')}</legend>
        {WEEK_STARTS.map(({ value, label }) => (
          <label class="check" key={value}>
            <input
              type="radio"
              name="week-start"
              value={value}
              checked={week.shown === value}
              onChange={() => week.pick(value, saved(saving.save({ weekStart: value })))}
            />{' '}
            {t(label)}
          </label>
        ))}
      </fieldset>
      <ErrorLine error={saving.error} />
    </section>
  );
}
