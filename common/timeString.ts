// Reads the time a user types (quick entry, v1 minutes) as whole minutes, following
// shared/spec/GAPS.md "Time strings". Anything outside the listed forms is refused with a
// sentence saying what to write instead: a wrong guess would log the wrong time silently.

export type TimeParse = { ok: true; minutes: number } | { ok: false; message: string };

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
const HOURS = '(?:h|hr|hrs|hour|hours)';
const MINUTES = '(?:m|min|mins|minute|minutes)';
const NUMBER = '(\\d+(?:\\.\\d+)?|\\.\\d+)';

const clock = /^(\d*):(\d*)$/;
const bare = new RegExp(`^${NUMBER}$`);
const units = new RegExp(`^(?:${NUMBER}\\s*${HOURS})?\\s*(?:${NUMBER}\\s*${MINUTES})?$`);

const refuse = (message: string): TimeParse => ({ ok: false, message });

function accept(minutes: number, bounds: TimeBounds): TimeParse {
  const whole = Math.round(minutes);
  if (whole < bounds.min)
    return refuse(
      bounds.min === 1 ? 'The time must be at least one minute.' : `The time must be at least ${bounds.min} minutes.`,
    );
  if (whole > bounds.max)
    return refuse(
      bounds.max === MAX_MINUTES
        ? 'The time must be at most 24 hours.'
        : `The time must be at most ${bounds.max} minutes.`,
    );
  return { ok: true, minutes: whole };
}

export function parseTimeString(input: string, bounds: TimeBounds = QUICK_ENTRY_BOUNDS): TimeParse {
  const s = input.trim().toLowerCase();
  if (s === '') return refuse(`Enter a time, ${EXAMPLES}.`);

  const c = clock.exec(s);
  if (c) {
    const [, h, m] = c;
    if (m!.length !== 2) return refuse('Write the minutes with two digits, like 1:05.');
    if (Number(m) >= 60) return refuse(`“${input.trim()}”: minutes must be below 60.`);
    return accept(Number(h || 0) * 60 + Number(m), bounds);
  }

  const b = bare.exec(s);
  if (b) {
    const n = Number(b[1]);
    // Decided in GAPS.md: a bare decimal is hours; a bare whole number is hours up to 9 and minutes
    // from 10, since nobody logs 15 hours by typing "15" but many log a quarter of an hour that way.
    if (b[1]!.includes('.') || n <= 9) return accept(n * 60, bounds);
    return accept(n, bounds);
  }

  const u = units.exec(s);
  if (u && (u[1] !== undefined || u[2] !== undefined)) {
    const hours = Number(u[1] ?? 0);
    const minutes = Number(u[2] ?? 0);
    if (u[2] !== undefined && !Number.isInteger(minutes)) return refuse('Minutes must be a whole number, like 45m.');
    if (u[1] !== undefined && u[2] !== undefined && minutes >= 60)
      return refuse(`“${input.trim()}”: minutes must be below 60.`);
    return accept(hours * 60 + minutes, bounds);
  }

  if (s.startsWith('-')) return refuse('The time cannot be negative.');
  return refuse(`“${input.trim()}” is not a time. Write it ${EXAMPLES}.`);
}
