// The minutes attribute of a v1 entry (spec 002: "String of time to log. Parsed like the
// quick-entry box"): the forms of GAPS.md "Time strings", read by the app's own parser
// (common/timeString.ts) so that a string logs the same time in the app and through v1.
// Only the bounds differ: a v1 entry has "0 or more minutes" (spec 002 "Entry"), so 0 and 0:00
// are accepted, and the top is v2's (LIMITS.minutes) instead of quick entry's one day, which
// guards a person's typo rather than an API's data.
import { parseTimeString, type TimeParse } from '../../common/timeString';
import { LIMITS } from '../http/fields';

export const V1_TIME_BOUNDS = { min: 0, max: LIMITS.minutes } as const;

/**
 * A JSON number is read as the text it is written as (decided: 90 is "90", 90 minutes; 1.5 is
 * "1.5", 90 minutes; 5 is "5", 5 hours), so one rule holds whatever type a client sends.
 */
export function parseV1Minutes(value: string | number): TimeParse {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  return parseTimeString(text, V1_TIME_BOUNDS);
}
