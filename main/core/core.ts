// Builds core from its parts: the outbox on disk, the service data last read, the snapshot
// derived from both, the worker that talks to the service, and the handlers of the contract.

import { randomUUID } from 'node:crypto';
import { localDate } from '../../common/format';
import { weekOf } from '../../common/week';
import type { NoticeView, Snapshot } from '../../common/snapshot';
import { unreachable } from '../api/unreachable';
import { createExporter } from './export/exporter';
import { createHandlers } from './calls/handlers';
import { isIdleEvent } from './desktop/idle/policy';
import { createIdleTracker } from './desktop/idle/tracker';
import { createReminderScheduler } from './desktop/reminder/scheduler';
import { createMemorySettingsStore } from './settings/store';
import { updateSettings } from './settings/update';
import { openLedger } from './sync/ledger';
import { ledgerOutbox } from './sync/ledgerOutbox';
import { waitingIn } from './sync/waiting';
import { openOutbox } from './sync/outbox';
import { READS, type Read } from './sync/serviceReads';
import { emptyServiceData, type ServiceData } from './sync/serviceData';
import { createStore } from './views/snapshotStore';
import { systemClock, type Core, type CoreOptions, type LifecycleEvent } from './types';
import { deriveSnapshot } from './views/deriveSnapshot';
import { startWorker } from './sync/worker';

/** How many recently used timers order the paused ones. */
const RECENT = 20;
/** How many notices are kept; older ones drop off, as they would scroll out of sight anyway. */
const NOTICES = 20;

export async function createCore(options: CoreOptions): Promise<Core> {
  const clock = options.clock ?? systemClock;
  const opened = await openOutbox(options.dataDir);
  const { skipped } = opened;
  const ledger = openLedger(options.dataDir);
  const outbox = ledgerOutbox(opened.outbox, ledger, clock);
  if (skipped > 0)
    console.warn(`Stint: skipped ${skipped} unreadable line(s) of the outbox journal (a write cut short by a crash).`);

  let data: ServiceData = emptyServiceData();
  let online = true;
  let connectionProblem: Snapshot['connectionProblem'] = null;
  let lastSyncAt: number | null = null;
  let stopped = false;
  // The reminder waits for the first read of the timers: before it, "no timer runs" is not known.
  let timersRead = false;
  const recent: number[] = [];
  // In memory only: a notice tells of something that just happened; after a restart it is old news.
  let notices: NoticeView[] = [];
  let exporting: Snapshot['exporting'] = null;
  const settings = options.settings ?? createMemorySettingsStore();
  if (settings.problem) notices = [{ id: randomUUID(), message: settings.problem, at: clock.now() }];
  const idle = createIdleTracker({
    timers: () => store.get().timers,
    thresholdMinutes: () => settings.get().idleThresholdMinutes,
  });

  const today = () => localDate(clock.now());
  // The week the window shows: a day in it (showWeek), or null for this week, which follows today.
  let shownWeekOf: string | null = null;
  const week = () => weekOf(shownWeekOf ?? today(), data.weekStart);
  const build = (): Snapshot =>
    deriveSnapshot(data, outbox.items(), {
      account: options.account,
      online,
      connectionProblem,
      lastSyncAt,
      today: today(),
      recent,
      notices,
      settings: settings.get(),
      idle: idle.prompt(),
      reminderAt: reminder.openAt(),
      week: week(),
      exporting,
    });
  const reminder = createReminderScheduler({
    clock,
    settings: () => settings.get().reminder,
    timerRuns: () => (timersRead ? store.get().timers.some((t) => t.state === 'running') : null),
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

  const worker = startWorker({
    api: options.api,
    outbox,
    clock,
    ...(options.backoff ? { backoff: options.backoff } : {}),
    ...(options.importer ? { importer: options.importer } : {}),
    today,
    week,
    data: () => data,
    received(what: Read, patch) {
      data = { ...data, ...patch };
      if (what !== 'user') outbox.refreshed(what);
      if (what === 'timers') timersRead = true;
      lastSyncAt = clock.now();
    },
    reached(answered, why) {
      online = answered;
      // A refusal that time fixes but is no network failure (a 401) says its own words elsewhere.
      connectionProblem = answered ? null : (unreachable(why) ?? null);
    },
    changed,
    retrying(ids, message) {
      for (const id of ids)
        ledger.record({ t: 'failed', id, at: clock.now(), message, refused: false, retrying: true });
    },
    notice(message) {
      notices = [{ id: randomUUID(), message, at: clock.now() }, ...notices].slice(0, NOTICES);
      changed();
    },
  });

  const exporter = createExporter({
    api: options.api,
    userId: () => data.userId,
    changed(now) {
      exporting = now;
      changed();
    },
  });

  const handlers = createHandlers({
    outbox,
    now: () => clock.now(),
    snapshot: store.get,
    queued() {
      changed();
      worker.wake(false);
    },
    urgent: () => worker.wake(true),
    refresh() {
      worker.request(...READS);
      worker.wake(true);
    },
    touched(projectId) {
      const at = recent.indexOf(projectId);
      if (at >= 0) recent.splice(at, 1);
      recent.unshift(projectId);
      recent.length = Math.min(recent.length, RECENT);
    },
    recent: () => recent,
    stopped: () => stopped,
    dismissNotice(id) {
      const before = notices.length;
      notices = notices.filter((n) => n.id !== id);
      if (notices.length === before) return false;
      changed();
      return true;
    },
    idlePrompt: idle.prompt,
    idleResolved() {
      if (idle.resolve()) changed();
    },
    reminderAnswered(snooze) {
      if (reminder.answer(snooze)) changed();
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
      shownWeekOf = date;
      const shown = week();
      changed();
      // Read once per week shown: the read for it may already be here (this week, or the same one again).
      if (data.week?.start !== shown.start) {
        worker.request('entries');
        worker.wake(true);
      }
      return shown;
    },
    activity: () => ({
      entries: ledger.entries(),
      waitingByAccount: [{ accountId: options.account.id, label: options.account.label, waiting: waitingIn(outbox) }],
    }),
    ...(options.undoGraceMs !== undefined ? { undoGraceMs: options.undoGraceMs } : {}),
    ...(options.downloadsDir ? { exportCsv: (range) => exporter.toFolder(range, options.downloadsDir!) } : {}),
  });

  worker.request(...READS);

  return {
    handlers,
    getSnapshot: store.get,
    subscribe: store.subscribe,
    notify(event: LifecycleEvent) {
      if (isIdleEvent(event)) {
        if (idle.handle(event)) changed();
        if (event.kind !== 'resume' && event.kind !== 'unlock') return;
      }
      if (event === 'window-hidden') return worker.setWindowShown(false);
      if (event === 'window-shown') worker.setWindowShown(true);
      worker.freshen();
      worker.wake(true);
    },
    setBroadcastsLive: (live) => worker.setBroadcastsLive(live),
    whenIdle: () => worker.whenIdle(),
    describeSync: () => worker.describe(),
    exportCsv: exporter.stream,
    async stop() {
      if (stopped) return;
      stopped = true;
      reminder.stop();
      unsubscribeSettings();
      await worker.stop();
      await outbox.close();
    },
  };
}
