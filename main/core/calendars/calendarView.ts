// The snapshot's calendar part, from what main holds of each calendar: its facts and the days its
// thread has listed (calendarWorker.ts). A day not listed yet is asked for (calendars.ts `want`)
// and shows none until it comes; nothing here parses or expands, so a snapshot costs only the
// matching of a day's few occurrences with its entries.

import type {
  CalendarEventView,
  CalendarSourceView,
  CalendarView,
  EntryView,
  Snapshot,
} from '../../../common/snapshot';
import type { CalendarFacts, DaySpan } from './calendarThread';
import type { CalendarsFile } from './calendarFiles';
import { dayEvents, type DayOccurrence } from './dayEvents';
import type { CalendarOccurrence } from './icsCalendar';
import { MAX_LISTED_PER_DAY, MAX_MOVES, MAX_PER_DAY } from './recurrence';

/** What main holds of one calendar. */
export interface Loaded {
  facts: CalendarFacts | null;
  problem: string | null;
  /** Epoch ms of the last try, good or not: the next automatic one waits 15 minutes from it. */
  triedAt: number | null;
  /** The days its thread listed for these facts, by date. */
  days: Map<string, CalendarOccurrence[]>;
}

export const notLoaded = (triedAt: number | null): Loaded => ({ facts: null, problem: null, triedAt, days: new Map() });

/** A day of the week view with its entries (Snapshot.week.days). */
export type WeekDayEntries = { date: string; entries: readonly EntryView[] };

export interface ViewSource {
  file(): CalendarsFile;
  save(next: CalendarsFile): void;
  loaded: Map<string, Loaded>;
  version(): number;
  changed(): void;
  /** Asks the thread for a calendar's days it has not listed; the view is told when they come. */
  want(id: string, dates: string[]): void;
}

/** The local day a date names, as main's time zone sees it (the thread has the same). */
export function spanOf(date: string): DaySpan {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { date, from: new Date(y, m - 1, d).getTime(), to: new Date(y, m - 1, d + 1).getTime() };
}

/**
 * The snapshot's part. Each day's occurrences are gathered once per change of calendars (and
 * user); matching them with the entries, on every snapshot, is cheap.
 */
export function viewOf(source: ViewSource) {
  const memo = { key: '', days: new Map<string, ReturnType<typeof dayOccurrences>>() };
  return (
    today: string,
    entries: readonly EntryView[],
    user: Snapshot['user'],
    week: readonly WeekDayEntries[] = [],
  ) => {
    const key = `${source.version()}|${user?.email ?? ''}`;
    if (memo.key !== key || memo.days.size > 31) memo.days.clear();
    memo.key = key;
    const file = source.file();
    const dayOf = (date: string) => {
      const known = memo.days.get(date);
      if (known) return known;
      const made = dayOccurrences({ source, file, date, user });
      memo.days.set(date, made);
      return made;
    };
    const todays = openEvents(file, dayOf(today), entries);
    const learned = { ...todays.learned };
    const days: Record<string, CalendarEventView[]> = {};
    // Quick entry logs up to today, never a later day: the week lists none after it.
    for (const d of week.filter((w) => w.date <= today)) {
      const one = d.date === today ? todays : openEvents(file, dayOf(d.date), d.entries, d.date);
      days[d.date] = one.open;
      Object.assign(learned, one.learned);
    }
    // What the entries say of the events' projects is kept for their next occurrences.
    if (Object.entries(learned).some(([uid, name]) => file.projects[uid] !== name)) {
      source.save({ ...file, projects: { ...file.projects, ...learned } });
      queueMicrotask(source.changed);
    }
    const calendars = file.calendars.map((c) => sourceView(c, source.loaded.get(c.id) ?? notLoaded(null)));
    return { calendars, today: todays.open, week: days } satisfies CalendarView;
  };
}

export const sourceView = (c: CalendarsFile['calendars'][number], l: Loaded): CalendarSourceView => ({
  id: c.id,
  label: c.label,
  kind: c.kind,
  email: c.email,
  readAt: c.readAt,
  problem: l.problem ?? (l.facts ? leftOutMessage(l.facts.leftOut) : null),
  events: l.facts?.eventCount ?? 0,
});

/** What a calendar's bounds left out (recurrence.ts, icsCalendar.ts), in words; null: nothing. */
function leftOutMessage({ tooOften, tooManyMoves, crowdedDays }: CalendarFacts['leftOut']): string | null {
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const parts = [
    tooOften ? `${count(tooOften, 'event')} repeating more than ${MAX_PER_DAY} times a day` : '',
    tooManyMoves ? `${count(tooManyMoves, 'event')} with more than ${MAX_MOVES} moved occurrences` : '',
    crowdedDays ? `the events after the first ${MAX_LISTED_PER_DAY} of ${count(crowdedDays, 'day')}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `Left out: ${parts.join('; ')}.` : null;
}

const looksLikeAddress = (text: string | null | undefined): text is string => !!text && /^[^\s@]+@[^\s@]+$/.test(text);

interface DayParts {
  source: ViewSource;
  file: CalendarsFile;
  date: string;
  user: Snapshot['user'];
}

/** The day's occurrences from every calendar (those listed so far), and the addresses that are the user in invitations. */
function dayOccurrences({ source, file, date, user }: DayParts) {
  const { from: dayStart, to: dayEnd } = spanOf(date);
  const occurrences: DayOccurrence[] = [];
  // The user in invitations: the address given for a calendar, Google's calendar name (its owner's
  // address for a primary calendar), and the account's own. One list for every calendar.
  const addresses = new Set<string>(looksLikeAddress(user?.email) ? [user.email.toLowerCase()] : []);
  for (const c of file.calendars) {
    const loaded = source.loaded.get(c.id);
    if (c.email) addresses.add(c.email);
    if (!loaded?.facts) continue;
    if (looksLikeAddress(loaded.facts.name)) addresses.add(loaded.facts.name.toLowerCase());
    const listed = loaded.days.get(date);
    if (!listed) source.want(c.id, [date]);
    for (const o of listed ?? []) occurrences.push({ ...o, calendarId: c.id });
  }
  occurrences.sort((a, b) => a.start - b.start);
  return { occurrences, userAddresses: [...addresses], dayStart, dayEnd };
}

/** The day's events these entries have not logged (dayEvents.ts), as the snapshot shows them. */
function openEvents(
  file: CalendarsFile,
  day: ReturnType<typeof dayOccurrences>,
  entries: readonly EntryView[],
  dayWord?: string,
): { open: CalendarEventView[]; learned: Record<string, string> } {
  const { open, learned } = dayEvents({
    ...day,
    entries,
    dismissed: new Set(file.dismissed),
    projects: file.projects,
    ...(dayWord ? { dayWord } : {}),
  });
  return {
    open: open.map(({ key, calendarId, title, start, end, allDay, line, projectName }) => ({
      key,
      calendarId,
      title,
      start,
      end,
      allDay,
      line,
      projectName,
    })),
    learned,
  };
}
