// The snapshot: the service's data as last read, with every operation the service has not shown
// back yet applied on top. Recomputed from both on every change rather than patched, so a fresh
// read and a queued operation can arrive in any order and the result is the same.

import { DEFAULT_SETTINGS, type Settings } from '../../../common/settings';
import type { EntryView, NoticeView, ProjectView, ShownStatus, Snapshot, TimerView } from '../../../common/snapshot';
import { exactLiveSeconds } from '../../../common/liveSeconds';
import { marksUnbillable } from '../../../common/billableTags';
import { describeOperation, editableValues, type Collection, type Operation } from '../model/operations';
import type { OutboxItem } from '../sync/outbox';
import { billingIncrement, DEFAULT_BILLING_INCREMENT, roundUpToIncrement } from '../model/minutes';
import type { ServiceData } from '../sync/serviceData';
import { undoViews, withoutDeleted } from './undoLines';
import type { IdlePrompt } from '../desktop/idle/policy';
import { idleView } from '../desktop/idle/view';
import { idleSourceText } from '../desktop/idle/sources';
import { reminderView } from '../desktop/reminder/view';
import { recentProjectIds } from './recentProjects';
import { inWeek, weekOf, type WeekRange } from '../../../common/week';
import { weekView } from './weekView';
import { userFormats } from './userFormats';
import { chooseLocale } from '../../../common/i18n/chosenLocale';
import { eitherSavedHere, operationStatuses, type Statuses, shownStatus, statusesFor } from './saveStatus';

export interface ViewContext {
  account: Snapshot['account'];
  online: boolean;
  /** Why the service cannot be reached while offline; default none. */
  connectionProblem?: Snapshot['connectionProblem'];
  lastSyncAt: number | null;
  /** Whether a read of this open has landed (Snapshot.readSinceOpen); default true. */
  readSinceOpen?: boolean;
  /** Local YYYY-MM-DD. */
  today: string;
  /** Project ids of timers the user touched, most recent first: orders the paused timers. */
  recent: readonly number[];
  /** Newest first. */
  notices: readonly NoticeView[];
  /** Default: DEFAULT_SETTINGS. */
  settings?: Settings;
  /** The system's preferred languages; default Intl's. The app lays its own over (accounts/app.ts). */
  systemLanguages?: readonly string[];
  /** The open idle prompt (desktop/idle/tracker.ts); default none. */
  idle?: IdlePrompt | null;
  /** Where idle is read from, in words (desktop/idle/sources.ts idleSourceText); default not read yet. */
  idleSource?: string;
  /** Epoch ms the open working-hours reminder was raised (desktop/reminder/scheduler.ts); default none. */
  reminderAt?: number | null;
  /** The week the window shows (showWeek); default the week of today. */
  week?: WeekRange;
  /** The CSV export on its way (export/exporter.ts); default none. */
  exporting?: Snapshot['exporting'];
  /** The calendars' part, from today's entries (calendars/calendars.ts Calendars.view); default none. */
  calendar?: (
    todayEntries: readonly EntryView[],
    user: Snapshot['user'],
    week: ReadonlyArray<{ date: string; entries: readonly EntryView[] }>,
  ) => Snapshot['calendar'];
}

