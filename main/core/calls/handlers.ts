// What each call of the contract does. The shape of every request is already checked
// (common/dispatch.ts); here its meaning is: does the project exist, does the text parse. A
// data-changing call answers once its operation is on disk and in the snapshot, never after the
// network, so the UI answers within a frame whatever the service does.

import type { Handlers } from '../../../common/contract';
import { ok, type Result } from '../../../common/result';
import { isDate, type WeekRange } from '../../../common/week';
import { calendarHandlers } from '../calendars/handlers';
import type { ServiceState } from '../sync/serviceState';
import { READS } from '../sync/serviceReads';
import type { Worker } from '../sync/worker';
import { activityHandlers } from './activity';
import type { CoreServices } from './coreServices';
import { currentUserHandlers } from './currentUser';
import type { Decisions } from './decisions';
import { entryHandlers } from './entries';
import { operationHandlers } from './failedOperations';
import { idleAnswerHandler } from './idleAnswer';
import { lineHandlers } from './lines';
import type { OutboxQueue } from './outboxQueue';
import { projectHandlers } from './projects';
import type { ShownState } from './shownState';
import { timerEditHandlers } from './timerEdits';
import { timerHandlers } from './timers';
import type { WindowView } from './windowView';
import { refuse, said } from '../../../common/refusal';
import { isolated } from '../../../common/bidi';

/**
 * The contract's account channels: the app layer answers them (accounts/handlers.ts), since which
 * accounts exist and which one is open is the app's business, never one account's core.
 */
export type AccountChannel =
  | 'addAccountWithToken'
  | 'beginSignIn'
  | 'cancelSignIn'
  | 'signOut'
  | 'setDefaultAccount'
  | 'renameAccount';

/** The channels the app answers with no account's data: the window's words (accounts/stintApp.ts). */
export type AppChannel = 'getCatalog';

/** What a core answers: the contract's data channels, every channel but the account and app ones. */
export type CoreHandlers = Omit<Handlers, AccountChannel | AppChannel>;

/**
 * The collaborators the calls are built on, each an object of its own file: core's state
 * (coreState.ts) makes them once; tests with test/support/callParts.ts.
 */
export interface CallParts {
  clock: { now(): number };
  /** Each call in its turn, on the snapshot; projects compared by resolved ids (decisions.ts). */
  decisions: Decisions;
  /** Where a change goes: the outbox, the snapshot, the worker woken (outboxQueue.ts). */
  queue: OutboxQueue;
  /** The recent timers, the shown week (shownState.ts). */
  shown: ShownState;
  /** The snapshot the window shows, with its prompts (windowView.ts). */
  view: WindowView;
  /** What core last read (sync/serviceState.ts): whether a week shown is read already. */
  service: Pick<ServiceState, 'data'>;
  /** The one worker (sync/worker.ts): the reads a call asks for. */
  worker: Pick<Worker, 'readNow'>;
  /** The settings, the export, the ledger, the calendars (coreServices.ts). */
  services: CoreServices;
}

/**
 * Every data call of the contract: each area's handlers (calls/), each given the two or three
 * collaborators it works with. The account calls are not here: the app layer answers them
 * (accounts/handlers.ts).
 */
export function createHandlers(parts: CallParts): CoreHandlers {
  const { clock, decisions, queue, shown, view, worker, services } = parts;
  const { startLastTimer, ...timers } = timerHandlers(decisions, queue, shown);
  return {
    ...timers,
    ...timerEditHandlers(decisions, queue, shown),
    ...entryHandlers(decisions, queue),
    ...lineHandlers(decisions, queue),
    ...projectHandlers(decisions, queue),
    ...operationHandlers(decisions, queue, view),
    ...currentUserHandlers(decisions, queue),
    ...activityHandlers(
      () => services.activity(),
      () => clock.now(),
    ),
    ...calendarHandlers(services.calendars),

    getSnapshot: async () => ok(view.snapshot()),

    // The user asked for fresh data: everything is read again, at once.
    refresh: async () => {
      worker.readNow(...READS);
      return ok(null);
    },

    resolveIdle: idleAnswerHandler(decisions, queue, view),

    // The Electron shell answers it where the app updates itself (main/shell/updater.ts); a core alone has no update.
    restartToUpdate: async () => refuse('not_found', said('refusals.noUpdate'), 'No update is ready to install.'),

    // Answered once, whatever the choice; a late "Start last" (a timer runs by now) starts nothing.
    answerReminder: async ({ choice }) => {
      if (choice === 'start-last') {
        const started = await startLastTimer();
        if (!started.ok) return started;
      }
      view.closeReminder(choice === 'snooze');
      return ok(null);
    },

    showWeek: async ({ weekOf }) => showWeek(parts, weekOf),

    exportCsv: (range) => services.exportCsv(range),

    updateSettings: async (patch) => services.updateSettings(patch),
  };
}

/** Shows the week that holds date (null: this week): it is read unless already here. */
function showWeek({ shown, view, service, worker }: CallParts, date: string | null): Result<WeekRange> {
  if (date !== null && !isDate(date))
    return refuse(
      'invalid_input',
      said('refusals.notADate', { date: isolated(date) }),
      `${date} is not a date.`,
      'weekOf',
    );
  shown.weekOf = date;
  const range = view.week();
  view.changed();
  // Read once per week shown: the read for it may already be here (this week, or the same one again).
  if (service.data.week?.start !== range.start) worker.readNow('entries');
  return ok(range);
}
