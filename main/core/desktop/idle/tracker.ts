// Core's holder of the idle policy's state: steps it on each event with the timers and threshold
// of that moment, and closes the prompt once answered.

import type { TimerView } from '../../../../common/snapshot';
import type { IdleSourceId } from './sources';
import { initialIdleState, resolvedIdle, stepIdle, type IdleEvent, type IdlePrompt } from './policy';

export interface IdleTracker {
  /** Answers whether the prompt or the source changed (the snapshot must be rebuilt). */
  handle(event: IdleEvent): boolean;
  prompt(): IdlePrompt | null;
  /** The source the samples come from; undefined before the shell said. */
  source(): IdleSourceId | null | undefined;
  /** Closes the prompt; answers whether one was open. */
  resolve(): boolean;
}

export function createIdleTracker(deps: {
  timers(): readonly TimerView[];
  thresholdMinutes(): number | null;
}): IdleTracker {
  let state = initialIdleState();
  let source: IdleSourceId | null | undefined;
  return {
    handle(event) {
      if (event.kind === 'idle-source') {
        const changed = event.source !== source;
        source = event.source;
        return changed;
      }
      const before = state.prompt;
      state = stepIdle(state, event, deps.timers(), deps.thresholdMinutes());
      return state.prompt !== before;
    },
    prompt: () => state.prompt,
    source: () => source,
    resolve() {
      const open = state.prompt !== null;
      state = resolvedIdle(state);
      return open;
    },
  };
}
