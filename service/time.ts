// Date and time formats of the wire (spec 000 conventions 4): dates YYYY-MM-DD, timestamps
// YYYY-MM-DDTHH:MM:SSZ in UTC.

export function timestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in YYYY-MM-DD (2023-02-30 is not one). */
export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Normalises an ISO 8601 timestamp (Z or an offset) to the wire's UTC form; null if it is not one. */
export function parseTimestamp(text: string): string | null {
  const m = TIMESTAMP.exec(text);
  if (!m || !isDate(m[1]!)) return null;
  if (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4]) > 59) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : timestamp(new Date(ms));
}

/** The calendar date at `now` for someone whose clock is utcOffset seconds ahead of UTC. */
export function dateAt(now: Date, utcOffsetSeconds: number): string {
  return new Date(now.getTime() + utcOffsetSeconds * 1000).toISOString().slice(0, 10);
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** HH:MM:SS of a duration; hours grow past 99 rather than wrap. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
