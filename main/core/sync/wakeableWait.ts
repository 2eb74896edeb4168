// The worker's one primitive for waiting: sleep until a deadline (or without one), unless woken
// first. Nothing here knows what the worker sends; it only knows who may cut a wait short.

import type { TimerClock as Clock } from '../../api/clock';

/** What may end a wait before its time: any wake, only an urgent one, or nothing but end(). */
export type CutBy = 'any' | 'urgent' | 'stop';

export interface WakeableWait {
  /** Resolves true when ms ran out (never with ms null), false when woken or ended first. */
  wait(ms: number | null, cutBy: CutBy): Promise<boolean>;
  /** Ends the current wait if its cutBy lets this wake (urgent or not) do so. */
  wake(urgent: boolean): void;
  /** Ends the current wait whatever its cutBy (for stopping). */
  end(): void;
}

export function wakeableWait(clock: Clock): WakeableWait {
  let waiter: { resolve: (timedOut: boolean) => void; cutBy: CutBy; handle: unknown } | null = null;

  const endWait = (timedOut: boolean) => {
    const w = waiter;
    if (!w) return;
    waiter = null;
    if (w.handle !== null) clock.clearTimeout(w.handle);
    w.resolve(timedOut);
  };

  return {
    wait: (ms, cutBy) =>
      new Promise<boolean>((resolve) => {
        const handle = ms === null ? null : clock.setTimeout(() => endWait(true), ms);
        waiter = { resolve, cutBy, handle };
      }),
    wake(urgent) {
      if (waiter && (waiter.cutBy === 'any' || (urgent && waiter.cutBy === 'urgent'))) endWait(false);
    },
    end: () => endWait(false),
  };
}