export function deriveSnapshot(read: ServiceData, items: readonly OutboxItem[], ctx: ViewContext): Snapshot {
  // The user's formats with their unsent choice laid over (userFormats.ts): every view below reads these.
  const data = { ...read, ...userFormats(read, items) };
  // One status object per state, in this account's words: every row and operation shares them.
  const statuses = statusesFor(ctx.account.label);
  // Failed operations did not happen; settled ones show until the read that includes them is back.
  const shows = (c: Collection) =>
    items.filter((i) => i.status === 'pending' || (i.status === 'settled' && i.awaiting.includes(c)));

  const projects = applyProjects(data.projects, shows('projects'));
  const timers = applyTimers(data.timers, shows('timers'), { projects, recent: ctx.recent, statuses });
  const entryItems = shows('entries');
  const week = ctx.week ?? weekOf(ctx.today, data.weekStart);
  const weekRead = data.week?.start === week.start && data.week.end === week.end ? data.week.list : null;
  const todayRead = data.entries?.date === ctx.today ? data.entries.list : [];
  const isCurrent = inWeek(ctx.today, week);
  const isToday = (date: string) => date === ctx.today;
  let entries: EntryView[];
  let weekEntries: EntryView[];
  if (isCurrent) {
    // One read holds both: today's are the week's of today (an entry moved to today shows there too).
    weekEntries = applyEntries(weekRead ?? todayRead, entryItems, { projects, statuses }, (date) => inWeek(date, week));
    entries = weekEntries.filter((e) => isToday(e.date));
  } else {
    entries = applyEntries(todayRead, entryItems, { projects, statuses }, isToday);
    weekEntries = applyEntries(weekRead ?? [], entryItems, { projects, statuses }, (date) => inWeek(date, week));
  }

  const shownWeek = weekView(weekEntries, {
    week,
    weekStart: data.weekStart,
    isCurrent,
    loaded: weekRead !== null,
    stale: !ctx.online,
    projects,
  });
  return deepFreeze({
    account: { ...ctx.account },
    user: data.user,
    timeFormat: data.timeFormat,
    projects,
    recentProjectIds: recentProjectIds(ctx.recent, entries, projects, items),
    timers,
    today: { date: ctx.today, entries, totalMinutes: entries.reduce((sum, e) => sum + e.minutes, 0) },
    week: shownWeek,
    outbox: {
      pending: items.filter((i) => i.status === 'pending').length,
      failed: items
        .filter((i) => i.status === 'failed')
        .map((i) => ({
          id: i.op.id,
          summary: describeOperation(i.op, data.timeFormat, projects),
          message: i.message ?? '',
          editable: editableValues(i.op, data.timeFormat),
        })),
    },
    operations: operationStatuses(items, statuses),
    notices: [...ctx.notices],
    online: ctx.online,
    connectionProblem: ctx.online ? null : (ctx.connectionProblem ?? null),
    lastSyncAt: ctx.lastSyncAt,
    readSinceOpen: ctx.readSinceOpen ?? true,
    // Accounts are the app layer's (accounts/app.ts); a lone core knows only its own.
    accounts: [],
    otherAccountTimers: [],
    signIn: null,
    shortcuts: { refused: [], toggleCommand: null },
    settings: ctx.settings ?? DEFAULT_SETTINGS,
    ...localePart(ctx.settings ?? DEFAULT_SETTINGS, ctx.systemLanguages ?? intlLanguages()),
    undo: undoViews(items, data.timeFormat),
    idle: idleView(ctx.idle ?? null, timers),
    idleSource: ctx.idleSource ?? idleSourceText(undefined),
    reminder: reminderView(ctx.reminderAt ?? null, timers, projects, ctx.recent),
    exporting: ctx.exporting ?? null,
    calendar: ctx.calendar?.(entries, data.user, shownWeek.days) ?? { calendars: [], today: [], week: {} },
  });
}

/** Snapshot.locale, formatLocale and systemLanguages from the settings' language and the system's. */
export function localePart(
  settings: Pick<Settings, 'language'>,
  system: readonly string[],
): Pick<Snapshot, 'locale' | 'formatLocale' | 'systemLanguages'> {
  return { ...chooseLocale(settings.language, system), systemLanguages: [...system] };
}

/** A lone core's system languages: the one Intl started with, read once (a formatter costs). */
let intlStarted: string[] | undefined;
const intlLanguages = (): string[] => (intlStarted ??= [new Intl.DateTimeFormat().resolvedOptions().locale]);

/** One collator for every sort: localeCompare with options builds one per call (most of a recompute's time). */
const byName = new Intl.Collator(undefined, { sensitivity: 'base' });

function applyProjects(read: ProjectView[], items: OutboxItem[]): ProjectView[] {
  const projects = [...read];
  for (const { op } of items) {
    if (op.kind !== 'createProject') continue;
    const id = op.projectId ?? op.localId;
    if (!projects.some((p) => p.id === id)) {
      projects.push({
        id,
        name: op.name,
        color: op.color ?? null,
        billingIncrement: DEFAULT_BILLING_INCREMENT,
        enabled: true,
      });
    }
  }
  return projects.sort((a, b) => byName.compare(a.name, b.name));
}

