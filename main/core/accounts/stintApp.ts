// What the shell, the web host and the command line's socket hold: the app, one StintApp whichever
// account is open. Its handlers are the open core's data channels, each reached through one
// forward that looks the channel up on the core open when the call comes, plus the app's own
// account channels; its snapshot is the open core's with the accounts' part laid over it
// (appSnapshot.ts). Subscriptions and lifecycle events are the app's, passed to whichever core is
// open (openCore.ts), so a window subscribed once keeps working when the default account changes.

import type { Handlers } from '../../../common/contract';
import { ok, type Result } from '../../../common/result';
import type { Snapshot } from '../../../common/snapshot';
import type { RegistrationOutcome } from '../desktop/commands';
import type { Core, CoreHandlers, LifecycleEvent } from '../types';
import { appActivityHandlers } from './activity';
import type { AccountHandlers } from './handlers';
import type { OpenCore } from './openCore';
import type { Registry } from './registry';

export interface StintApp {
  /** Every channel of the contract: the open core's data channels and the app's account channels. */
  readonly handlers: Handlers;
  /** The open core's snapshot with the accounts, the other accounts' timers and a waiting sign-in. */
  getSnapshot(): Snapshot;
  /** Calls back on every change of the snapshot, across changes of account; returns the unsubscribe function. */
  subscribe(listener: (snapshot: Snapshot) => void): () => void;
  /** Passed to the open core; the window's state also to the next one opened. */
  notify(event: LifecycleEvent): void;
  /** Whether a broadcast receiver the open core's service reaches is registered. */
  setBroadcastsLive(live: boolean): void;
  /** Resolves once a change of accounts in progress is done and the open core is idle (tests, benchmarks). */
  whenIdle(): Promise<void>;
  /** What the open core's sync is doing, in words, for diagnostics. */
  describeSync(): string;
  /** A range of the open account's entries as CSV (the command line's export). */
  exportCsv: Core['exportCsv'];
  /** Stops what is open: the other accounts' watch, a waiting sign-in, the open core. */
  stop(): Promise<void>;
  /** The registry as it is now (tests, diagnostics). */
  registry(): Registry;
  /** Where secrets are kept, in words. */
  readonly secretsDescription: string;
  /** Reads the other accounts' running timers now; resolves when the snapshot has them. */
  refreshOtherTimers(): Promise<void>;
  /** Registers the settings' global shortcuts with the OS (the shell, once open); says how each went. */
  applyShortcuts(): RegistrationOutcome[];
}

/** The channels a core answers, each passed to whichever core is open, after a change of accounts in progress. */
export function forwardedToOpenCore(open: Pick<OpenCore, 'current' | 'settled'>): CoreHandlers {
  const forward = (channel: string) => async (request: unknown) => {
    await open.settled();
    const handlers = open.current().core.handlers as unknown as Record<
      string,
      (r: unknown) => Promise<Result<unknown>>
    >;
    return handlers[channel]!(request);
  };
  // Every core answers the same channels: the first one's names are the app's.
  return Object.fromEntries(Object.keys(open.current().core.handlers).map((c) => [c, forward(c)])) as CoreHandlers;
}

export interface AppParts {
  open: OpenCore;
  accounts: { handlers: AccountHandlers; stop(): Promise<void> };
  otherTimers: { refresh(): Promise<void>; stop(): void };
  registry(): Registry;
  secretsDescription: string;
  /** The app's data folder (the Activity view reads the accounts not open from their journals there). */
  dataDir: string;
  now(): number;
  /** StintApp.applyShortcuts; none where nothing registers shortcuts. */
  applyShortcuts?(): RegistrationOutcome[];
}

/** The app as the shell sees it: the open core's data channels and snapshot, the accounts laid over them. */
export function presentApp(parts: AppParts): StintApp {
  const { open, accounts, otherTimers } = parts;
  const current = () => open.current().core;
  const data = forwardedToOpenCore(open);
  const activity = appActivityHandlers({
    dataDir: parts.dataDir,
    accounts: () => open.snapshot.get().accounts,
    open: data,
    now: parts.now,
  });
  return {
    handlers: {
      ...data,
      ...accounts.handlers,
      ...activity,
      getSnapshot: async () => ok(open.snapshot.get()),
    } satisfies Handlers,
    getSnapshot: open.snapshot.get,
    subscribe: open.snapshot.subscribe,
    notify(event) {
      open.notify(event);
      // Someone looks: worth knowing what runs elsewhere.
      if (event === 'window-shown') void otherTimers.refresh();
    },
    setBroadcastsLive: (live) => current().setBroadcastsLive(live),
    async whenIdle() {
      await open.settled();
      await current().whenIdle();
    },
    describeSync: () => current().describeSync(),
    async exportCsv(range, out, progress) {
      await open.settled();
      return current().exportCsv(range, out, progress);
    },
    stop: () =>
      open.stop(() => {
        otherTimers.stop();
        return accounts.stop();
      }),
    refreshOtherTimers: () => otherTimers.refresh(),
    applyShortcuts: () => parts.applyShortcuts?.() ?? [],
    registry: parts.registry,
    secretsDescription: parts.secretsDescription,
  };
}
