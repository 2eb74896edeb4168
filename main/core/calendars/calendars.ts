// The user's calendars, the app's (whichever account is open, as the settings are): each one's
// address in the keychain, its events cached on disk for offline (calendarFiles.ts), read again
// at most every 15 minutes while the window is shown, and today's events not yet logged for the
// snapshot (dayEvents.ts). Every account's core is given this one object (CoreOptions.calendars).

import { randomUUID } from 'node:crypto';
import { fail, ok, type Result } from '../../../common/result';
import type { CalendarSourceView, CalendarView, EntryView, Snapshot } from '../../../common/snapshot';
import type { TimerClock } from '../../api/clock';
import { systemClock } from '../../api/clock';
import type { SecretStore } from '../../../platform/keychain';
import { type CheckedAddress, checkAddress, readCalendarText, relabelled } from './calendarAddress';
import {
  type CalendarsFile,
  readCachedText,
  readCalendarsFile,
  removeCachedText,
  writeCachedText,
  writeCalendarsFile,
} from './calendarFiles';
import { type CalendarThread, startCalendarThread, type ThreadAnswer } from './calendarThread';
import { type Loaded, notLoaded, sourceView, spanOf, viewOf, type WeekDayEntries } from './calendarView';

export type { WeekDayEntries };

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

/** The most dates whose occurrences each calendar keeps: a month of days looked at. */
const KEPT_DAYS = 62;

/** What the calendars hold in memory: the file's state, each calendar's facts and listed days, who listens, the thread. */
interface Held {
  dataDir: string;
  file(): CalendarsFile;
  save(next: CalendarsFile): void;
  loaded: Map<string, Loaded>;
  /** Counts changes: the view gathers the days' occurrences again after one. */
  version(): number;
  changed(): void;
  subscribe(listener: () => void): () => void;
  thread: CalendarThread;
  /** Keeps a promise until it settles, for settled(). */
  track<T>(work: Promise<T>): Promise<T>;
  busy: Set<Promise<unknown>>;
  /** The dates the view asked for last, newest last: a calendar read again lists them before it shows. */
  shown: Set<string>;
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
  const loaded = new Map<string, Loaded>(file.calendars.map((c) => [c.id, notLoaded(c.readAt)]));
  const listeners = new Set<() => void>();
  const busy = new Set<Promise<unknown>>();
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
    thread: startCalendarThread(),
    track(work) {
      busy.add(work);
      void work.finally(() => busy.delete(work));
      return work;
    },
    busy,
    shown: new Set(),
  };
}