function applyTimers(
  read: TimerView[],
  items: OutboxItem[],
  { projects, recent, statuses }: { projects: ProjectView[]; recent: readonly number[]; statuses: Statuses },
): TimerView[] {
  const timers = new Map(read.map((t) => [t.projectId, t]));
  for (const item of items) {
    const { op } = item;
    const status = shownStatus(item, statuses);
    switch (op.kind) {
      case 'startTimer':
        appliedStart(timers, op, status, projects);
        break;
      case 'rewindTimer': {
        // The time away taken off: it runs on from the seconds the user chose, as of that moment.
        const t = timers.get(op.projectId);
        if (t?.state === 'running') timers.set(op.projectId, { ...t, seconds: op.seconds, asOf: op.at, status });
        break;
      }
      case 'adjustTimer': {
        // At the adjusted seconds from the moment the user adjusted: running, it runs on from there.
        const t = timers.get(op.projectId);
        if (t && (t.state === 'running') === op.running)
          timers.set(op.projectId, {
            ...t,
            seconds: op.seconds,
            asOf: op.running ? op.at : Math.max(op.at, t.asOf),
            status: eitherSavedHere(status, t.status),
          });
        break;
      }
      case 'setTimerNote': {
        const t = timers.get(op.projectId);
        if (t)
          timers.set(op.projectId, {
            ...t,
            description: op.description || null,
            status: eitherSavedHere(status, t.status),
          });
        break;
      }
      case 'pauseTimer': {
        // At the seconds the user paused at: a read newer than the pause has the service's timer
        // still running on, and those seconds were never the user's.
        const t = timers.get(op.projectId);
        if (t?.state === 'running') timers.set(op.projectId, { ...pausedWith(t, op.seconds, op.at), status });
        break;
      }
      case 'logTimer':
      case 'discardTimer':
        timers.delete(op.projectId);
        break;
      // Projects, entries and the user's formats change no timer.
      case 'createProject':
      case 'createEntry':
      case 'updateEntry':
      case 'deleteEntry':
      case 'updateCurrentUser':
        break;
    }
  }
  const rank = (t: TimerView) => {
    const r = recent.indexOf(t.projectId);
    return r < 0 ? recent.length : r;
  };
  // Running first; then the most recently used; ties keep the service's order (a stable sort).
  return [...timers.values()].sort(
    (a, b) => Number(b.state === 'running') - Number(a.state === 'running') || rank(a) - rank(b),
  );
}

/** A start applied to the timers: it runs, and the timer it pauses stands where the user left it. */
function appliedStart(
  timers: Map<number, TimerView>,
  op: Extract<OutboxItem['op'], { kind: 'startTimer' }>,
  status: ShownStatus,
  projects: ProjectView[],
): void {
  // The timer it pauses stands where the user left it (op.pauses), whatever a read newer
  // than the start says: until the start lands, the service lets that timer run on. Any
  // other running one (started elsewhere) stops at the moment of the start. Either is a
  // guess until the start lands: saved here, so no later action takes it as confirmed.
  for (const t of timers.values()) {
    if (t.state !== 'running' || t.projectId === op.projectId) continue;
    const paused = op.pauses?.projectId === t.projectId ? pausedWith(t, op.pauses.seconds, op.at) : pausedAt(t, op.at);
    timers.set(t.projectId, { ...paused, status: eitherSavedHere(status, t.status) });
  }
  const t = timers.get(op.projectId);
  if (t?.state === 'running') {
    if (op.description) timers.set(op.projectId, { ...t, description: op.description, status });
    return;
  }
  const project = projects.find((p) => p.id === op.projectId);
  timers.set(op.projectId, {
    projectId: op.projectId,
    projectName: t?.projectName ?? project?.name ?? op.projectName,
    color: t?.color ?? project?.color ?? null,
    state: 'running',
    seconds: t?.seconds ?? op.fromSeconds,
    asOf: op.at,
    description: op.description ?? t?.description ?? null,
    status,
  });
}

const pausedAt = (t: TimerView, at: number): TimerView => pausedWith(t, exactLiveSeconds(t, at), at);

const pausedWith = (t: TimerView, seconds: number, at: number): TimerView => ({
  ...t,
  state: 'paused',
  seconds,
  asOf: Math.max(at, t.asOf),
});

/**
 * The entries read, with the queued ones first (newest first), every unsent edit applied and the
 * deleted ones left out; then those of the days kept (an edit may have moved one to another day).
 */
function applyEntries(
  read: EntryView[],
  items: OutboxItem[],
  { projects, statuses }: { projects: ProjectView[]; statuses: Statuses },
  keep: (date: string) => boolean,
): EntryView[] {
  const queued: EntryView[] = [];
  for (const item of items) {
    const entry = queuedEntry(item, projects, shownStatus(item, statuses));
    if (entry) queued.unshift(entry);
  }
  const updated = withUpdates([...queued, ...read], items, { projects, statuses });
  return withoutDeleted(updated, items).filter((e) => keep(e.date));
}

