// One account's core state, in one object: what core last read, whether the service answers, the
// notices, the shown week, the idle prompt and the reminder, and the snapshot derived from all of
// it with the outbox. The worker (sync/worker.ts) and the calls (calls/handlers.ts) are each given
// this object whole; each declares what it needs of it (WorkerDeps, HandlerDeps), and its methods
// say what they do.

import { randomUUID } from 'node:crypto';
import type { Activity } from '../../common/activity';
import type { RequestOf } from '../../common/contract';
import { localDate } from '../../common/format';
import { fail } from '../../common/result';
import type { NoticeView, Snapshot } from '../../common/snapshot';
import { weekOf } from '../../common/week';
import { unreachable } from '../api/unreachable';
import type { HandlerDeps } from './calls/kit';
import { isIdleEvent } from './desktop/idle/policy';
import { createIdleTracker } from './desktop/idle/tracker';
import { idleSourceText } from './desktop/idle/sources';
import { createReminderScheduler } from './desktop/reminder/scheduler';
import { createExporter } from './export/exporter';
import { UNDO_GRACE_MS } from './model/undoGrace';
import { createMemorySettingsStore, type SettingsStore } from './settings/store';
import { updateSettings } from './settings/update';
import type { Ledger } from './sync/ledger';
import type { Outbox } from './sync/outbox';
import { lastReadKeeper, readLastRead, type LastRead } from './sync/lastRead';
import { emptyServiceData, type ServiceData } from './sync/serviceData';
import { READS, type Read } from './sync/serviceReads';
import { waitingIn } from './sync/waiting';
import { startWorker, type Worker, type WorkerDeps } from './sync/worker';
import type { Clock, CoreOptions, LifecycleEvent } from './types';
import { deriveSnapshot } from './views/deriveSnapshot';
import { userFormats } from './views/userFormats';
import { createStore } from './views/snapshotStore';

/** How many recently used timers order the paused ones. */
const RECENT = 20;
/** How many notices are kept; older ones drop off, as they would scroll out of sight anyway. */
const NOTICES = 20;

/** What core's state is built from: the options, and the outbox and ledger opened on disk. */
export interface CoreParts {
  options: CoreOptions;
  outbox: Outbox;
  ledger: Ledger;
}

export interface CoreState extends WorkerDeps, HandlerDeps {
  subscribe(listener: (snapshot: Snapshot) => void): () => void;
  /** Something happened outside core (Core.notify). */
  notify(event: LifecycleEvent): void;
  setBroadcastsLive(live: boolean): void;
  whenIdle(): Promise<void>;
  describeSync(): string;
  exportTo: ReturnType<typeof createExporter>['stream'];
  stop(): Promise<void>;
}

export function createCoreState({ options, outbox, ledger }: CoreParts): CoreState {
  const clock = options.clock!;
  const settings = options.settings ?? createMemorySettingsStore();
  // What was last read shows at once, before any read of this open answers (sync/lastRead.ts).
  const service = serviceState(readLastRead(options.dataDir));
  const kept = lastReadKeeper(options.dataDir, () => ({
    at: service.lastSyncAt ?? clock.now(),
    data: service.data,
  }));
  const shown = shownState(settings.problem, clock.now());
  const view = snapshotView({ options, clock, settings, service, shown, outbox });
  const exporter = createExporter({
    api: options.api,
    userId: () => service.data.userId,
    timeFormat: () => userFormats(service.data, outbox.items()).timeFormat,
    changed(now) {
      shown.exporting = now;
      view.changed();
    },
  });
  // The worker is given this state whole, so it starts once the state is made.
  const started: { worker?: Worker } = {};
  const worker = () => started.worker!;
  const life = { stopping: false };
  const state: CoreState = {
    ...workerSide({ options, clock, outbox, ledger, service, shown, view, kept }),
    ...callSide({ options, clock, outbox, ledger, settings, service, shown, view, exporter, kept, worker, life }),
    notify(event) {
      if (typeof event === 'object' && event.kind === 'tell') {
        shown.addNotice(event.message, clock.now());
        return view.changed();
      }
      if (isIdleEvent(event)) {
        if (view.idle.handle(event)) view.changed();
        if (event.kind !== 'resume' && event.kind !== 'unlock') return;
      }
      if (event === 'window-hidden' || event === 'window-shown')
        options.calendars?.windowShown(event === 'window-shown');
      if (event === 'window-hidden') return worker().setWindowShown(false);
      if (event === 'window-shown') worker().setWindowShown(true);
      worker().freshen(event === 'broadcast' ? event : undefined);
      worker().wake(true);
    },
    setBroadcastsLive: (live) => worker().setBroadcastsLive(live),
    whenIdle: () => worker().whenIdle(),
    describeSync: () => worker().describe(),
    exportTo: exporter.stream,
    async stop() {
      if (life.stopping) return;
      life.stopping = true;
      view.stop();
      await worker().stop();
      kept.flush();
      await outbox.close();
    },
  };
  started.worker = startWorker(state);
  started.worker.request(...READS);
  return state;
}

