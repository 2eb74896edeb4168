// Reads the time a user types (quick entry, v1 minutes) as whole minutes, following
// shared/spec/GAPS.md "Time strings". Anything outside the listed forms is refused with a
// sentence saying what to write instead: a wrong guess would log the wrong time silently. In the
// user's language as well as in English (common/i18n/grammar/): its units ("1 Std. 30 Min.",
// "1時間30分"), its decimal comma where it writes one ("1,5" = 1:30 in German; in English "1,5"
// is refused as before), "1h30" as French and its neighbours write it, and Arabic-Indic or
// full-width digits.

import { asciiDigits, type Grammar, grammarOf } from './i18n/grammar/grammar';
import { refusal } from './i18n/grammar/refusal';
import type { Locale } from './i18n/locales';
import type { MessageRef } from './result';

export type TimeParse = { ok: true; minutes: number } | { ok: false; message: string; words?: MessageRef };

/** One entry is one day's work: a larger figure is almost surely a typo ("1500" for 15:00). */
export const MAX_MINUTES = 24 * 60;

/** The smallest and largest whole minutes a caller takes; the forms read are the same for all. */
export interface TimeBounds {
  min: number;
  max: number;
}

/**
 * Quick entry's bounds: at least a minute, at most a day. The v1 API reads the same forms with
 * its own bounds (service/v1/minutes.ts): an entry may hold 0 minutes there, and an API takes
 * what v2 takes rather than guarding against a person's typo.
 */
export const QUICK_ENTRY_BOUNDS: TimeBounds = { min: 1, max: MAX_MINUTES };

const EXAMPLES = 'like 1:30, 1.5, 90m or 1h 30m';
const NUMBER = '(\\d+(?:\\.\\d+)?|\\.\\d+)';

const clock = /^(\d*):(\d*)$/;
const bare = new RegExp(`^${NUMBER}$`);

interface UnitForms {
  /** "1h 30m", "90 min", "1.5 hours". */
  units: RegExp;
  /** "1h30", "1 h 30": hours and then minutes without their unit (never in English, which refuses it as before). */
  hourThenMinutes: RegExp | null;
}

const unitForms = new Map<Grammar, UnitForms>();

/** The unit forms of a grammar's hour and minute words, made once. */
function unitFormsOf(grammar: Grammar): UnitForms {
  let forms = unitForms.get(grammar);
  if (!forms) {
    const hours = `(?:${grammar.hours.join('|')})`;
    const minutes = `(?:${grammar.minutes.join('|')})`;
    forms = {
      units: new RegExp(`^(?:${NUMBER}\\s*${hours})?\\s*(?:${NUMBER}\\s*${minutes})?$`),
      hourThenMinutes: grammar.locale === 'en' ? null : new RegExp(`^(\\d+)\\s*${hours}\\s*(\\d{2})$`),
    };
    unitForms.set(grammar, forms);
  }
  return forms;
}

/** The text in lower case with ASCII digits, and a decimal comma as a point where the language writes one. */
function normalised(input: string, grammar: Grammar): string {
  const s = asciiDigits(input.trim().toLowerCase(), grammar);
  return grammar.decimalComma ? s.replace(/(^|\d),(\d)/g, '$1.$2') : s;
}

function accept(minutes: number, bounds: TimeBounds, grammar: Grammar): TimeParse {
  const whole = Math.round(minutes);
  if (whole < bounds.min)
    return bounds.min === 1
      ? refusal(grammar, 'The time must be at least one minute.', 'quick-refusals.atLeastOneMinute')
      : refusal(grammar, `The time must be at least ${bounds.min} minutes.`, 'quick-refusals.atLeastMinutes', {
          count: bounds.min,
        });
  if (whole > bounds.max)
    return bounds.max === MAX_MINUTES
      ? refusal(grammar, 'The time must be at most 24 hours.', 'quick-refusals.atMostDay')
      : refusal(grammar, `The time must be at most ${bounds.max} minutes.`, 'quick-refusals.atMostMinutes', {
          count: bounds.max,
        });
  return { ok: true, minutes: whole };
}

/** `locale`: the user's language, read as well as English (the v1 API and the default read English alone). */
export function parseTimeString(
  input: string,
  bounds: TimeBounds = QUICK_ENTRY_BOUNDS,
  locale: Locale = 'en',
): TimeParse {
  const grammar = grammarOf(locale);
  const s = normalised(input, grammar);
  const text = input.trim();
  if (s === '') return refusal(grammar, `Enter a time, ${EXAMPLES}.`, 'quick-refusals.enterTime');

  const c = clock.exec(s);
  if (c) {
    const [, h, m] = c;
    if (m!.length !== 2)
      return refusal(grammar, 'Write the minutes with two digits, like 1:05.', 'quick-refusals.twoDigitMinutes');
    if (Number(m) >= 60) return minutesBelow60(text, grammar);
    return accept(Number(h || 0) * 60 + Number(m), bounds, grammar);
  }
  return readNumbers(s, text, bounds, grammar);
}

const minutesBelow60 = (text: string, grammar: Grammar) =>
  refusal(grammar, `“${text}”: minutes must be below 60.`, 'quick-refusals.minutesBelow60', { text });

/** A bare number, or numbers with their units. */
function readNumbers(s: string, text: string, bounds: TimeBounds, grammar: Grammar): TimeParse {
  const b = bare.exec(s);
  if (b) {
    const n = Number(b[1]);
    // Decided in GAPS.md: a bare decimal is hours; a bare whole number is hours up to 9 and minutes
    // from 10, since nobody logs 15 hours by typing "15" but many log a quarter of an hour that way.
    if (b[1]!.includes('.') || n <= 9) return accept(n * 60, bounds, grammar);
    return accept(n, bounds, grammar);
  }

  const { units, hourThenMinutes } = unitFormsOf(grammar);
  const hm = hourThenMinutes?.exec(s);
  if (hm) {
    if (Number(hm[2]) >= 60) return minutesBelow60(text, grammar);
    return accept(Number(hm[1]) * 60 + Number(hm[2]), bounds, grammar);
  }
  const u = units.exec(s);
  if (u && (u[1] !== undefined || u[2] !== undefined)) {
    const hours = Number(u[1] ?? 0);
    const minutes = Number(u[2] ?? 0);
    if (u[2] !== undefined && !Number.isInteger(minutes))
      return refusal(grammar, 'Minutes must be a whole number, like 45m.', 'quick-refusals.wholeMinutes');
    if (u[1] !== undefined && u[2] !== undefined && minutes >= 60) return minutesBelow60(text, grammar);
    return accept(hours * 60 + minutes, bounds, grammar);
  }

  if (s.startsWith('-')) return refusal(grammar, 'The time cannot be negative.', 'quick-refusals.negative');
  return refusal(grammar, `“${text}” is not a time. Write it ${EXAMPLES}.`, 'quick-refusals.notATime', { text });
}
