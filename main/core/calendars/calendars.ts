// The user's calendars, the app's (whichever account is open, as the settings are): each one's
// address in the keychain, its events cached on disk for offline (calendarFiles.ts), read again
// at most every 15 minutes while the window is shown, and today's events not yet logged for the
// snapshot (dayEvents.ts). Every account's core is given this one object (CoreOptions.calendars).

import { randomUUID } from 'node:crypto';
import { fail, ok, type Result } from '../../../common/result';
import type {
  CalendarEventView,
  CalendarSourceView,
  CalendarView,
  EntryView,
  Snapshot,
} from '../../../common/snapshot';
import type { TimerClock } from '../../api/clock';
import { systemClock } from '../../api/clock';
import type { SecretStore } from '../embedded/keychain';
import { checkAddress, readCalendarText, relabelled } from './calendarAddress';
import {
  type CalendarsFile,
  readCachedText,
  readCalendarsFile,
  removeCachedText,
  writeCachedText,
  writeCalendarsFile,
} from './calendarFiles';
import { dayEvents, type DayOccurrence } from './dayEvents';
import { occurrencesBetween, parseCalendar, type ParsedCalendar } from './icsCalendar';

/** How often a calendar is read while the window is shown, at most. */
export const CALENDAR_REFRESH_MS = 15 * 60_000;

export interface CalendarsOptions {
  dataDir: string;
  secrets: SecretStore;
  clock?: TimerClock;
}

export interface Calendars {
  /**
   * The snapshot's part: the calendars, today's events not logged by these entries, and those of
   * the shown week's days up to today (by date).
   */
  view(
    today: string,
    entries: readonly EntryView[],
    user: Snapshot['user'],
    week?: readonly WeekDayEntries[],
  ): CalendarView;
  /** Calls back when the view may have changed (a read, an addition, a dismissal). */
  subscribe(listener: () => void): () => void;
  /** Reads the address, then keeps it (keychain) and its events (cache); refused at the field when it cannot be read. */
  add(request: { address: string; email?: string | undefined }): Promise<Result<CalendarSourceView>>;
  remove(id: string): Promise<Result<null>>;
  /** Reads every calendar now (the user asked). */
  refresh(): Promise<Result<null>>;
  dismiss(key: string): Result<null>;
  /** The window was shown or hidden: calendars are read while it is shown, at most every 15 minutes. */
  windowShown(shown: boolean): void;
  /** Resolves once no read is on its way (tests). */
  settled(): Promise<void>;
  stop(): void;
}

const keychainAccount = (id: string) => `calendar-${id}`;

interface Loaded {
  parsed: ParsedCalendar | null;
  problem: string | null;
  /** Epoch ms of the last try, good or not: the next automatic one waits 15 minutes from it. */
  triedAt: number | null;
}

/** What the calendars hold in memory: the file's state, each calendar's events, and who listens. */
interface Held {
  dataDir: string;
  file(): CalendarsFile;
  save(next: CalendarsFile): void;
  loaded: Map<string, Loaded>;
  /** Counts changes: the day's occurrences are expanded again after one. */
  version(): number;
  changed(): void;
  subscribe(listener: () => void): () => void;
}

