// What quick entry reads in one language: its day words, its weekday names (long and short, from
// Intl.DateTimeFormat in that locale, so they are the names the rest of the window shows), its
// time units and whether it writes a decimal comma ("1,5" = 1:30 in German, from
// Intl.NumberFormat). English is read in every language as well; no other language is: "hier" is
// yesterday in French and a plain word in German, and "mar" is Tuesday in Spanish and Italian.
// Words are compared folded (grammar's fold): case and accents aside, an abbreviation's full stop
// optional, so "Mié", "mie." and "miércoles" are one day.

import { type Locale, SHIPPED_LOCALES, type ShippedLocale } from '../locales';
import { LOCALE_WORDS } from './localeWords';

export interface Grammar {
  readonly locale: ShippedLocale;
  /** Folded day word → days back from today (0 today, 1 yesterday, 2 the day before, -1 tomorrow). */
  readonly dayWords: ReadonlyMap<string, number>;
  /** Folded whole weekday names and abbreviations → their weekdays (0 Sunday); more than one is ambiguous. */
  readonly weekdayNames: ReadonlyMap<string, readonly number[]>;
  /** Folded long names by weekday (0 Sunday), whose beginnings of three letters or more are read in Latin scripts. */
  readonly longNames: readonly (readonly string[])[];
  /** Unit words, lower case, longest first (regular expression alternatives, escaped). */
  readonly hours: readonly string[];
  readonly minutes: readonly string[];
  /** The language writes "1,5" for one and a half. */
  readonly decimalComma: boolean;
}

/** Case, accents and an abbreviation's full stop aside, and the apostrophes one keyboard or another types as one. */
export function fold(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\u2019\u2018\u05f3`]/g, "'")
    .replace(/\.$/, '');
}

const SUNDAY = Date.UTC(2026, 10, 1); // 1 November 2026 was a Sunday.
const DAY_MS = 86_400_000;

function intlWeekdays(locale: ShippedLocale, style: 'long' | 'short'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
  return [0, 1, 2, 3, 4, 5, 6].map((d) => format.format(SUNDAY + d * DAY_MS));
}

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const longestFirst = (words: Iterable<string>) => [...new Set(words)].sort((a, b) => b.length - a.length).map(escaped);

function makeGrammar(locale: ShippedLocale): Grammar {
  const own = LOCALE_WORDS[locale];
  const english = LOCALE_WORDS.en;
  const dayWords = new Map<string, number>();
  for (const words of [english, own]) {
    for (const [list, back] of [
      [words.today, 0],
      [words.yesterday, 1],
      [words.dayBefore, 2],
      [words.tomorrow, -1],
    ] as const)
      for (const w of list) dayWords.set(fold(w), back);
  }
  const weekdayNames = new Map<string, number[]>();
  const add = (name: string, day: number) => {
    const key = fold(name);
    const days = weekdayNames.get(key) ?? [];
    if (!days.includes(day)) weekdayNames.set(key, [...days, day]);
  };
  const longNames: string[][] = [[], [], [], [], [], [], []];
  const sources = locale === 'en' ? ['en' as const] : (['en', locale] as const);
  for (const source of sources) {
    intlWeekdays(source, 'long').forEach((name, day) => {
      add(name, day);
      longNames[day]!.push(fold(name));
    });
    for (const [day, name] of intlWeekdays(source, 'short').entries()) add(name, day);
    LOCALE_WORDS[source].weekdays?.forEach((names, day) => {
      for (const name of names) add(name, day);
    });
  }
  return {
    locale,
    dayWords,
    weekdayNames,
    longNames,
    hours: longestFirst([...english.hours, ...own.hours]),
    minutes: longestFirst([...english.minutes, ...own.minutes]),
    decimalComma: new Intl.NumberFormat(locale).formatToParts(1.5).some((p) => p.type === 'decimal' && p.value === ','),
  };
}

const made = new Map<ShippedLocale, Grammar>();

/** The grammar of `locale` (the pseudo-locale reads as English), made once: Intl's formatters cost far more than a lookup. */
export function grammarOf(locale: Locale = 'en'): Grammar {
  const shipped = (SHIPPED_LOCALES as readonly string[]).includes(locale) ? (locale as ShippedLocale) : 'en';
  let grammar = made.get(shipped);
  if (!grammar) {
    grammar = makeGrammar(shipped);
    made.set(shipped, grammar);
  }
  return grammar;
}

/**
 * Digits and marks as an input method may type them, as ASCII: Arabic-Indic digits and the Arabic
 * decimal separator, and the full-width digits, colon and tilde range mark a Japanese or Chinese
 * IME types ("９：００～１０：３０"). Only outside English, which reads as it always has.
 */
export function asciiDigits(text: string, grammar: Grammar): string {
  if (grammar.locale === 'en') return text;
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\uff10-\uff19]/g, (d) => String(d.charCodeAt(0) - 0xff10))
    .replace(/\u066b/g, '.')
    .replace(/\uff1a/g, ':')
    .replace(/[\uff5e\u301c]/g, '-');
}
