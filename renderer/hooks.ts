// The renderer's state: the latest snapshot from main, a clock for live timers, and the state of
// one user action (busy, and its error to show in place).

import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../common/contract';
import type { ActionError, Result } from '../common/result';
import type { Snapshot } from '../common/snapshot';
import { keepUnchanged } from './keepUnchanged';

/** The latest snapshot: pushed by main, and asked for once in case no push comes first. */
export function useSnapshot(bridge: StintBridge): { snapshot: Snapshot | null; error: ActionError | null } {
  const [snapshot, setSnapshot] = useState<Snapshot | null>(() => bridge.latestSnapshot?.() ?? null);
  const [error, setError] = useState<ActionError | null>(null);
  useEffect(() => {
    let pushed = false;
    const stop = bridge.onSnapshot((next) => {
      pushed = true;
      // What did not change stays the same object, so memoised rows skip (keepUnchanged.ts).
      setSnapshot((prev) => (prev ? keepUnchanged(prev, next) : next));
    });
    void bridge.getSnapshot({}).then((result) => {
      // A push is at least as new as this answer, so the answer only fills the gap before one.
      if (result.ok && !pushed) setSnapshot(result.value);
      if (!result.ok && !pushed) setError(result.error);
    });
    return stop;
  }, [bridge]);
  return { snapshot, error };
}

/** Epoch ms, refreshed on each whole second while `ticking`. */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    let handle: ReturnType<typeof setTimeout>;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      handle = setTimeout(tick, 1000 - (t % 1000) + 5);
    };
    tick();
    return () => clearTimeout(handle);
  }, [ticking]);
  return now;
}

export interface Action {
  busy: boolean;
  error: ActionError | null;
  run<T>(work: () => Promise<Result<T>>): Promise<Result<T> | null>;
  clear(): void;
}

/** Runs one bridge call at a time for a control, keeping its error until the next try. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ActionError | null>(null);
  const running = useRef(false);
  const run = useCallback(async <T>(work: () => Promise<Result<T>>) => {
    if (running.current) return null;
    running.current = true;
    setBusy(true);
    try {
      const result = await work();
      setError(result.ok ? null : result.error);
      return result;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { busy, error, run, clear };
}

/** Whether the way to main is up: always, over Electron IPC; the socket's state on the web host. */
export interface Connection {
  readonly connected: boolean;
  subscribe(listener: () => void): () => void;
}

export function createConnection(): Connection & { set(connected: boolean): void } {
  const listeners = new Set<() => void>();
  let connected = true;
  return {
    get connected() {
      return connected;
    },
    set(next) {
      if (next === connected) return;
      connected = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function useConnected(connection: Connection | undefined): boolean {
  const [connected, setConnected] = useState(connection?.connected ?? true);
  useEffect(() => connection?.subscribe(() => setConnected(connection.connected)), [connection]);
  return connected;
}
