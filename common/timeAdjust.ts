// Reads the change a user types into a timer's Adjust field: "+15" adds a quarter of an hour,
// "-0:10" takes ten minutes off, an unsigned time adds. A bare number is minutes here, unlike in
// quick entry: the field sits beside the −5/+5 minute buttons and its placeholder says "+15", so
// "+5" meaning five hours would be a trap. Any other form is read as quick entry reads it
// (common/timeString.ts, GAPS.md "Time strings"): "1:30", "90m", "1.5h".

import { formatMinutes, type TimeFormat } from './format';
import { grammarOf } from './i18n/grammar/grammar';
import { type Refusal, refusal } from './i18n/grammar/refusal';
import type { Locale } from './i18n/locales';
import { MAX_MINUTES, parseTimeString } from './timeString';

export type AdjustParse = { ok: true; minutes: number } | Refusal;

/** A change of more than this, at once, is asked about before it is sent. */
export const ADJUST_ASK_ABOVE_MINUTES = 60;

/** `locale`: the user's language, whose units and decimal comma are read besides English's. */
export function parseAdjustment(input: string, locale: Locale = 'en'): AdjustParse {
  const grammar = grammarOf(locale);
  const s = input.trim();
  if (s === '')
    return refusal(
      grammar,
      'Enter the time to add, like +15, or to take off, like -0:10.',
      'quick-refusals.enterAdjustment',
    );
  const sign = s[0] === '-' || s[0] === '−' ? -1 : 1;
  const rest = (s[0] === '+' || sign < 0 ? s.slice(1) : s).trim();
  if (/^\d+$/.test(rest)) {
    const minutes = Number(rest);
    if (minutes < 1)
      return refusal(grammar, 'The time must be at least one minute.', 'quick-refusals.atLeastOneMinute');
    if (minutes > MAX_MINUTES)
      return refusal(grammar, 'The time must be at most 24 hours.', 'quick-refusals.atMostDay');
    return { ok: true, minutes: sign * minutes };
  }
  // A fraction alone is minutes here, and minutes are whole: "1,5" too where the language writes a decimal comma.
  if (/^\d*\.\d+$/.test(rest) || (grammar.decimalComma && /^\d*,\d+$/.test(rest)))
    return refusal(
      grammar,
      `“${rest}” minutes? Write whole minutes, like 15, or hours with h, like ${rest}h.`,
      'quick-refusals.fractionOfMinutes',
      { text: rest },
    );
  const parsed = parseTimeString(rest, { min: 1, max: MAX_MINUTES }, locale);
  if (!parsed.ok) return parsed;
  return { ok: true, minutes: sign * parsed.minutes };
}

export interface AdjustPreview {
  /** The timer's time after the change, whole minutes: never below 0 (main stops it at 0:00). */
  minutes: number;
  /** "→ 0:25", or "→ 0:00 (stops at 0:00)" when more is taken off than the timer has. */
  text: string;
  /** More than an hour at once: the field asks before sending it. */
  large: boolean;
}

/** What a typed change will make of a timer at `seconds` (main/core/calls/timerEdits.ts applies the same floor). */
export function adjustPreview(seconds: number, change: number, format?: TimeFormat): AdjustPreview {
  const after = seconds + change * 60;
  const minutes = Math.max(0, Math.floor(after / 60));
  const large = Math.abs(change) > ADJUST_ASK_ABOVE_MINUTES;
  const zero = formatMinutes(0, format);
  return { minutes, text: after < 0 ? `→ ${zero} (stops at ${zero})` : `→ ${formatMinutes(minutes, format)}`, large };
}
