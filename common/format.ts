// How durations and dates read everywhere in Stint (tray, window, notifications), written once.

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Elapsed seconds as H:MM:SS ("1:05:09", "0:42:10"); negative or fractional input is floored at 0. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}`;
}

/** Whole minutes as H:MM ("1:30", "0:05"). */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  return `${Math.floor(m / 60)}:${pad2(m % 60)}`;
}

/** The calendar day, YYYY-MM-DD, that an instant falls on in the local time zone. */
export function localDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}
