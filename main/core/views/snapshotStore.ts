// Holds the current snapshot and tells subscribers when it is replaced. Snapshots are frozen and
// never changed in place, so a subscriber may keep one and compare it with the next.

export interface Store<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: (value: T) => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let current = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => current,
    set(value) {
      current = value;
      for (const listener of [...listeners]) {
        // One failing view (a closed window, a tray bug) must not keep the others from updating.
        try {
          listener(value);
        } catch (error) {
          console.error('Stint: a snapshot subscriber failed:', error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
