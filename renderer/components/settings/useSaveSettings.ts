// Saves a settings change and keeps the answer's error. Changes made
// quickly one after another (arrow keys through the theme's radios) are all sent, in order: none
// is dropped while an earlier one is on its way.

import { useCallback, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';
import type { ActionError, Result } from '../../../common/result';
import type { Settings, SettingsPatch } from '../../../common/settings';

export interface SaveSettings {
  /** The refusal of the last change, if it was refused. */
  error: ActionError | null;
  save(patch: SettingsPatch): Promise<Result<Settings>>;
}

export function useSaveSettings(bridge: StintBridge): SaveSettings {
  const [error, setError] = useState<ActionError | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const save = useCallback(
    (patch: SettingsPatch) => {
      const run = chain.current.then(async () => {
        const result = await bridge.updateSettings(patch);
        setError(result.ok ? null : result.error);
        return result;
      });
      chain.current = run.catch(() => {});
      return run;
    },
    [bridge],
  );
  return { error, save };
}

/** Whether a save was stored: what a pick (usePicked) waits for. */
export const saved = (result: Promise<Result<Settings>>): Promise<boolean> =>
  result.then(
    (answer) => answer.ok,
    () => false,
  );
