// Main's own words (the tray, notifications) in one language: made once per locale and kept, since
// the tray asks every second and a Words keeps its compiled messages and Intl formatters. English's
// catalog is the fallback, as the window's is.

import type { Locale } from '../../common/i18n/locales';
import { createWords, type Words } from '../../common/i18n/words';
import { readCatalog } from '../../platform/catalogFiles';

const made = new Map<Locale, Words>();

export function mainWords(locale: Locale): Words {
  let words = made.get(locale);
  if (!words) {
    words = createWords(locale, readCatalog(locale), readCatalog('en'));
    made.set(locale, words);
  }
  return words;
}
