// One timer: its project, live time and the actions its state allows. Discarding asks once more,
// in place, since it throws the time away.

import { useEffect, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { formatDuration } from '../../common/format';
import type { TimerView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { liveSeconds } from '../../common/liveSeconds';
import { ErrorLine } from './ErrorLine';
import { ProjectDot } from './ProjectDot';

export function TimerCard({ timer, now, bridge }: { timer: TimerView; now: number; bridge: StintBridge }) {
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const running = timer.state === 'running';
  const name = timer.projectName;
  const projectId = timer.projectId;
  const seconds = liveSeconds(timer, now);
  // Asked to confirm a discard, the focus goes to the safe answer.
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  return (
    <li
      class={`timer ${timer.state}`}
      data-testid="timer"
      data-project={name}
      data-state={timer.state}
      aria-busy={action.busy}
    >
      <div class="timer-line">
        <ProjectDot color={timer.color} />
        <span class="timer-name" title={name}>
          {name}
        </span>
        {timer.pending && (
          <span class="badge" title="Not sent to the service yet">
            syncing
          </span>
        )}
        <span
          class="timer-time"
          role="timer"
          aria-label={`${name} time`}
          data-testid="timer-time"
          data-seconds={seconds}
        >
          {formatDuration(seconds)}
        </span>
      </div>
      {timer.description && (
        <div class="timer-description clamp" title={timer.description}>
          {timer.description}
        </div>
      )}
      {confirming ? (
        // biome-ignore lint/a11y/useSemanticElements: a row of buttons outside any form, named for screen readers as a group; a fieldset would bring a form's semantics and its legend
        <div class="actions" role="group" aria-label={`Discard ${name}?`}>
          <span class="confirm-text">Discard {formatDuration(seconds)}?</span>
          <button
            type="button"
            class="danger"
            aria-label={`Yes, discard ${name}`}
            onClick={() => action.run(() => bridge.discardTimer({ projectId }))}
          >
            Discard
          </button>
          <button type="button" onClick={() => setConfirming(false)} ref={keep}>
            Keep
          </button>
        </div>
      ) : (
        <div class="actions">
          {running ? (
            <button
              type="button"
              class="primary"
              aria-label={`Pause ${name}`}
              onClick={() => action.run(() => bridge.pauseTimer({ projectId }))}
            >
              Pause
            </button>
          ) : (
            <button
              type="button"
              class="primary"
              aria-label={`Resume ${name}`}
              onClick={() => action.run(() => bridge.startTimer({ projectId }))}
            >
              Resume
            </button>
          )}
          <button
            type="button"
            aria-label={`Log ${name}`}
            onClick={() => action.run(() => bridge.logTimer({ projectId }))}
          >
            Log
          </button>
          <button type="button" aria-label={`Discard ${name}`} onClick={() => setConfirming(true)}>
            Discard
          </button>
        </div>
      )}
      <ErrorLine error={action.error} />
    </li>
  );
}
