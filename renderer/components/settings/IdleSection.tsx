// Idle detection: after how many minutes away a running timer asks about the time, or never; and
// where the time away is read from (the snapshot's idleSource), so a desktop Stint cannot read is
// said, not silent.

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import { checkIdleMinutes, IDLE_MINUTES, type Refusal } from '../../../common/settings';
import { t } from '../../app/words';
import { ErrorLine } from '../ErrorLine';
import { usePicked } from './usePicked';
import { saved, useSaveSettings } from './useSaveSettings';

interface IdleSectionProps {
  minutes: number | null;
  /** The snapshot's idleSource: "Idle read from GNOME". */
  source: string;
  bridge: StintBridge;
}

export function IdleSection({ minutes, source, bridge }: IdleSectionProps) {
  const [text, setText] = useState(String(minutes ?? IDLE_MINUTES.default));
  const [local, setLocal] = useState<Refusal | null>(null);
  const saving = useSaveSettings(bridge);
  const on = usePicked(minutes !== null);
  const error = local ? { code: 'invalid_input' as const, ...local } : saving.error;

  const submit = async (event: Event) => {
    event.preventDefault();
    const value = Number(text.trim());
    const problem = text.trim() === '' ? checkIdleMinutes(Number.NaN) : checkIdleMinutes(value);
    setLocal(problem);
    if (!problem) await saving.save({ idleThresholdMinutes: value });
  };

  return (
    <section class="panel" aria-labelledby="settings-idle">
      <h2 id="settings-idle">{t('window-settings.idle')}</h2>
      <label class="check">
        <input
          type="checkbox"
          checked={on.shown}
          data-testid="idle-on"
          onChange={(e) => {
            setLocal(null);
            const checked = (e.currentTarget as HTMLInputElement).checked;
            on.pick(
              checked,
              saved(
                saving.save({
                  idleThresholdMinutes: checked
                    ? checkIdleMinutes(Number(text))
                      ? IDLE_MINUTES.default
                      : Number(text)
                    : null,
                }),
              ),
            );
          }}
        />{' '}
        {t('window-settings.idle-ask')}
      </label>
      <form class="row" onSubmit={submit} aria-label={t('window-settings.idle-minutes-form')} noValidate>
        <label class="grow">
          <span class="label">
            {t('window-settings.idle-minutes', { min: IDLE_MINUTES.min, max: IDLE_MINUTES.max })}
          </span>
          <input
            type="number"
            inputMode="numeric"
            min={IDLE_MINUTES.min}
            max={IDLE_MINUTES.max}
            value={text}
            disabled={!on.shown}
            data-testid="idle-minutes"
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'idle-error' : undefined}
            onInput={(e) => {
              setText((e.currentTarget as HTMLInputElement).value);
              setLocal(null);
            }}
          />
        </label>
        <button type="submit" disabled={!on.shown}>
          {t('window-settings.save')}
        </button>
      </form>
      <p class="hint" data-testid="idle-state">
        {minutes !== null ? t('window-settings.idle-on', { minutes }) : t('window-settings.idle-off')}
      </p>
      <p class="hint" data-testid="idle-source">
        {source}
      </p>
      <ErrorLine error={error} id="idle-error" testId="idle-error" />
    </section>
  );
}
