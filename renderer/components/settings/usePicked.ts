// What a radio group or a check box in Settings shows while its change is on its way.

import { useEffect, useState } from 'preact/hooks';

export interface Picked<T> {
  /** The user's latest pick while it is on its way, else the stored value. */
  shown: T;
  /** Shows `value` at once and until the stored value is it, or until `saved` answers false. */
  pick(value: T, saved: Promise<boolean>): void;
}

/**
 * Changes are saved one after another and every save pushes a snapshot, so the snapshot of an
 * earlier pick (or any push while a save is on its way) can come before the latest pick is
 * stored. Drawn from the snapshot alone, the box would flick back until its own snapshot came: a
 * user sees it, and a fresh-clone e2e run's Playwright check of "Sunday" failed on it.
 */
export function usePicked<T>(stored: T): Picked<T> {
  const [picked, setPicked] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (picked !== null && picked.value === stored) setPicked(null);
  }, [picked, stored]);
  const pick = (value: T, saved: Promise<boolean>) => {
    const mine = { value };
    setPicked(mine);
    void saved.then((accepted) => {
      // A refusal shows the stored value again, unless a later pick has taken its place.
      if (!accepted) setPicked((latest) => (latest === mine ? null : latest));
    });
  };
  return { shown: picked === null ? stored : picked.value, pick };
}
