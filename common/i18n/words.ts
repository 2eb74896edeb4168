// The words of one language: a message of the catalog by its id, with ICU MessageFormat's plurals,
// selects and number/date arguments (intl-messageformat), and dates, times, numbers and lists
// through Intl. No Node, no Electron: main (tray, notifications), the renderer and the `stint`
// command each make one for the user's language.

import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { type Locale, directionOf } from './locales';

/**
 * A language's messages by id (`area.name`, the area being the catalog's folder under catalogs/):
 * ICU MessageFormat source, or the syntax tree `formatjs compile --ast` makes of it at build time.
 */
export type Catalog = Readonly<Record<string, string | MessageFormatElement[]>>;

/** A message's arguments: `{count, plural, …}` takes a number, `{name}` a string. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

export interface Words {
  readonly locale: Locale;
  readonly dir: 'ltr' | 'rtl';
  /** The message `id` with its arguments; English's where this language lacks it; the id itself where neither has it. */
  t(id: string, values?: MessageValues): string;
  /** A date or time as this language writes it (`Intl.DateTimeFormat`, formatters kept per options). */
  formatDate(date: Date | number, options: Intl.DateTimeFormatOptions): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatList(items: readonly string[], options?: Intl.ListFormatOptions): string;
}

/**
 * The words of `locale` from its catalog, falling back to English's for a message it lacks (the
 * catalogs test keeps that from shipping; the fallback only keeps a half-loaded window readable).
 */
export function createWords(locale: Locale, catalog: Catalog, english: Catalog = {}): Words {
  const messages = new Map<string, IntlMessageFormat>();
  const message = (id: string) => {
    let format = messages.get(id);
    if (!format) {
      const source = catalog[id] ?? english[id];
      if (source === undefined) return undefined;
      format = new IntlMessageFormat(source, catalog[id] === undefined ? 'en' : intlLocale(locale));
      messages.set(id, format);
    }
    return format;
  };
  const dates = kept((options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(intlLocale(locale), options));
  const numbers = kept((options: Intl.NumberFormatOptions) => new Intl.NumberFormat(intlLocale(locale), options));
  const lists = kept((options: Intl.ListFormatOptions) => new Intl.ListFormat(intlLocale(locale), options));
  return {
    locale,
    dir: directionOf(locale),
    t: (id, values) => {
      const format = message(id);
      return format ? String(format.format(values as Record<string, string | number | Date>)) : id;
    },
    formatDate: (date, options) => dates(options).format(date),
    formatNumber: (value, options = {}) => numbers(options).format(value),
    formatList: (items, options = { type: 'conjunction' }) => lists(options).format(items),
  };
}

/** The pseudo-locale formats dates and numbers as English does; the others are real BCP 47 tags. */
const intlLocale = (locale: Locale) => (locale === 'en-XA' ? 'en' : locale);

/** One formatter per distinct options object's contents: making an Intl formatter costs far more than using one. */
function kept<O extends object, F>(make: (options: O) => F): (options: O) => F {
  const made = new Map<string, F>();
  return (options) => {
    const key = JSON.stringify(options);
    let formatter = made.get(key);
    if (!formatter) {
      formatter = make(options);
      made.set(key, formatter);
    }
    return formatter;
  };
}
