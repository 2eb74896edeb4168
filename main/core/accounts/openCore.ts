// The one core the app has open, behind the app's snapshot store: swapping it for another moves
// the subscription and the window's state over, one change at a time, before the old one closes.

import type { Snapshot } from '../../../common/snapshot';
import { createStore, type Store } from '../views/snapshotStore';
import type { Core, LifecycleEvent } from '../types';

export interface OpenAccount {
  id: string;
  core: Core;
  close(): Promise<void>;
}

export interface OpenCore {
  current(): OpenAccount;
  readonly store: Store<Snapshot>;
  /** Composes the snapshot again and tells the subscribers (nothing once stopped). */
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

/** compose makes the app's snapshot from the open account. */
export function holdOpenCore(first: OpenAccount, compose: (open: OpenAccount) => Snapshot): OpenCore {
  let current = first;
  let stopped = false;
  let windowShown: boolean | null = null;
  const store = createStore(compose(current));
  const publish = () => {
    if (!stopped) store.set(compose(current));
  };
  let unsubscribe = current.core.subscribe(publish);

  // One change of accounts at a time; core calls wait for a swap in progress.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work);
    chain = run.catch(() => {});
    return run;
  };

  return {
    current: () => current,
    store,
    publish,
    serial,
    settled: () => chain,
    async swapTo(next) {
      const previous = current;
      unsubscribe();
      current = next;
      unsubscribe = next.core.subscribe(publish);
      if (windowShown !== null) next.core.notify(windowShown ? 'window-shown' : 'window-hidden');
      publish();
      await previous.close();
    },
    notify(event) {
      if (event === 'window-shown') windowShown = true;
      if (event === 'window-hidden') windowShown = false;
      current.core.notify(event);
    },
    stopped: () => stopped,
    stop: (beforeClose) =>
      serial(async () => {
        if (stopped) return;
        stopped = true;
        unsubscribe();
        await beforeClose();
        await current.close();
      }),
  };
}