function queuedEntry(
  { op, status: itemStatus, batch, attempted }: OutboxItem,
  projects: ProjectView[],
  status: ShownStatus,
): EntryView | null {
  const pending = itemStatus === 'pending';
  if (op.kind === 'logTimer') {
    if (op.discarded) return null;
    // Until it is sent its operation takes an edit (calls/loggedTimer.ts); once a send began, its
    // id comes with the read after the log, and the entry is edited there.
    const editable = pending && !attempted;
    return {
      key: op.id,
      id: null,
      date: op.date,
      minutes: op.minutes,
      description: op.description,
      projectName: op.projectName,
      projectId: op.projectId,
      billable: billableOf(op.projectId, op.projectName, projects),
      status,
      ...(editable ? {} : { editable }),
    };
  }
  if (op.kind === 'createEntry') {
    // Shown as the service will record it: rounded up to the project's increment (a project it
    // is to create gets the default one).
    const minutes = roundUpToIncrement(op.minutes, incrementOf(op.projectId ?? undefined, op.projectName, projects));
    // Editable while its operation can still be amended (outbox.ts amend): pending, and not
    // sent in a bulk import; sent, it is editable again once read back with its id.
    const editable = pending && batch === undefined;
    return {
      key: op.id,
      id: null,
      date: op.date,
      minutes,
      description: op.description || null,
      projectName: op.projectName,
      projectId: op.projectId,
      billable: billableOf(op.projectId, op.projectName, projects),
      status,
      ...(editable ? {} : { editable }),
    };
  }
  return null;
}

/** Entries with the values of the edits not yet read back (updateEntry), the latest edit winning. */
function withUpdates(
  entries: EntryView[],
  items: OutboxItem[],
  { projects, statuses }: { projects: ProjectView[]; statuses: Statuses },
): EntryView[] {
  const edits = new Map<number, { op: Extract<Operation, { kind: 'updateEntry' }>; status: ShownStatus }>();
  for (const item of items) {
    const { op } = item;
    if (op.kind !== 'updateEntry') continue;
    const earlier = edits.get(op.entryId)?.status;
    const status = shownStatus(item, statuses);
    edits.set(op.entryId, { op, status: earlier ? eitherSavedHere(status, earlier) : status });
  }
  if (edits.size === 0) return entries;
  return entries.map((e) => {
    const edit = e.id === null ? undefined : edits.get(e.id);
    if (!edit) return e;
    const { op } = edit;
    return {
      ...e,
      minutes: roundUpToIncrement(op.minutes, incrementOf(op.projectId, op.projectName, projects)),
      description: op.description || null,
      projectName: op.projectName,
      ...(op.date === undefined ? {} : { date: op.date }),
      // Moved: the new project's id and billing; else as it was.
      ...(op.projectId === undefined
        ? {}
        : { projectId: op.projectId, billable: billableOf(op.projectId, op.projectName, projects) }),
      ...editedBillable(e, op, projects),
      status: eitherSavedHere(e.status, edit.status),
    };
  });
}

/**
 * The billing increment the service rounds an entry's minutes up to: its project's (by id, else
 * by name when the project is only named), the default for a project not read yet, 1 for none.
 */
function incrementOf(
  projectId: number | null | undefined,
  projectName: string | null,
  projects: ProjectView[],
): number {
  const project = projectId ? projects.find((p) => p.id === projectId) : projects.find((p) => p.name === projectName);
  return billingIncrement(project, projectName !== null || Boolean(projectId));
}

/**
 * Whether an edited entry is billable, as the service will say once it has the edit: an unbillable
 * tag written into the description (the Billable checkbox, common/billableTags.ts) makes it
 * unbillable; taking out the tags that made it so leaves it as its project is. Otherwise as before.
 */
function editedBillable(
  before: EntryView,
  op: Extract<Operation, { kind: 'updateEntry' }>,
  projects: ProjectView[],
): Pick<EntryView, 'billable'> {
  const tags = before.unbillableTags ?? [];
  if (marksUnbillable(op.description, tags)) return { billable: false };
  if (!marksUnbillable(before.description, tags)) return {};
  return {
    billable: billableOf(op.projectId === undefined ? before.projectId : op.projectId, op.projectName, projects),
  };
}

/** Whether an entry on this project is billable: as its project is, unknown for one not read yet, never for none. */
function billableOf(
  projectId: number | null | undefined,
  projectName: string | null,
  projects: ProjectView[],
): boolean | undefined {
  if (projectName === null && !projectId) return false;
  const project = projectId ? projects.find((p) => p.id === projectId) : projects.find((p) => p.name === projectName);
  return project?.billable;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