interface Inner {
  options: CoreOptions;
  clock: Clock;
  outbox: Outbox;
  ledger: Ledger;
  settings: SettingsStore;
  service: ReturnType<typeof serviceState>;
  shown: ReturnType<typeof shownState>;
  view: ReturnType<typeof snapshotView>;
  exporter: ReturnType<typeof createExporter>;
  kept: ReturnType<typeof lastReadKeeper>;
  worker(): Worker;
  life: { stopping: boolean };
}

/** The snapshot, derived from what was read, what was shown and the outbox, with the idle prompt and the reminder it carries. */
function snapshotView({
  options,
  clock,
  settings,
  service,
  shown,
  outbox,
}: Pick<Inner, 'options' | 'clock' | 'settings' | 'service' | 'shown' | 'outbox'>) {
  const idle = createIdleTracker({
    timers: () => store.get().timers,
    thresholdMinutes: () => settings.get().idleThresholdMinutes,
  });
  const today = () => localDate(clock.now());
  const { calendars } = options;
  // The week as the user counts it now: a week start chosen but not sent yet counts already.
  const week = () => weekOf(shown.weekOf ?? today(), userFormats(service.data, outbox.items()).weekStart);
  const build = (): Snapshot =>
    deriveSnapshot(service.data, outbox.items(), {
      account: options.account,
      online: service.online,
      connectionProblem: service.connectionProblem,
      lastSyncAt: service.lastSyncAt,
      readSinceOpen: service.readSinceOpen,
      today: today(),
      recent: shown.recent,
      notices: shown.notices,
      settings: settings.get(),
      idle: idle.prompt(),
      idleSource: idleSourceText(idle.source()),
      reminderAt: reminder.openAt(),
      week: week(),
      exporting: shown.exporting,
      ...(calendars ? { calendar: (entries, user, days) => calendars.view(today(), entries, user, days) } : {}),
    });
  const reminder = createReminderScheduler({
    clock,
    settings: () => settings.get().reminder,
    timerRuns: () => (service.timersRead ? store.get().timers.some((t) => t.state === 'running') : null),
    changed: () => store.set(build()),
  });
  const store = createStore(build());
  // The reminder is decided on the snapshot just built (whether a timer runs in it, the user's
  // started ones included), and rebuilt when it changes.
  const changed = () => {
    store.set(build());
    if (reminder.check()) store.set(build());
  };
  const unsubscribeSettings = settings.subscribe(changed);
  const unsubscribeCalendars = calendars?.subscribe(changed);
  const stop = () => {
    reminder.stop();
    unsubscribeSettings();
    unsubscribeCalendars?.();
  };
  return { store, changed, idle, reminder, today, week, stop };
}

/** What the worker is given (WorkerDeps): the service and the outbox, and where its reads and news go. */
function workerSide({
  options,
  clock,
  outbox,
  ledger,
  service,
  shown,
  view,
  kept,
}: Pick<Inner, 'options' | 'clock' | 'outbox' | 'ledger' | 'service' | 'shown' | 'view' | 'kept'>): WorkerDeps {
  return {
    api: options.api,
    outbox,
    clock,
    ...(options.backoff ? { backoff: options.backoff } : {}),
    ...(options.importer ? { importer: options.importer } : {}),
    today: view.today,
    week: view.week,
    data: () => service.data,
    applyRead(what: Read, patch) {
      service.received(what, patch, clock.now());
      outbox.refreshed(what);
      kept.landed();
    },
    serviceAnswered: service.reached,
    snapshotChanged: view.changed,
    retryingLater(ids, message) {
      for (const id of ids)
        ledger.record({ t: 'failed', id, at: clock.now(), message, refused: false, retrying: true });
    },
    tellUser(message) {
      shown.addNotice(message, clock.now());
      view.changed();
    },
  };
}

