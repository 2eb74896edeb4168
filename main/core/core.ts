// Builds one account's core: the outbox on disk and its ledger, the state that holds what was
// read and derives the snapshot (coreState.ts, which runs the worker), and the handlers of the
// contract, built on the collaborators that state makes (CoreState.calls).

import { createHandlers } from './calls/handlers';
import { createCoreState, type CoreState } from './coreState';
import { openLedger } from './sync/ledger';
import { ledgerOutbox } from './sync/ledgerOutbox';
import { openOutbox } from './sync/outbox';
import { systemClock, type Core, type CoreOptions } from './types';
import { DEFAULT_TIME_FORMAT } from '../../common/format';

/** What the ledger words a change in before core's state exists (nothing is queued then). */
const NOTHING_SHOWN = { timeFormat: DEFAULT_TIME_FORMAT, projects: [] } as const;

export async function createCore(options: CoreOptions): Promise<Core> {
  const clock = options.clock ?? systemClock;
  const opened = await openOutbox(options.dataDir);
  const { skipped } = opened;
  const ledger = openLedger(options.dataDir);
  // The ledger words each change in the user's time format, which the state (made with this
  // outbox) reads from the service: asked for only once a change is made, when the state exists.
  let state: CoreState | undefined;
  const outbox = ledgerOutbox(opened.outbox, ledger, clock, () => state?.snapshot() ?? NOTHING_SHOWN);
  if (skipped > 0)
    console.warn(`Stint: skipped ${skipped} unreadable line(s) of the outbox journal (a write cut short by a crash).`);

  state = createCoreState({ options: { ...options, clock }, outbox, ledger });
  const core = state;
  return {
    handlers: createHandlers(core.calls),
    getSnapshot: () => core.snapshot(),
    subscribe: (listener) => core.subscribe(listener),
    notify: (event) => core.notify(event),
    setBroadcastsLive: (live) => core.setBroadcastsLive(live),
    whenIdle: () => core.whenIdle(),
    describeSync: () => core.describeSync(),
    exportCsv: (...args) => core.exportTo(...args),
    stop: () => core.stop(),
  };
}
