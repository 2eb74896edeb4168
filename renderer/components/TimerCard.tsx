// One timer: its project, live time, its note, what logging it will record, and the actions its
// state allows. Discarding asks once more, in place, since it throws the time away.

import { useEffect, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import type { TimerView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { liveSeconds } from '../../common/liveSeconds';
import { ErrorLine } from './ErrorLine';
import { ProjectDot } from './ProjectDot';
import { SavedHereBadge } from './SavedHereBadge';
import { TimerAdjust } from './TimerAdjust';
import { TimerNote } from './TimerNote';
import { logPreviewIn } from '../../common/logPreview';
import { useElapsed, useMinutes, useTimeFormat } from '../timeFormat';

export function TimerCard({
  timer,
  now,
  billingIncrement,
  bridge,
}: {
  timer: TimerView;
  now: number;
  /** The project's, which the logged minutes are rounded up to. */
  billingIncrement: number;
  bridge: StintBridge;
}) {
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const running = timer.state === 'running';
  const name = timer.projectName;
  const projectId = timer.projectId;
  const seconds = liveSeconds(timer, now);
  const toLog = logPreviewIn(useTimeFormat())(seconds, name, billingIncrement, running);
  const formatMinutes = useMinutes();
  const previewId = `log-preview-${projectId}`;

  return (
    <li
      class={`timer ${timer.state}`}
      data-testid="timer"
      data-project={name}
      data-state={timer.state}
      aria-busy={action.busy}
    >
      <TimerLine timer={timer} seconds={seconds} />
      <TimerNote projectId={projectId} name={name} note={timer.description} bridge={bridge} />
      <div class="timer-log-preview" id={previewId} data-testid="log-preview">
        {toLog.text}
      </div>
      {confirming ? (
        <DiscardConfirm
          name={name}
          seconds={seconds}
          onDiscard={() => action.run(() => bridge.discardTimer({ projectId }))}
          onKeep={() => setConfirming(false)}
        />
      ) : (
        <div class="actions">
          <PauseOrResume
            running={running}
            name={name}
            onPause={() => action.run(() => bridge.pauseTimer({ projectId }))}
            onResume={() => action.run(() => bridge.startTimer({ projectId }))}
          />
          <button
            type="button"
            aria-label={`Log ${name}`}
            aria-describedby={previewId}
            data-testid="log-button"
            onClick={() => action.run(() => bridge.logTimer({ projectId }))}
          >
            Log {formatMinutes(toLog.minutes)}
          </button>
          <button type="button" aria-label={`Discard ${name}`} onClick={() => setConfirming(true)}>
            Discard
          </button>
        </div>
      )}
      <ErrorLine error={action.error} />
      {timer.state !== 'pending' && <TimerAdjust projectId={projectId} name={name} seconds={seconds} bridge={bridge} />}
    </li>
  );
}

interface PauseOrResumeProps {
  running: boolean;
  name: string;
  onPause: () => void;
  onResume: () => void;
}

/** The timer's first action: Pause while it runs, Resume otherwise. */
function PauseOrResume({ running, name, onPause, onResume }: PauseOrResumeProps) {
  return running ? (
    <button type="button" class="primary" aria-label={`Pause ${name}`} onClick={onPause}>
      Pause
    </button>
  ) : (
    <button type="button" class="primary" aria-label={`Resume ${name}`} onClick={onResume}>
      Resume
    </button>
  );
}

/** The timer's project, whether it still waits to be sent, and its live time. */
function TimerLine({ timer, seconds }: { timer: TimerView; seconds: number }) {
  const name = timer.projectName;
  const formatDuration = useElapsed();
  return (
    <div class="timer-line">
      <ProjectDot color={timer.color} />
      <span class="timer-name" title={name}>
        {name}
      </span>
      {timer.pending && <SavedHereBadge />}
      <span class="timer-time" role="timer" aria-label={`${name} time`} data-testid="timer-time" data-seconds={seconds}>
        {formatDuration(seconds)}
      </span>
    </div>
  );
}

interface DiscardConfirmProps {
  name: string;
  seconds: number;
  onDiscard: () => void;
  onKeep: () => void;
}

/** "Discard 1:05:00?" asked in place, the focus on the safe answer. */
function DiscardConfirm({ name, seconds, onDiscard, onKeep }: DiscardConfirmProps) {
  // Asked to confirm a discard, the focus goes to the safe answer.
  const keep = useRef<HTMLButtonElement>(null);
  const formatDuration = useElapsed();
  useEffect(() => {
    keep.current?.focus();
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons outside any form, named for screen readers as a group; a fieldset would bring a form's semantics and its legend
    <div class="actions" role="group" aria-label={`Discard ${name}?`}>
      <span class="confirm-text">Discard {formatDuration(seconds)}?</span>
      <button type="button" class="danger" aria-label={`Yes, discard ${name}`} onClick={onDiscard}>
        Discard
      </button>
      <button type="button" onClick={onKeep} ref={keep}>
        Keep
      </button>
    </div>
  );
}
