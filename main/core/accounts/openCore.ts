// The one core the app has open, and the app's snapshot decorating it (appSnapshot.ts): swapping
// it for another moves the subscription and the window's state over, one change at a time, before
// the old one closes.

import { decorateSnapshots, type AccountsPart, type AppSnapshot } from './appSnapshot';
import type { Core, LifecycleEvent } from '../types';

export interface OpenAccount {
  id: string;
  core: Core;
  close(): Promise<void>;
}

export interface OpenCore {
  current(): OpenAccount;
  /** The open core's snapshot with the accounts' part over it, whichever core that is. */
  readonly snapshot: AppSnapshot;
  /** The accounts' part changed: tells the snapshot's subscribers (nothing once stopped). */
  publish(): void;
  /** Runs work after every change of accounts queued before it. */
  serial<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves once the changes of accounts queued so far are done. */
  settled(): Promise<unknown>;
  /** Makes next the open core (told whether the window is shown), then closes the previous one. */
  swapTo(next: OpenAccount): Promise<void>;
  /** Passes a lifecycle event to the open core, remembering the window's state for the next one. */
  notify(event: LifecycleEvent): void;
  stopped(): boolean;
  /** Once, after the changes queued: stops publishing, runs beforeClose, closes the open core. */
  stop(beforeClose: () => Promise<void>): Promise<void>;
}

/** accountsPart is what the app lays over the open account's snapshot. */
export function holdOpenCore(first: OpenAccount, accountsPart: (open: OpenAccount) => AccountsPart): OpenCore {
  let current = first;
  let stopped = false;
  let windowShown: boolean | null = null;
  let idleSource: Extract<LifecycleEvent, { kind: 'idle-source' }> | null = null;
  const snapshot = decorateSnapshots(first.core, () => accountsPart(current));

  // One change of accounts at a time; core calls wait for a swap in progress.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => {});
    return run;
  };

  return {
    current: () => current,
    snapshot,
    publish: () => snapshot.publish(),
    serial,
    settled: () => chain,
    async swapTo(next) {
      const previous = current;
      current = next;
      snapshot.follow(next.core);
      if (windowShown !== null) next.core.notify(windowShown ? 'window-shown' : 'window-hidden');
      if (idleSource) next.core.notify(idleSource);
      snapshot.publish();
      await previous.close();
    },
    notify(event) {
      if (event === 'window-shown') windowShown = true;
      if (event === 'window-hidden') windowShown = false;
      // The desktop's idle source is the machine's, not the account's: the next core is told too.
      if (typeof event === 'object' && event.kind === 'idle-source') idleSource = event;
      current.core.notify(event);
    },
    stopped: () => stopped,
    stop: (beforeClose) =>
      serial(async () => {
        if (stopped) return;
        stopped = true;
        snapshot.stop();
        await beforeClose();
        await current.close();
      }),
  };
}
