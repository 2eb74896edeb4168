// The languages Stint speaks, and which of them a user's list of preferred languages gets. No Node,
// no Electron: main, the renderer and the `stint` command share it.

/** The locales Stint ships a catalog for; English is the source every other is translated from. */
export const SHIPPED_LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'it', 'nl', 'pl', 'ja', 'zh-CN', 'ar', 'he'] as const;

/**
 * An accented English, 40 % longer, made from the English catalog (pseudoLocale.ts): a string
 * still hard-coded in English stands out on screen, and a layout that holds only English's
 * lengths breaks in the tests. Never offered as a language in Settings.
 */
export const PSEUDO_LOCALE = 'en-XA';

export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];
export type Locale = ShippedLocale | typeof PSEUDO_LOCALE;
export const ALL_LOCALES: readonly Locale[] = [...SHIPPED_LOCALES, PSEUDO_LOCALE];

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (ALL_LOCALES as readonly string[]).includes(value);

/** Arabic and Hebrew are written right to left: the window's dir and the tray menu's direction follow. */
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' || locale === 'he' ? 'rtl' : 'ltr');

/**
 * The language a catalog answers for a BCP 47 tag or a POSIX locale name (`de_AT.UTF-8`,
 * `pt_BR`, `C`): the exact locale, else its language's shipped locale (`de-AT` → de, `pt` →
 * pt-BR, `zh-Hans-SG` → zh-CN, `iw` → he); null when Stint has none (Traditional Chinese is not
 * Simplified: `zh-TW` and `zh-Hant` get null, so the next preference is tried).
 */
export function localeFor(tag: string): Locale | null {
  const bcp47 = tag.split(/[.@]/)[0]!.replace(/_/g, '-');
  if (bcp47 === '' || bcp47 === 'C' || bcp47 === 'POSIX') return null;
  let canonical: Intl.Locale;
  try {
    canonical = new Intl.Locale(bcp47).maximize();
  } catch {
    return null;
  }
  const exact = ALL_LOCALES.find((l) => l.toLowerCase() === bcp47.toLowerCase());
  if (exact) return exact;
  const { language, script } = canonical;
  if (language === 'zh') return script === 'Hans' ? 'zh-CN' : null;
  if (language === 'pt') return 'pt-BR';
  return SHIPPED_LOCALES.find((l) => l === language) ?? null;
}

/** The first of the user's preferred languages that Stint speaks, in their order; English when none. */
export function resolveLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const locale = localeFor(tag);
    if (locale) return locale;
  }
  return 'en';
}
