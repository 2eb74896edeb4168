// What each call of the contract does. The shape of every request is already checked
// (common/dispatch.ts); here its meaning is: does the project exist, does the text parse. A
// data-changing call answers once its operation is on disk and in the snapshot, never after the
// network, so the UI answers within a frame whatever the service does.

import type { Activity } from '../../../common/activity';
import type { Handlers, RequestOf, ResponseOf } from '../../../common/contract';
import { fail, ok, type Result } from '../../../common/result';
import type { Settings } from '../../../common/settings';
import type { Snapshot } from '../../../common/snapshot';
import { accountsNotHere } from '../accounts/accountsRefused';
import { activityHandlers } from './activity';
import { entryHandlers } from './entries';
import { handlerKit } from './kit';
import { lineHandlers } from './lines';
import { operationHandlers } from './failedOperations';
import { projectHandlers } from './projects';
import { timerEditHandlers } from './timerEdits';
import { timerHandlers } from './timers';
import type { IdlePrompt } from '../desktop/idle/policy';
import { idleOperations } from '../desktop/idle/resolve';
import type { Outbox } from '../sync/outbox';
import { isDate, type WeekRange } from '../../../common/week';

export interface HandlerDeps {
  outbox: Outbox;
  now(): number;
  snapshot(): Snapshot;
  /** The operation is queued: show it and have the worker send it. */
  queued(): void;
  /** The user asked for fresh data, or to retry: the worker should not wait out a backoff. */
  urgent(): void;
  refresh(): void;
  /** A timer of this project was just used: it comes first among the paused ones. */
  touched(projectId: number): void;
  recent(): readonly number[];
  stopped(): boolean;
  /** Removes a notice from the snapshot; false when there is none by that id. */
  dismissNotice(id: string): boolean;
  /** Checks, applies and saves a change of settings (settings/update.ts); without it, settings cannot change. */
  updateSettings?(patch: RequestOf<'updateSettings'>): Result<Settings>;
  /** Shows the week that holds date (null: this week): it is read unless already here. Without it, only this week. */
  showWeek?(date: string | null): WeekRange;
  /** How long a discard or delete waits for an undo (undo/grace.ts); 0 sends it at once. */
  undoGraceMs?: number;
  /** The open idle prompt (idle/tracker.ts); without it, there is never one. */
  idlePrompt?(): IdlePrompt | null;
  /** The idle prompt was answered: close it. */
  idleResolved?(): void;
  /** The working-hours reminder was answered (reminder/scheduler.ts): close it, snoozed or not. */
  reminderAnswered?(snooze: boolean): void;
  /** Writes a range's CSV into the Downloads folder (export/exporter.ts); without it, the window cannot export. */
  exportCsv?(range: RequestOf<'exportCsv'>): Promise<Result<ResponseOf<'exportCsv'>>>;
  /** The sync ledger (sync/ledger.ts); without it, the activity is empty. */
  activity?(): Activity;
}

/** Every call of the contract: each area's handlers (calls/), on one kit (calls/kit.ts), with the app's own. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const kit = handlerKit(deps);
  const { act, queue, timerOf } = kit;
  const { startLastTimer, ...timers } = timerHandlers(kit);
  return {
    ...timers,
    ...timerEditHandlers(kit),
    ...entryHandlers(kit),
    ...lineHandlers(kit),
    ...projectHandlers(kit),
    ...operationHandlers(kit),
    ...accountsNotHere,
    ...activityHandlers(() => deps.activity?.() ?? { entries: [], waitingByAccount: [] }, deps.now),

    getSnapshot: async () => ok(deps.snapshot()),

    refresh: async () => {
      deps.refresh();
      return ok(null);
    },

    resolveIdle: ({ choice }) =>
      act(async (now, snap) => {
        const prompt = deps.idlePrompt?.() ?? null;
        const ops = idleOperations(prompt, choice, prompt ? timerOf(snap, prompt.projectId) : undefined, now);
        if (!ops.ok) return ops;
        for (const body of ops.value) await queue(now, () => body);
        deps.idleResolved?.();
        return ok(null);
      }),

    // Answered once, whatever the choice; a late "Start last" (a timer runs by now) starts nothing.
    answerReminder: async ({ choice }) => {
      if (choice === 'start-last') {
        const started = await startLastTimer();
        if (!started.ok) return started;
      }
      deps.reminderAnswered?.(choice === 'snooze');
      return ok(null);
    },

    showWeek: async ({ weekOf }) => {
      if (weekOf !== null && !isDate(weekOf)) return fail('invalid_input', `${weekOf} is not a date.`, 'weekOf');
      if (!deps.showWeek) return fail('internal', 'Only this week can be shown here.');
      return ok(deps.showWeek(weekOf));
    },

    exportCsv: async (range) =>
      deps.exportCsv ? deps.exportCsv(range) : fail('internal', 'Exporting is not available here.'),

    updateSettings: async (patch) =>
      deps.updateSettings ? deps.updateSettings(patch) : fail('internal', 'Settings cannot be changed here.'),
  };
}
