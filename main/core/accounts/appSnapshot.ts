// The app's snapshot: the open core's, with the accounts' part laid over it (the list of accounts,
// the other accounts' running timers, a waiting sign-in). A decorator, not a store of its own: it
// listens to the open core's subscription and lays the accounts' part over the core's snapshot,
// made again only when that snapshot or the accounts' part changed, so a subscriber that keeps a
// snapshot to compare with the next sees the same object until something did.

import type { Snapshot } from '../../../common/snapshot';
import type { Core } from '../types';

/**
 * What the app lays over the open core's snapshot: the open account's name too, once the user gave
 * it one, and `reminder: null` while another account's timer
 * runs (time is being tracked there, so "no timer running" would be untrue).
 */
export type AccountsPart = Pick<Snapshot, 'accounts' | 'otherAccountTimers' | 'signIn' | 'shortcuts'> &
  Partial<Pick<Snapshot, 'account' | 'reminder' | 'webHost'>>;

export interface AppSnapshot {
  get(): Snapshot;
  /** Calls back on every change of the app's snapshot, whichever core is open; returns the unsubscribe function. */
  subscribe(listener: (snapshot: Snapshot) => void): () => void;
  /** The accounts' part changed (or the open core did): tells the subscribers (nothing once stopped). */
  publish(): void;
  /** Decorates and listens to this core from now on, not the one before; publish() tells the subscribers. */
  follow(core: Core): void;
  /** Stops listening to the core and telling the subscribers (the app stops). */
  stop(): void;
}

/** accountsPart is read when the snapshot is made again: after publish(), or when the core's changed. */
export function decorateSnapshots(first: Core, accountsPart: () => AccountsPart): AppSnapshot {
  let core = first;
  let stopped = false;
  // Counts publish() and follow(): a snapshot made before the latest one is stale.
  let generation = 0;
  let made: { from: Snapshot; generation: number; snapshot: Snapshot } | null = null;
  const listeners = new Set<(snapshot: Snapshot) => void>();

  const get = (): Snapshot => {
    const from = core.getSnapshot();
    if (made?.from !== from || made.generation !== generation)
      made = { from, generation, snapshot: Object.freeze({ ...from, ...accountsPart() }) };
    return made.snapshot;
  };
  const tell = () => {
    if (stopped) return;
    const snapshot = get();
    for (const listener of [...listeners]) {
      // One failing view (a closed window, a tray bug) must not keep the others from updating.
      try {
        listener(snapshot);
      } catch (error) {
        console.error('Stint: a snapshot subscriber failed:', error);
      }
    }
  };
  let unsubscribe = core.subscribe(tell);

  return {
    get,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish() {
      generation++;
      tell();
    },
    follow(next) {
      unsubscribe();
      core = next;
      generation++;
      unsubscribe = next.subscribe(tell);
    },
    stop() {
      stopped = true;
      unsubscribe();
    },
  };
}
