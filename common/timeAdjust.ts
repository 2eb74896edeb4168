// Reads the change a user types into a timer's Adjust field: "+15" adds a quarter of an hour,
// "-0:10" takes ten minutes off, an unsigned time adds. A bare number is minutes here, unlike in
// quick entry: the field sits beside the −5/+5 minute buttons and its placeholder says "+15", so
// "+5" meaning five hours would be a trap. Any other form is read as quick entry reads it
// (common/timeString.ts, GAPS.md "Time strings"): "1:30", "90m", "1.5h".

import { formatMinutes, type TimeFormat } from './format';
import { MAX_MINUTES, parseTimeString } from './timeString';

export type AdjustParse = { ok: true; minutes: number } | { ok: false; message: string };

/** A change of more than this, at once, is asked about before it is sent. */
export const ADJUST_ASK_ABOVE_MINUTES = 60;

export function parseAdjustment(input: string): AdjustParse {
  const s = input.trim();
  if (s === '') return { ok: false, message: 'Enter the time to add, like +15, or to take off, like -0:10.' };
  const sign = s[0] === '-' || s[0] === '−' ? -1 : 1;
  const rest = (s[0] === '+' || sign < 0 ? s.slice(1) : s).trim();
  if (/^\d+$/.test(rest)) {
    const minutes = Number(rest);
    if (minutes < 1) return { ok: false, message: 'The time must be at least one minute.' };
    if (minutes > MAX_MINUTES) return { ok: false, message: 'The time must be at most 24 hours.' };
    return { ok: true, minutes: sign * minutes };
  }
  if (/^\d*\.\d+$/.test(rest))
    return { ok: false, message: `“${rest}” minutes? Write whole minutes, like 15, or hours with h, like ${rest}h.` };
  const parsed = parseTimeString(rest, { min: 1, max: MAX_MINUTES });
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