export function openCalendars(options: CalendarsOptions): Calendars {
  const { dataDir, secrets } = options;
  const clock = options.clock ?? systemClock;
  const held = holdCalendars(dataDir);
  const { loaded } = held;
  const reader = calendarReader(held, secrets, clock);
  const want = dayWanter(held);
  // The cached texts are parsed in the thread: the window answers while they are.
  for (const id of loaded.keys()) void held.track(loadCached(held, id));
  const view = viewOf({ ...held, want });
  return {
    view: (today, entries, user, week) => {
      remember(held.shown, [today, ...(week ?? []).map((d) => d.date).filter((d) => d <= today)]);
      return view(today, entries, user, week);
    },
    subscribe: held.subscribe,
    add: (request) => held.track(addCalendar({ request, secrets, held, now: clock.now })),
    async remove(id) {
      if (!loaded.has(id)) return fail('not_found', 'There is no such calendar.', 'id');
      await secrets.delete(keychainAccount(id), 'calendar-address');
      loaded.delete(id);
      held.thread.drop(id);
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
    async settled() {
      while (held.busy.size > 0) await Promise.allSettled([...held.busy]);
    },
    stop() {
      reader.stop();
      held.thread.stop();
    },
  };
}

function remember(shown: Set<string>, dates: string[]) {
  for (const date of dates) {
    shown.delete(date);
    shown.add(date);
  }
  for (const date of shown) if (shown.size > 8) shown.delete(date);
}

/** A calendar's days not listed yet, asked of the thread once each; the view is told when they come. */
function dayWanter(held: Held) {
  const asked = new Map<string, Set<string>>();
  return (id: string, dates: string[]) => {
    const known = held.loaded.get(id);
    const pending = asked.get(id) ?? new Set<string>();
    const fresh = dates.filter((d) => !pending.has(d));
    if (!known?.facts || fresh.length === 0) return;
    for (const d of fresh) pending.add(d);
    asked.set(id, pending);
    const done = held.thread.days(id, fresh.map(spanOf)).then((answer) => {
      for (const d of fresh) pending.delete(d);
      // Read again meanwhile: the new facts came with their own days.
      if (held.loaded.get(id) !== known) return;
      if (answer.ok) keepDays(known, answer);
      else if (answer.unknown) return loadCached(held, id);
      else known.problem = answer.message;
      held.changed();
    });
    void held.track(done);
  };
}

function keepDays(loaded: Loaded, answer: Extract<ThreadAnswer, { ok: true }>) {
  loaded.facts = answer.facts;
  for (const [date, occurrences] of Object.entries(answer.days)) loaded.days.set(date, occurrences);
  for (const date of loaded.days.keys()) if (loaded.days.size > KEPT_DAYS) loaded.days.delete(date);
}

/** The thread parses a calendar's text and lists the days last shown; then the calendar shows them, all at once. */
async function loadText(held: Held, id: string, text: string): Promise<ThreadAnswer> {
  return held.thread.load(id, text, [...held.shown].map(spanOf));
}

/** A calendar's last read, from its cache (at start, or when the thread was started afresh). */
async function loadCached(held: Held, id: string): Promise<void> {
  const text = await readCachedText(held.dataDir, id);
  const known = held.loaded.get(id);
  if (text === null || !known) return;
  const answer = await loadText(held, id, text);
  if (held.loaded.get(id) !== known) return;
  if (answer.ok) held.loaded.set(id, { ...notLoaded(known.triedAt), problem: known.problem, facts: answer.facts });
  if (answer.ok) keepDays(held.loaded.get(id)!, answer);
  held.changed();
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
      .then(async ({ text, checked }) => {
        const answer = await loadText(held, id, text);
        if (!answer.ok) throw new Error(failureOf(answer, checked));
        if (state.stopped || !loaded.has(id)) return;
        writeCachedText(held.dataDir, id, text);
        const fresh: Loaded = { ...notLoaded(at), facts: answer.facts };
        keepDays(fresh, answer);
        loaded.set(id, fresh);
        const file = held.file();
        held.save({ ...file, calendars: file.calendars.map((c) => (c.id === id ? { ...c, readAt: at } : c)) });
      })
      .catch((error: Error) => {
        const now = loaded.get(id);
        if (now) now.problem = error.message;
      })
      .finally(() => {
        reading.delete(id);
        held.changed();
      });
    reading.set(id, run);
    return held.track(run);
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
    stop() {
      state.stopped = true;
      state.shown = false;
      schedule();
    },
  };
}

/** The address from the keychain, read. */
async function readOne(id: string, secrets: SecretStore): Promise<{ text: string; checked: ReadableAddress }> {
  const address = await secrets.get(keychainAccount(id), 'calendar-address');
  if (address === null) throw new Error('Its address is no longer in the keychain: remove it and add it again.');
  const checked = checkAddress(address);
  if (!checked.ok) throw new Error(checked.message);
  return { text: await readCalendarText(checked), checked };
}

type ReadableAddress = Extract<CheckedAddress, { ok: true }>;

/** Why the thread did not take a text, naming where it came from (its host, or the file's name) and nothing of it. */
function failureOf(answer: Extract<ThreadAnswer, { ok: false }>, checked: ReadableAddress): string {
  if (!answer.notCalendar) return answer.message;
  if (checked.kind === 'file') return `${checked.label} is not an iCalendar file.`;
  return `${new URL(checked.address).host} sent something that is not an iCalendar file.`;
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
  const id = randomUUID();
  let text: string;
  let answer: ThreadAnswer;
  try {
    text = await readCalendarText(checked);
    answer = await loadText(held, id, text);
  } catch (error) {
    return fail('rejected', (error as Error).message, 'address');
  }
  if (!answer.ok) return fail('rejected', failureOf(answer, checked), 'address');
  try {
    await secrets.set(keychainAccount(id), 'calendar-address', checked.address);
  } catch (error) {
    held.thread.drop(id);
    return fail('internal', (error as Error).message, 'address');
  }
  const at = now();
  const email = request.email?.trim().toLowerCase() || null;
  const entry = { id, kind: checked.kind, label: checked.label, email, readAt: at };
  writeCachedText(held.dataDir, id, text);
  held.save({ ...held.file(), calendars: [...held.file().calendars, entry] });
  const loaded: Loaded = { ...notLoaded(at), facts: answer.facts };
  keepDays(loaded, answer);
  held.loaded.set(id, loaded);
  held.changed();
  return ok(sourceView(entry, loaded));
}
