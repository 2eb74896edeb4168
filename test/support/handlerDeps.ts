// A complete HandlerDeps (main/core/calls/kit.ts) for tests that run the calls on an outbox of
// their own, without a core: what a test does not give does nothing, or answers as an empty core
// would. Production builds it only from core's state (main/core/coreState.ts).
import type { HandlerDeps } from '../../main/core/calls/kit';
import { UNDO_GRACE_MS } from '../../main/core/model/undoGrace';
import { fail } from '../../common/result';
import { weekOf } from '../../common/week';

export function handlerDeps(
  given: Pick<HandlerDeps, 'outbox' | 'now' | 'snapshot'> & Partial<HandlerDeps>,
): HandlerDeps {
  return {
    undoGraceMs: UNDO_GRACE_MS,
    stopping: () => false,
    operationQueued() {},
    sendNow() {},
    readAgain() {},
    timerUsed() {},
    recentProjectIds: () => [],
    dismissNotice: () => false,
    updateSettings: () => fail('internal', 'Settings cannot be changed in this test.'),
    showWeek: (date) => weekOf(date ?? '2026-01-05', 'monday'),
    idlePrompt: () => null,
    closeIdlePrompt() {},
    closeReminder() {},
    exportCsv: async () => fail('internal', 'Exporting is not available in this test.'),
    activity: () => ({ entries: [], waitingByAccount: [] }),
    ...given,
  };
}
