// Reads the change a user types into a timer's Adjust field: "+15" adds a quarter of an hour,
// "-0:10" takes ten minutes off, an unsigned time adds. The time itself is read as quick entry
// reads it (common/timeString.ts, GAPS.md "Time strings"), so "+5" is five hours there too.

import { MAX_MINUTES, parseTimeString } from './timeString';

export type AdjustParse = { ok: true; minutes: number } | { ok: false; message: string };

export function parseAdjustment(input: string): AdjustParse {
  const s = input.trim();
  if (s === '') return { ok: false, message: 'Enter the time to add, like +15, or to take off, like -0:10.' };
  const sign = s[0] === '-' || s[0] === '−' ? -1 : 1;
  const rest = s[0] === '+' || sign < 0 ? s.slice(1) : s;
  const parsed = parseTimeString(rest, { min: 1, max: MAX_MINUTES });
  if (!parsed.ok) return parsed;
  return { ok: true, minutes: sign * parsed.minutes };
}
