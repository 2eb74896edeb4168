// What each call of the contract does. The shape of every request is already checked
// (common/dispatch.ts); here its meaning is: does the project exist, does the text parse. A
// data-changing call answers once its operation is on disk and in the snapshot, never after the
// network, so the UI answers within a frame whatever the service does.

import type { Handlers } from '../../../common/contract';
import { fail, ok } from '../../../common/result';
import { activityHandlers } from './activity';
import { calendarHandlers } from '../calendars/handlers';
import { entryHandlers } from './entries';
import { type HandlerDeps, handlerKit } from './kit';
import { lineHandlers } from './lines';
import { operationHandlers } from './failedOperations';
import { projectHandlers } from './projects';
import { timerEditHandlers } from './timerEdits';
import { timerHandlers } from './timers';
import { idleAnswerHandler } from './idleAnswer';
import { currentUserHandlers } from './currentUser';
import { isDate } from '../../../common/week';

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

/** What a core answers: the contract's data channels, every channel but the account ones. */
export type CoreHandlers = Omit<Handlers, AccountChannel>;

/**
 * Every data call of the contract: each area's handlers (calls/), on one kit (calls/kit.ts). The
 * account calls are not here: the app layer answers them (accounts/handlers.ts).
 */
export function createHandlers(deps: HandlerDeps): CoreHandlers {
  const kit = handlerKit(deps);
  const { startLastTimer, ...timers } = timerHandlers(kit);
  return {
    ...timers,
    ...timerEditHandlers(kit),
    ...entryHandlers(kit),
    ...lineHandlers(kit),
    ...projectHandlers(kit),
    ...operationHandlers(kit),
    ...currentUserHandlers(kit),
    ...activityHandlers(deps.activity, deps.now),
    ...calendarHandlers(deps.calendars),

    getSnapshot: async () => ok(deps.snapshot()),

    refresh: async () => {
      deps.readAgain();
      return ok(null);
    },

    resolveIdle: idleAnswerHandler(kit),

    // The Electron shell answers it where the app updates itself (main/shell/updater.ts); a core alone has no update.
    restartToUpdate: async () => fail('not_found', 'No update is ready to install.'),

    // Answered once, whatever the choice; a late "Start last" (a timer runs by now) starts nothing.
    answerReminder: async ({ choice }) => {
      if (choice === 'start-last') {
        const started = await startLastTimer();
        if (!started.ok) return started;
      }
      deps.closeReminder(choice === 'snooze');
      return ok(null);
    },

    showWeek: async ({ weekOf }) => {
      if (weekOf !== null && !isDate(weekOf)) return fail('invalid_input', `${weekOf} is not a date.`, 'weekOf');
      return ok(deps.showWeek(weekOf));
    },

    exportCsv: (range) => deps.exportCsv(range),

    updateSettings: async (patch) => deps.updateSettings(patch),
  };
}
