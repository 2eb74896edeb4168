// Reads the time a user types (quick entry, v1 minutes) as whole minutes, following
// shared/spec/GAPS.md "Time strings". Anything outside the listed forms is refused with a
// sentence saying what to write instead: a wrong guess would log the wrong time silently.

export type TimeParse = { ok: true; minutes: number } | { ok: false; message: string };

/** One entry is one day's work: a larger figure is almost surely a typo ("1500" for 15:00). */
export const MAX_MINUTES = 24 * 60;

const EXAMPLES = 'like 1:30, 1.5, 90m or 1h 30m';
const HOURS = '(?:h|hr|hrs|hour|hours)';
const MINUTES = '(?:m|min|mins|minute|minutes)';
const NUMBER = '(\\d+(?:\\.\\d+)?|\\.\\d+)';

const clock = /^(\d*):(\d*)$/;
const bare = new RegExp(`^${NUMBER}$`);
const units = new RegExp(`^(?:${NUMBER}\\s*${HOURS})?\\s*(?:${NUMBER}\\s*${MINUTES})?$`);

const refuse = (message: string): TimeParse => ({ ok: false, message });

function accept(minutes: number): TimeParse {
  const whole = Math.round(minutes);
  if (whole <= 0) return refuse('The time must be at least one minute.');
  if (whole > MAX_MINUTES) return refuse('The time must be at most 24 hours.');
  return { ok: true, minutes: whole };
}

export function parseTimeString(input: string): TimeParse {
  const s = input.trim().toLowerCase();
  if (s === '') return refuse(`Enter a time, ${EXAMPLES}.`);

  const c = clock.exec(s);
  if (c) {
    const [, h, m] = c;
    if (m!.length !== 2) return refuse('Write the minutes with two digits, like 1:05.');
    if (Number(m) >= 60) return refuse(`“${input.trim()}”: minutes must be below 60.`);
    return accept(Number(h || 0) * 60 + Number(m));
  }

  const b = bare.exec(s);
  if (b) {
    const n = Number(b[1]);
    // Decided in GAPS.md: a bare decimal is hours; a bare whole number is hours up to 9 and minutes
    // from 10, since nobody logs 15 hours by typing "15" but many log a quarter of an hour that way.
    if (b[1]!.includes('.') || n <= 9) return accept(n * 60);
    return accept(n);
  }

  const u = units.exec(s);
  if (u && (u[1] !== undefined || u[2] !== undefined)) {
    const hours = Number(u[1] ?? 0);
    const minutes = Number(u[2] ?? 0);
    if (u[2] !== undefined && !Number.isInteger(minutes)) return refuse('Minutes must be a whole number, like 45m.');
    if (u[1] !== undefined && u[2] !== undefined && minutes >= 60) return refuse(`“${input.trim()}”: minutes must be below 60.`);
    return accept(hours * 60 + minutes);
  }

  if (s.startsWith('-')) return refuse('The time cannot be negative.');
  return refuse(`“${input.trim()}” is not a time. Write it ${EXAMPLES}.`);
}
