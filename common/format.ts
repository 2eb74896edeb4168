// How durations and dates read everywhere in Stint (tray, window, notifications), written once.

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Elapsed seconds as H:MM:SS ("1:05:09", "0:42:10"); negative or fractional input is floored at 0. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}`;
}

/**
 * How the user reads durations, chosen on the service (current_user time_format, spec 001):
 * `hours_minutes` "1:30", `fraction` "1.50" (hours, two decimals, as Harvest and Toggl write them).
 */
export type TimeFormat = 'fraction' | 'hours_minutes';

export const DEFAULT_TIME_FORMAT: TimeFormat = 'hours_minutes';

/**
 * Writes a number as a language does (Words.formatNumber, Intl): a fraction's decimal separator is
 * the locale's ("1,50" in German and French). Without one, as English writes it ("1.50").
 */
export type NumberWriter = (value: number, options: Intl.NumberFormatOptions) => string;

const FRACTION: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false };

/**
 * Whole minutes as H:MM ("1:30", "0:05"), or as hours to two decimals ("1.50", "0.08") for a user
 * who chose fractions, with `numbers`' decimal separator when given ("1,50").
 */
export function formatMinutes(
  minutes: number,
  format: TimeFormat = DEFAULT_TIME_FORMAT,
  numbers?: NumberWriter,
): string {
  const m = Math.max(0, Math.floor(minutes));
  if (format === 'fraction') return numbers ? numbers(m / 60, FRACTION) : (m / 60).toFixed(2);
  return `${Math.floor(m / 60)}:${pad2(m % 60)}`;
}

/**
 * A billing increment in the unit the minutes it rounds are written in, so a sentence never mixes
 * them: "15 minutes" beside "0:04", "0.25 hours" beside "0.07" for a user who chose fractions.
 */
export function formatIncrement(increment: number, format: TimeFormat = DEFAULT_TIME_FORMAT): string {
  return format === 'fraction' ? `${formatMinutes(increment, format)} hours` : `${increment} minutes`;
}

/** A time as the user writes one, for the examples in hints and placeholders: "1:30", or "1.50" for fractions. */
export const exampleTime = (format: TimeFormat = DEFAULT_TIME_FORMAT): string => formatMinutes(90, format);

/**
 * A timer's running time: H:MM:SS ("1:05:09") ticking by the second, or for a user who chose
 * fractions the hours to two decimals ("1.08"), as the tray writes it.
 */
export function formatElapsed(
  seconds: number,
  format: TimeFormat = DEFAULT_TIME_FORMAT,
  numbers?: NumberWriter,
): string {
  return format === 'fraction' ? formatMinutes(Math.max(0, seconds) / 60, format, numbers) : formatDuration(seconds);
}

/** The calendar day, YYYY-MM-DD, that an instant falls on in the local time zone. */
export function localDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}
