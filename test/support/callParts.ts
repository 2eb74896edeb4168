// The collaborators the calls are built on (main/core/calls/handlers.ts CallParts), for tests that
// run the calls on an outbox of their own, without a core: the calls' own (decisions, the outbox
// queue, the shown state) are the real ones; the window's view, the worker and the rest of core
// do nothing, or answer as an empty core would, unless the test gives its own. Production builds
// them only in core's state (main/core/coreState.ts).
import type { CallParts } from '../../main/core/calls/handlers';
import type { CoreServices } from '../../main/core/calls/coreServices';
import { Decisions } from '../../main/core/calls/decisions';
import { OutboxQueue } from '../../main/core/calls/outboxQueue';
import { ShownState } from '../../main/core/calls/shownState';
import type { WindowView } from '../../main/core/calls/windowView';
import { UNDO_GRACE_MS } from '../../main/core/model/undoGrace';
import type { Outbox } from '../../main/core/sync/outbox';
import { emptyServiceData } from '../../main/core/sync/serviceData';
import type { Worker } from '../../main/core/sync/worker';
import type { Snapshot } from '../../common/snapshot';
import { fail } from '../../common/result';
import { weekOf } from '../../common/week';

export interface GivenParts {
  outbox: Outbox;
  now: () => number;
  snapshot: () => Snapshot;
  /** Default UNDO_GRACE_MS. */
  undoGraceMs?: number;
  view?: Partial<Omit<WindowView, 'snapshot'>>;
  /** The worker the queue wakes and the reads are asked of. */
  worker?: Partial<Pick<Worker, 'wake' | 'readNow'>>;
  services?: Partial<CoreServices>;
}

export function callParts(given: GivenParts): CallParts {
  const { outbox } = given;
  const clock = { now: given.now };
  const shown = new ShownState(null, given.now());
  const view: WindowView = {
    snapshot: given.snapshot,
    changed() {},
    week: () => weekOf(shown.weekOf ?? '2026-01-05', 'monday'),
    dismissNotice: () => false,
    idlePrompt: () => null,
    closeIdlePrompt() {},
    closeReminder() {},
    ...given.view,
  };
  const worker = { wake() {}, readNow() {}, ...given.worker };
  return {
    clock,
    decisions: new Decisions({ clock, view, life: { stopping: false }, outbox }),
    queue: new OutboxQueue({ outbox, view, worker, undoGraceMs: given.undoGraceMs ?? UNDO_GRACE_MS }),
    shown,
    view,
    service: { data: emptyServiceData() },
    worker,
    services: {
      updateSettings: () => fail('internal', 'Settings cannot be changed in this test.'),
      exportCsv: async () => fail('internal', 'Exporting is not available in this test.'),
      activity: () => ({ entries: [], waitingByAccount: [] }),
      ...given.services,
    },
  };
}
