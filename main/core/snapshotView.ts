// The snapshot the window is shown, derived from what was read (sync/serviceState.ts), what the
// user chose to see or was told (calls/shownState.ts), the outbox, the settings and the calendars,
// with the idle prompt and the working-hours reminder it carries. Whoever changes any of those
// calls changed(), and every subscriber (the window, the tray) gets the snapshot rebuilt.

import { localDate } from '../../common/format';
import type { Snapshot } from '../../common/snapshot';
import { weekOf, type WeekRange } from '../../common/week';
import type { ShownState } from './calls/shownState';
import type { WindowView } from './calls/windowView';
import type { IdleEvent, IdlePrompt } from './desktop/idle/policy';
import { idleSourceText } from './desktop/idle/sources';
import { createIdleTracker, type IdleTracker } from './desktop/idle/tracker';
import { createReminderScheduler, type ReminderScheduler } from './desktop/reminder/scheduler';
import type { SettingsStore } from './settings/store';
import type { Outbox } from './sync/outbox';
import type { ServiceState } from './sync/serviceState';
import type { WorkerView } from './sync/workerView';
import type { Clock, CoreOptions } from './types';
import { deriveSnapshot } from './views/deriveSnapshot';
import { createStore, type Store } from './views/snapshotStore';
import { userFormats } from './views/userFormats';

export interface SnapshotParts {
  options: Pick<CoreOptions, 'account' | 'calendars'>;
  clock: Clock;
  settings: SettingsStore;
  service: ServiceState;
  shown: ShownState;
  outbox: Outbox;
}

export class SnapshotView implements WindowView, WorkerView {
  private readonly parts: SnapshotParts;
  private readonly idle: IdleTracker;
  private readonly reminder: ReminderScheduler;
  private readonly store: Store<Snapshot>;
  private readonly unsubscribe: Array<() => void>;

  constructor(parts: SnapshotParts) {
    this.parts = parts;
    const { clock, settings, service, options } = parts;
    this.idle = createIdleTracker({
      timers: () => this.store.get().timers,
      thresholdMinutes: () => settings.get().idleThresholdMinutes,
    });
    this.reminder = createReminderScheduler({
      clock,
      settings: () => settings.get().reminder,
      timerRuns: () => (service.timersRead ? this.store.get().timers.some((t) => t.state === 'running') : null),
      changed: () => this.store.set(this.build()),
    });
    this.store = createStore(this.build());
    this.unsubscribe = [settings.subscribe(() => this.changed())];
    const calendars = options.calendars?.subscribe(() => this.changed());
    if (calendars) this.unsubscribe.push(calendars);
  }

  snapshot(): Snapshot {
    return this.store.get();
  }

  subscribe(listener: (snapshot: Snapshot) => void): () => void {
    return this.store.subscribe(listener);
  }

  /**
   * Something it shows changed: rebuilt, and sent to every subscriber. The reminder is decided on
   * the snapshot just built (whether a timer runs in it, the user's started ones included), and
   * rebuilt when it changes.
   */
  changed(): void {
    this.store.set(this.build());
    if (this.reminder.check()) this.store.set(this.build());
  }

  today(): string {
    return localDate(this.parts.clock.now());
  }

  /** The week as the user counts it now: a week start chosen but not sent yet counts already. */
  week(): WeekRange {
    const { shown, service, outbox } = this.parts;
    return weekOf(shown.weekOf ?? this.today(), userFormats(service.data, outbox.items()).weekStart);
  }

  /** A notice for the user (the worker's, or core told from outside), shown at once. */
  tell(message: string): void {
    this.parts.shown.addNotice(message, this.parts.clock.now());
    this.changed();
  }

  dismissNotice(id: string): boolean {
    if (!this.parts.shown.dismissNotice(id)) return false;
    this.changed();
    return true;
  }

  /** An idle event from the shell (desktop/idle/policy.ts): the prompt opens, closes or stays. */
  handleIdle(event: IdleEvent): void {
    if (this.idle.handle(event)) this.changed();
  }

  idlePrompt(): IdlePrompt | null {
    return this.idle.prompt();
  }

  closeIdlePrompt(): void {
    if (this.idle.resolve()) this.changed();
  }

  closeReminder(snooze: boolean): void {
    if (this.reminder.answer(snooze)) this.changed();
  }

  /** An export's progress (export/exporter.ts): entries written so far, or null once none runs. */
  exporting(progress: Snapshot['exporting']): void {
    this.parts.shown.exporting = progress;
    this.changed();
  }

  /** Core stops: no reminder is raised and no settings or calendar change is followed any more. */
  stop(): void {
    this.reminder.stop();
    for (const unsubscribe of this.unsubscribe) unsubscribe();
  }

  private build(): Snapshot {
    const { options, settings, service, shown, outbox } = this.parts;
    const { calendars } = options;
    return deriveSnapshot(service.data, outbox.items(), {
      account: options.account,
      online: service.online,
      connectionProblem: service.connectionProblem,
      lastSyncAt: service.lastSyncAt,
      readSinceOpen: service.readSinceOpen,
      today: this.today(),
      recent: shown.recent,
      notices: shown.notices,
      settings: settings.get(),
      idle: this.idle.prompt(),
      idleSource: idleSourceText(this.idle.source()),
      reminderAt: this.reminder.openAt(),
      week: this.week(),
      exporting: shown.exporting,
      ...(calendars ? { calendar: (entries, user, days) => calendars.view(this.today(), entries, user, days) } : {}),
    });
  }
}
