// One timer: its project, live time, its note, what logging it will record, and the actions its
// state allows. Discarding asks once more, in place, since it throws the time away.
//
// The running timer shows all of it. A paused one is a single row (name, time, Resume) so that a
// day of several timers leaves quick entry and today in view; its More button opens the rest
// under the row (note, Log, Discard, Adjust), and Escape there closes it, back on More.

import type { ComponentChildren, Ref } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import type { TimerView } from '../../common/snapshot';
import { useAction } from '../hooks';
import { liveSeconds } from '../../common/liveSeconds';
import { formatDuration, type TimeFormat } from '../../common/format';
import { ErrorLine } from './ErrorLine';
import { ProjectDot } from './ProjectDot';
import { SavedHereBadge } from './SavedHereBadge';
import { TimerAdjust } from './TimerAdjust';
import { TimerNote } from './TimerNote';
import { logPreviewIn } from '../../common/logPreview';
import { useElapsed, useMinutes, useTimeFormat } from '../timeFormat';
import { t } from '../app/words';
import { isolated } from '../../common/bidi';
import { Said } from './Said';

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
  const [open, setOpen] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const running = timer.state === 'running';
  const name = timer.projectName;
  const projectId = timer.projectId;
  const seconds = liveSeconds(timer, now);
  const resume = () => action.run(() => bridge.startTimer({ projectId }));
  const close = () => {
    setOpen(false);
    moreButton.current?.focus();
  };
  const rest = running || open;
  // A timer resumed and paused again comes back as a row.
  useEffect(() => {
    if (running) setOpen(false);
  }, [running]);

  return (
    <li
      class={`timer ${timer.state}${rest ? '' : ' compact'}`}
      data-testid="timer"
      data-project={name}
      data-state={timer.state}
      aria-busy={action.busy}
    >
      <TimerLine timer={timer} seconds={seconds}>
        {!running && (
          <RowActions
            name={name}
            detailsId={`timer-more-${projectId}`}
            open={open}
            moreButton={moreButton}
            onResume={resume}
            onToggle={() => setOpen(!open)}
          />
        )}
      </TimerLine>
      {rest && (
        <TimerDetails
          timer={timer}
          seconds={seconds}
          billingIncrement={billingIncrement}
          bridge={bridge}
          action={action}
          onClose={running ? undefined : close}
        />
      )}
      {!rest && <ErrorLine error={action.error} />}
    </li>
  );
}

interface DetailsProps {
  timer: TimerView;
  seconds: number;
  billingIncrement: number;
  bridge: StintBridge;
  action: ReturnType<typeof useAction>;
  /** A paused timer's details close (Escape); the running timer's are always shown. */
  onClose: (() => void) | undefined;
}

/** Everything under the timer's line: its note, what Log will record, the actions and Adjust. */
function TimerDetails({ timer, seconds, billingIncrement, bridge, action, onClose }: DetailsProps) {
  const [confirming, setConfirming] = useState(false);
  const running = timer.state === 'running';
  const name = timer.projectName;
  const projectId = timer.projectId;
  const toLog = logPreviewIn(useTimeFormat())(seconds, name, billingIncrement, running);
  const formatMinutes = useMinutes();
  const previewId = `log-preview-${projectId}`;
  const onKeyDown = (event: KeyboardEvent) => {
    // Escape closes the paused timer's details, unless a field inside (the note) used it already.
    if (event.key === 'Escape' && onClose && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the details; every control in it is reachable on its own
    <div class="timer-details" id={`timer-more-${projectId}`} onKeyDown={onKeyDown}>
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
          {running && (
            <button
              type="button"
              class="primary"
              aria-label={t('window-timers.pauseNamed', { name: isolated(name) })}
              onClick={() => action.run(() => bridge.pauseTimer({ projectId }))}
            >
              {t('window-timers.pause')}
            </button>
          )}
          <button
            type="button"
            aria-label={t('window-timers.logNamed', { name: isolated(name) })}
            aria-describedby={previewId}
            data-testid="log-button"
            onClick={() => action.run(() => bridge.logTimer({ projectId }))}
          >
            <Said id={'window-timers.logMinutes'} values={{ time: formatMinutes(toLog.minutes) }} />
          </button>
          <button
            type="button"
            aria-label={t('window-timers.discardNamed', { name: isolated(name) })}
            onClick={() => setConfirming(true)}
          >
            {t('window-timers.discard')}
          </button>
        </div>
      )}
      <ErrorLine error={action.error} />
      {timer.state !== 'pending' && <TimerAdjust projectId={projectId} name={name} seconds={seconds} bridge={bridge} />}
    </div>
  );
}