/** What the calls are given (HandlerDeps): the snapshot to decide on, and what a call may change. */
function callSide(inner: Inner): HandlerDeps & Pick<CoreState, 'subscribe'> {
  const { options, clock, outbox, ledger, settings, service, shown, view, exporter, worker, life } = inner;
  return {
    outbox,
    undoGraceMs: options.undoGraceMs ?? UNDO_GRACE_MS,
    now: () => clock.now(),
    snapshot: view.store.get,
    subscribe: view.store.subscribe,
    stopping: () => life.stopping,
    operationQueued() {
      view.changed();
      worker().wake(false);
    },
    sendNow: () => worker().wake(true),
    readAgain() {
      worker().request(...READS);
      worker().wake(true);
    },
    timerUsed: shown.timerUsed,
    recentProjectIds: () => shown.recent,
    dismissNotice(id) {
      if (!shown.dismissNotice(id)) return false;
      view.changed();
      return true;
    },
    idlePrompt: view.idle.prompt,
    closeIdlePrompt() {
      if (view.idle.resolve()) view.changed();
    },
    closeReminder(snooze) {
      if (view.reminder.answer(snooze)) view.changed();
    },
    updateSettings: (patch) =>
      updateSettings(
        {
          store: settings,
          mac: process.platform === 'darwin',
          ...(options.applyHotkeys ? { applyHotkeys: options.applyHotkeys } : {}),
        },
        patch,
      ),
    showWeek(date) {
      shown.weekOf = date;
      const range = view.week();
      view.changed();
      // Read once per week shown: the read for it may already be here (this week, or the same one again).
      if (service.data.week?.start !== range.start) {
        worker().request('entries');
        worker().wake(true);
      }
      return range;
    },
    ...(options.calendars ? { calendars: options.calendars } : {}),
    exportCsv: (range: RequestOf<'exportCsv'>) =>
      options.downloadsDir
        ? exporter.toFolder(range, options.downloadsDir)
        : Promise.resolve(fail('internal', 'Exporting is not available here.')),
    activity: (): Activity => ({
      entries: ledger.entries(),
      waitingByAccount: [{ accountId: options.account.id, label: options.account.label, waiting: waitingIn(outbox) }],
    }),
  };
}

/** What core knows of the service: its data as last read (at first the read kept on disk), and whether it answers. */
function serviceState(kept: LastRead | null) {
  const state = {
    data: kept?.data ?? (emptyServiceData() as ServiceData),
    online: true,
    connectionProblem: null as Snapshot['connectionProblem'],
    lastSyncAt: kept?.at ?? (null as number | null),
    // Until a read of this open lands, nothing is known to be synced (the header says so).
    readSinceOpen: false,
    // The reminder waits for the first read of the timers: before it, "no timer runs" is not known.
    timersRead: false,
    received(what: Read, patch: Partial<ServiceData>, at: number) {
      state.data = { ...state.data, ...patch };
      if (what === 'timers') state.timersRead = true;
      state.lastSyncAt = at;
      state.readSinceOpen = true;
    },
    reached(answered: boolean, why?: unknown) {
      state.online = answered;
      // A refusal that time fixes but is no network failure (a 401) says its own words elsewhere.
      state.connectionProblem = answered ? null : (unreachable(why) ?? null);
    },
  };
  return state;
}

/** What the user chose to see or was told, kept in memory: the shown week, recent timers, notices, an export's progress. */
function shownState(settingsProblem: string | null | undefined, at: number) {
  const state = {
    // The week the window shows: a day in it (showWeek), or null for this week, which follows today.
    weekOf: null as string | null,
    recent: [] as number[],
    // In memory only: a notice tells of something that just happened; after a restart it is old news.
    notices: (settingsProblem ? [{ id: randomUUID(), message: settingsProblem, at }] : []) as NoticeView[],
    exporting: null as Snapshot['exporting'],
    addNotice(message: string, now: number) {
      state.notices = [{ id: randomUUID(), message, at: now }, ...state.notices].slice(0, NOTICES);
    },
    dismissNotice(id: string): boolean {
      const before = state.notices.length;
      state.notices = state.notices.filter((n) => n.id !== id);
      return state.notices.length !== before;
    },
    timerUsed(projectId: number) {
      const { recent } = state;
      const i = recent.indexOf(projectId);
      if (i >= 0) recent.splice(i, 1);
      recent.unshift(projectId);
      recent.length = Math.min(recent.length, RECENT);
    },
  };
  return state;
}
