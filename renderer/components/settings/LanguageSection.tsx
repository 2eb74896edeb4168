// Settings › Language: the language Stint speaks (the system's, or one chosen), each named in its
// own words (Intl.DisplayNames in that language, so a user lost in a wrong language still finds
// theirs), and the clock, the language's own by default or always 12- or 24-hour. A change shows
// at once: main's snapshot carries the new locale and Root loads its words (app/loadWords.ts).

import type { StintBridge } from '../../../common/contract';
import { resolveLocale, SHIPPED_LOCALES } from '../../../common/i18n/locales';
import { CLOCK_SETTINGS, type ClockSetting, type LanguageSetting } from '../../../common/settings';
import { t } from '../../app/words';
import { dateTimeWords } from '../../dateTime';
import { ErrorLine } from '../ErrorLine';
import { usePicked } from './usePicked';
import { saved, useSaveSettings } from './useSaveSettings';

/** A language's name as its speakers write it: "Deutsch", "العربية", "português (Brasil)". */
export function ownName(locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

const CLOCK_LABELS: Record<ClockSetting, string> = {
  locale: 'window-language.clockLocale',
  '12': 'window-language.clock12',
  '24': 'window-language.clock24',
};

interface LanguageProps {
  language: LanguageSetting;
  clock: ClockSetting;
  /** The system's preferred languages (Snapshot.systemLanguages): "System (Deutsch)" names the one they get. */
  systemLanguages: readonly string[];
  formatLocale: string;
  bridge: StintBridge;
}

export function LanguageSection({ language, clock, systemLanguages, formatLocale, bridge }: LanguageProps) {
  const saving = useSaveSettings(bridge);
  const pickedLanguage = usePicked(language);
  const pickedClock = usePicked(clock);
  // 13:45, written each way, so the choice shows what it means.
  const example = (hour12: boolean | undefined) => dateTimeWords(formatLocale, hour12).clockOf('13:45');
  return (
    <section class="panel" aria-labelledby="settings-language">
      <h2 id="settings-language">{t('window-language.title')}</h2>
      <label class="field">
        <span>{t('window-language.language')}</span>{' '}
        <select
          data-testid="language"
          value={pickedLanguage.shown}
          onChange={(e) => {
            const value = (e.currentTarget as HTMLSelectElement).value as LanguageSetting;
            pickedLanguage.pick(value, saved(saving.save({ language: value })));
          }}
        >
          <option value="system">
            {t('window-language.system', { language: ownName(resolveLocale(systemLanguages)) })}
          </option>
          {SHIPPED_LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {ownName(locale)}
            </option>
          ))}
        </select>
      </label>
      <fieldset class="choices">
        <legend>{t('window-language.clock')}</legend>
        {CLOCK_SETTINGS.map((value) => (
          <label class="check" key={value}>
            <input
              type="radio"
              name="clock"
              value={value}
              data-testid={`clock-${value}`}
              checked={pickedClock.shown === value}
              onChange={() => pickedClock.pick(value, saved(saving.save({ clock: value })))}
            />{' '}
            {t(CLOCK_LABELS[value], { example: example(value === 'locale' ? undefined : value === '12') })}
          </label>
        ))}
      </fieldset>
      <ErrorLine error={saving.error} />
    </section>
  );
}
