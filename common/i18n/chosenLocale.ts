// Which language Stint speaks and which locale writes its dates and clock times, from the user's
// Settings › Language and the system's preferred languages. No Node, no Electron: main lays it on
// the snapshot (Snapshot.locale), the `stint` command uses it for its own words.

import type { ClockSetting, LanguageSetting } from '../settings';
import { type Locale, PSEUDO_LOCALE, resolveLocale } from './locales';

export interface LocaleChoice {
  /** The catalog's language. */
  locale: Locale;
  /**
   * The BCP 47 tag dates, numbers and clock times are written in: the system's own tag when it is
   * of the same language (en-GB keeps its 24-hour clock and day-month order under English words),
   * else the locale itself.
   */
  formatLocale: string;
}

export function chooseLocale(language: LanguageSetting, system: readonly string[]): LocaleChoice {
  const locale = language === 'system' ? resolveLocale(system) : language;
  if (locale === PSEUDO_LOCALE) return { locale, formatLocale: 'en' };
  const base = new Intl.Locale(locale).language;
  const same = system.find((tag) => {
    try {
      return new Intl.Locale(tag.split(/[.@]/)[0]!.replace(/_/g, '-')).language === base;
    } catch {
      return false;
    }
  });
  // pt-BR and zh-CN name a region of their own: a system's pt-PT keeps Brazilian words but its own formats.
  return { locale, formatLocale: same ? canonical(same) : locale };
}

const canonical = (tag: string): string => {
  try {
    return Intl.getCanonicalLocales(tag.split(/[.@]/)[0]!.replace(/_/g, '-'))[0] ?? tag;
  } catch {
    return tag;
  }
};

/** Whether clock times have AM/PM: the setting's choice, else the format locale's own clock. */
export function clockIsHour12(clock: ClockSetting, formatLocale: string): boolean {
  if (clock !== 'locale') return clock === '12';
  return new Intl.DateTimeFormat(formatLocale, { hour: 'numeric' }).resolvedOptions().hour12 === true;
}