function holdCalendars(dataDir: string): Held {
  let file = readCalendarsFile(dataDir);
  // A label an earlier Stint kept with a path segment that may be the secret (issue 28 item 3)
  // is rewritten as its host only, and the file with it.
  const calendars = file.calendars.map((c) => (c.kind === 'url' ? { ...c, label: relabelled(c.label) } : c));
  if (calendars.some((c, i) => c.label !== file.calendars[i]!.label)) {
    file = { ...file, calendars };
    writeCalendarsFile(dataDir, file);
  }
  const loaded = new Map<string, Loaded>(file.calendars.map((c) => [c.id, fromCache(dataDir, c.id, c.readAt)]));
  const listeners = new Set<() => void>();
  let version = 0;
  return {
    dataDir,
    file: () => file,
    save(next) {
      file = next;
      writeCalendarsFile(dataDir, file);
    },
    loaded,
    version: () => version,
    changed() {
      version++;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function openCalendars(options: CalendarsOptions): Calendars {
  const { dataDir, secrets } = options;
  const clock = options.clock ?? systemClock;
  const held = holdCalendars(dataDir);
  const { loaded } = held;
  const reader = calendarReader(held, secrets, clock);
  return {
    view: viewOf(held),
    subscribe: held.subscribe,
    add: (request) => addCalendar({ request, secrets, held, now: clock.now }),
    async remove(id) {
      if (!loaded.has(id)) return fail('not_found', 'There is no such calendar.', 'id');
      await secrets.delete(keychainAccount(id), 'calendar-address');
      loaded.delete(id);
      removeCachedText(dataDir, id);
      held.save({ ...held.file(), calendars: held.file().calendars.filter((c) => c.id !== id) });
      held.changed();
      return ok(null);
    },
    async refresh() {
      await Promise.all([...loaded.keys()].map(reader.read));
      return ok(null);
    },
    dismiss(key) {
      const file = held.file();
      if (!file.dismissed.includes(key)) held.save({ ...file, dismissed: [...file.dismissed, key] });
      held.changed();
      return ok(null);
    },
    windowShown: reader.windowShown,
    settled: reader.settled,
    stop: reader.stop,
  };
}

/** Reading the addresses: on demand, and while the window is shown each calendar 15 minutes after its last try. */
function calendarReader(held: Held, secrets: SecretStore, clock: TimerClock) {
  const { loaded } = held;
  const reading = new Map<string, Promise<void>>();
  const state = { shown: false, stopped: false, timer: null as unknown };

  /** Reads one calendar's address again; a failure keeps its cached events and says why. */
  const read = (id: string): Promise<void> => {
    const running = reading.get(id);
    if (running) return running;
    const known = loaded.get(id);
    if (!known) return Promise.resolve();
    const at = clock.now();
    known.triedAt = at;
    const run = readOne(id, secrets)
      .then(({ text, parsed }) => {
        if (state.stopped || !loaded.has(id)) return;
        writeCachedText(held.dataDir, id, text);
        loaded.set(id, { parsed, problem: null, triedAt: at });
        const file = held.file();
        held.save({ ...file, calendars: file.calendars.map((c) => (c.id === id ? { ...c, readAt: at } : c)) });
      })
      .catch((error: Error) => {
        if (loaded.has(id)) loaded.set(id, { ...known, problem: error.message, triedAt: at });
      })
      .finally(() => {
        reading.delete(id);
        held.changed();
      });
    reading.set(id, run);
    return run;
  };

  /** How long until a calendar is due: 15 minutes after its last try. */
  const dueIn = (l: Loaded) => (l.triedAt === null ? 0 : l.triedAt + CALENDAR_REFRESH_MS - clock.now());
  // One timeout, set for the calendar due first, while the window is shown.
  const schedule = () => {
    if (state.timer !== null) clock.clearTimeout(state.timer);
    state.timer = null;
    if (!state.shown || state.stopped || loaded.size === 0) return;
    const wait = Math.min(...[...loaded.values()].map(dueIn));
    state.timer = clock.setTimeout(readDue, Math.max(0, wait));
  };
  const readDue = () => {
    for (const [id, l] of loaded) if (dueIn(l) <= 0) void read(id).then(schedule);
    schedule();
  };

  return {
    read,
    windowShown(shown: boolean) {
      state.shown = shown;
      if (shown) readDue();
      else schedule();
    },
    async settled() {
      while (reading.size > 0) await Promise.all([...reading.values()]);
    },
    stop() {
      state.stopped = true;
      state.shown = false;
      schedule();
    },
  };
}

/** The address from the keychain, read and parsed. */
async function readOne(id: string, secrets: SecretStore): Promise<{ text: string; parsed: ParsedCalendar }> {
  const address = await secrets.get(keychainAccount(id), 'calendar-address');
  if (address === null) throw new Error('Its address is no longer in the keychain: remove it and add it again.');
  const checked = checkAddress(address);
  if (!checked.ok) throw new Error(checked.message);
  const text = await readCalendarText(checked);
  return { text, parsed: parseCalendar(text) };
}

/** A day of the week view with its entries (Snapshot.week.days). */
export type WeekDayEntries = { date: string; entries: readonly EntryView[] };

/**
 * The snapshot's part. Each day's occurrences are expanded once per change of calendars (and
 * user); matching them with the entries, on every snapshot, is cheap.
 */
function viewOf(held: Held): Calendars['view'] {
  const memo = { key: '', days: new Map<string, ReturnType<typeof dayOccurrences>>() };
  return (today, entries, user, week = []) => {
    const key = `${held.version()}|${user?.email ?? ''}`;
    if (memo.key !== key || memo.days.size > 31) memo.days.clear();
    memo.key = key;
    const file = held.file();
    const dayOf = (date: string) => {
      const known = memo.days.get(date);
      if (known) return known;
      const made = dayOccurrences({ file, loaded: held.loaded, today: date, user });
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
      held.save({ ...file, projects: { ...file.projects, ...learned } });
      queueMicrotask(held.changed);
    }
    const none: Loaded = { parsed: null, problem: null, triedAt: null };
    const calendars = file.calendars.map((c) => sourceView(c, held.loaded.get(c.id) ?? none));
    return { calendars, today: todays.open, week: days };
  };
}

function fromCache(dataDir: string, id: string, readAt: number | null): Loaded {
  const text = readCachedText(dataDir, id);
  let parsed: ParsedCalendar | null = null;
  try {
    parsed = text === null ? null : parseCalendar(text);
  } catch {
    parsed = null;
  }
  // The next read is due 15 minutes after the last one, even across a restart.
  return { parsed, problem: null, triedAt: readAt };
}

interface AddDeps {
  request: { address: string; email?: string | undefined };
  secrets: SecretStore;
  held: Held;
  now(): number;
}

async function addCalendar({ request, secrets, held, now }: AddDeps): Promise<Result<CalendarSourceView>> {
  const checked = checkAddress(request.address);
  if (!checked.ok) return fail('invalid_input', checked.message, 'address');
  for (const c of held.file().calendars)
    if ((await secrets.get(keychainAccount(c.id), 'calendar-address')) === checked.address)
      return fail('invalid_input', 'That calendar is already added.', 'address');
  let parsed: ParsedCalendar;
  let text: string;
  try {
    text = await readCalendarText(checked);
    parsed = parseCalendar(text);
  } catch (error) {
    return fail('rejected', (error as Error).message, 'address');
  }
  const id = randomUUID();
  try {
    await secrets.set(keychainAccount(id), 'calendar-address', checked.address);
  } catch (error) {
    return fail('internal', (error as Error).message, 'address');
  }
  const at = now();
  const email = request.email?.trim().toLowerCase() || null;
  const entry = { id, kind: checked.kind, label: checked.label, email, readAt: at };
  writeCachedText(held.dataDir, id, text);
  held.save({ ...held.file(), calendars: [...held.file().calendars, entry] });
  const loaded: Loaded = { parsed, problem: null, triedAt: at };
  held.loaded.set(id, loaded);
  held.changed();
  return ok(sourceView(entry, loaded));
}

const sourceView = (c: CalendarsFile['calendars'][number], l: Loaded): CalendarSourceView => ({
  id: c.id,
  label: c.label,
  kind: c.kind,
  email: c.email,
  readAt: c.readAt,
  problem: l.problem,
  events: l.parsed?.eventCount ?? 0,
});

const looksLikeAddress = (text: string | null | undefined): text is string => !!text && /^[^\s@]+@[^\s@]+$/.test(text);

interface DayParts {
  file: CalendarsFile;
  loaded: Map<string, Loaded>;
  today: string;
  user: Snapshot['user'];
}

/** The day's occurrences from every calendar, and the addresses that are the user in invitations. */
function dayOccurrences({ file, loaded, today, user }: DayParts) {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const dayStart = new Date(y, m - 1, d).getTime();
  const dayEnd = new Date(y, m - 1, d + 1).getTime();
  const occurrences: DayOccurrence[] = [];
  // The user in invitations: the address given for a calendar, Google's calendar name (its owner's
  // address for a primary calendar), and the account's own. One list for every calendar.
  const addresses = new Set<string>(looksLikeAddress(user?.email) ? [user.email.toLowerCase()] : []);
  for (const c of file.calendars) {
    const parsed = loaded.get(c.id)?.parsed;
    if (c.email) addresses.add(c.email);
    if (!parsed) continue;
    if (looksLikeAddress(parsed.name)) addresses.add(parsed.name.toLowerCase());
    for (const o of occurrencesBetween(parsed, dayStart, dayEnd)) occurrences.push({ ...o, calendarId: c.id });
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
