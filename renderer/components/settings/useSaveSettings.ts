// Saves a change and keeps the answer's error. Changes made quickly one after another (arrow keys
// through the theme's radios) are all sent, in order: none is dropped while an earlier one is on
// its way. One mechanism for Settings' own file (updateSettings) and for the user's formats kept
// on the service (updateCurrentUser).

import { useCallback, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import type { ActionError, Result } from '../../../common/result';
import type { Settings, SettingsPatch } from '../../../common/settings';

export interface SavesInOrder<P, R> {
  /** The refusal of the last change, if it was refused. */
  error: ActionError | null;
  save(change: P): Promise<Result<R>>;
}

export type SaveSettings = SavesInOrder<SettingsPatch, Settings>;

/** Sends each change through `send` after the one before has been answered. */
export function useSavesInOrder<P, R>(send: (change: P) => Promise<Result<R>>): SavesInOrder<P, R> {
  const [error, setError] = useState<ActionError | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const save = useCallback(
    (change: P) => {
      const run = chain.current.then(async () => {
        const result = await send(change);
        setError(result.ok ? null : result.error);
        return result;
      });
      chain.current = run.catch(() => {});
      return run;
    },
    [send],
  );
  return { error, save };
}

export const useSaveSettings = (bridge: StintBridge): SaveSettings => useSavesInOrder(bridge.updateSettings);

/** Whether a save was stored: what a pick (usePicked) waits for. */
export const saved = (result: Promise<Result<unknown>>): Promise<boolean> =>
  result.then(
    (answer) => answer.ok,
    () => false,
  );