interface RowActionsProps {
  name: string;
  /** The id of the details More opens (aria-controls while they are shown). */
  detailsId: string;
  open: boolean;
  moreButton: Ref<HTMLButtonElement>;
  onResume: () => void;
  onToggle: () => void;
}

/** A paused timer's row ends in Resume and More, which shows or hides the rest of its actions. */
function RowActions({ name, detailsId, open, moreButton, onResume, onToggle }: RowActionsProps) {
  return (
    <span class="timer-row-actions">
      <button
        type="button"
        class="small"
        aria-label={t('window-timers.resumeNamed', { name: isolated(name) })}
        onClick={onResume}
      >
        {t('window-timers.resume')}
      </button>
      <button
        type="button"
        class="small more"
        ref={moreButton}
        aria-label={t('window-timers.moreNamed', { name: isolated(name) })}
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        onClick={onToggle}
      >
        {t('window-timers.more')} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
    </span>
  );
}

/**
 * A running timer written in hundredths of an hour changes its number once a minute: the minute
 * under way is drawn under it (a line that fills over the minute, styles.css `.ticking`), so it
 * is seen to run, and its H:MM:SS is there on hover. A line, not a second number: the user chose
 * to read hours, and the line says "running" without asking them to read a clock beside it.
 */
function minuteUnderWay(format: TimeFormat, timer: TimerView, seconds: number) {
  if (format !== 'fraction' || timer.state !== 'running') return null;
  const s = Math.max(0, Math.floor(seconds));
  return { style: { '--minute': String((s % 60) / 60) }, title: t('window-timers.soFar', { time: formatDuration(s) }) };
}

/** The timer's project, whether it still waits to be sent, its live time, and what follows on the line. */
function TimerLine({ timer, seconds, children }: { timer: TimerView; seconds: number; children?: ComponentChildren }) {
  const name = timer.projectName;
  const formatDuration = useElapsed();
  const minute = minuteUnderWay(useTimeFormat(), timer, seconds);
  return (
    <div class="timer-line">
      <ProjectDot color={timer.color} />
      <span class="timer-name" title={name}>
        {name}
      </span>
      <SavedHereBadge status={timer.status} />
      <span
        class={minute ? 'timer-time ticking' : 'timer-time'}
        role="timer"
        aria-label={t('window-timers.timeNamed', { name: isolated(name) })}
        data-testid="timer-time"
        data-seconds={seconds}
        {...minute}
      >
        <bdi>{formatDuration(seconds)}</bdi>
      </span>
      {children}
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
  // Asked to confirm a discard, the focus goes to the safe answer, before the question is first
  // painted (a layout effect): a key pressed as soon as it shows can only meet it there, never be
  // moved from Yes to Keep a moment later.
  const keep = useRef<HTMLButtonElement>(null);
  const formatDuration = useElapsed();
  useLayoutEffect(() => {
    keep.current?.focus();
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons outside any form, named for screen readers as a group; a fieldset would bring a form's semantics and its legend
    <div class="actions" role="group" aria-label={t('window-timers.discardQuestionNamed', { name: isolated(name) })}>
      <span class="confirm-text">
        <Said id={'window-timers.discardQuestion'} values={{ time: formatDuration(seconds) }} />
      </span>
      <button
        type="button"
        class="danger"
        aria-label={t('window-timers.yesDiscardNamed', { name: isolated(name) })}
        onClick={onDiscard}
      >
        {t('window-timers.discard')}
      </button>
      <button type="button" onClick={onKeep} ref={keep}>
        {t('window-timers.keep')}
      </button>
    </div>
  );
}
