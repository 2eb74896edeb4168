// When to ask the user about time they were away from a running timer: a pure state machine over
// what the shell observes (idle-time samples, suspend/resume, lock/unlock) and the timers as the
// snapshot shows them. Core keeps the state; the shell only reports and applies.
//
// Away begins when the system's idle time began (a sample's `at - idleSeconds`) or at a suspend or
// lock, and ends when activity returns: an idle sample whose last input lies after the away began,
// or the resume/unlock that lifts the last suspend or lock. A prompt opens when the user was away
// for more than the threshold while a timer ran. What the prompt offers is decided at display
// time from the timers then (idle/view.ts): a timer no longer running (paused, logged or discarded
// elsewhere meanwhile) has no running time to take the idle time off, so the prompt only informs.
//
// Sleep across midnight: the prompt counts the whole time away, whatever days it spans; which day
// the timer's entry falls on is the service's business (it keeps the timer's own date).

import type { TimerView } from '../../../../common/snapshot';
import { exactLiveSeconds } from '../../../../common/liveSeconds';

/** Where idle time is read from (sources.ts chooses among them). */
export type IdleSourceId = 'electron' | 'gnome' | 'screensaver' | 'logind';

export type IdleEvent =
  /** powerMonitor.getSystemIdleTime(), sampled by the shell every ~15 s while a timer runs. */
  | { kind: 'idle-sample'; idleSeconds: number; at: number }
  | { kind: 'suspend' | 'lock'; at: number }
  | { kind: 'resume' | 'unlock'; at: number }
  /** Which source the samples come from (sources.ts), null when none answers: Settings names it. */
  | { kind: 'idle-source'; source: IdleSourceId | null };

const IDLE_KINDS: ReadonlySet<unknown> = new Set(['idle-sample', 'suspend', 'lock', 'resume', 'unlock', 'idle-source']);

export const isIdleEvent = (event: unknown): event is IdleEvent =>
  typeof event === 'object' && event !== null && 'kind' in event && IDLE_KINDS.has(event.kind);

/** The question put to the user on return; epoch ms and whole seconds. */
export interface IdlePrompt {
  projectId: number;
  projectName: string;
  idleSince: number;
  returnedAt: number;
  idleSeconds: number;
}

type Hold = 'suspend' | 'lock';

interface Away {
  since: number;
  /** The timer that ran when the user went away. */
  projectId: number;
  projectName: string;
  /** Suspends and locks not lifted yet: only their resume or unlock ends the away. */
  holds: readonly Hold[];
}

export interface IdleState {
  away: Away | null;
  /** When the user last came back: no later away starts before it (some systems count sleep as idle). */
  lastReturn: number | null;
  prompt: IdlePrompt | null;
}

export const DEFAULT_IDLE_THRESHOLD_MINUTES = 10;
/** Idle time below this starts no away: at a 15 s sampling, shorter ones are not seen reliably. */
export const AWAY_FLOOR_SECONDS = 60;
/** Idle seconds are whole, samples are taken late: an input this close to the away's start is the same instant. */
const SLACK_MS = 5_000;

export const initialIdleState = (): IdleState => ({ away: null, lastReturn: null, prompt: null });

/**
 * The state after `event`. `timers` are the snapshot's at the event; `thresholdMinutes` null
 * turns prompts off.
 */
export function stepIdle(
  state: IdleState,
  event: IdleEvent,
  timers: readonly TimerView[],
  thresholdMinutes: number | null,
): IdleState {
  switch (event.kind) {
    case 'idle-source':
      return state;
    case 'suspend':
    case 'lock': {
      if (state.away)
        return state.away.holds.includes(event.kind)
          ? state
          : { ...state, away: { ...state.away, holds: [...state.away.holds, event.kind] } };
      const timer = running(timers);
      if (!timer) return state;
      return {
        ...state,
        away: { since: event.at, projectId: timer.projectId, projectName: timer.projectName, holds: [event.kind] },
      };
    }
    case 'resume':
    case 'unlock': {
      if (!state.away) return state;
      const lifted: Hold = event.kind === 'resume' ? 'suspend' : 'lock';
      const holds = state.away.holds.filter((h) => h !== lifted);
      // A resume with the screen still locked: the user is back only once it is unlocked.
      if (holds.length > 0) return { ...state, away: { ...state.away, holds } };
      return returned(state, state.away, event.at, thresholdMinutes);
    }
    case 'idle-sample': {
      const lastInput = event.at - event.idleSeconds * 1000;
      if (state.away) {
        // A suspend or lock ends with its resume or unlock; an input seen meanwhile (a mouse
        // nudged on the lock screen) is no return.
        if (state.away.holds.length > 0 || lastInput <= state.away.since + SLACK_MS) return state;
        return returned(state, state.away, lastInput, thresholdMinutes);
      }
      if (event.idleSeconds < AWAY_FLOOR_SECONDS) return state;
      const timer = running(timers);
      // It must have run all the idle time: a timer started meanwhile (on another device) means
      // the user was working elsewhere, not away.
      if (!timer || exactLiveSeconds(timer, event.at) < event.idleSeconds - SLACK_MS / 1000) return state;
      const since = Math.max(lastInput, state.lastReturn ?? lastInput);
      return { ...state, away: { since, projectId: timer.projectId, projectName: timer.projectName, holds: [] } };
    }
  }
}

/** The state once the user answered the prompt. */
export const resolvedIdle = (state: IdleState): IdleState => (state.prompt ? { ...state, prompt: null } : state);

function returned(state: IdleState, away: Away, at: number, thresholdMinutes: number | null): IdleState {
  const seconds = Math.max(0, Math.round((at - away.since) / 1000));
  const back: IdleState = { ...state, away: null, lastReturn: at };
  if (thresholdMinutes === null || seconds <= thresholdMinutes * 60) return back;
  const open = state.prompt;
  // Away again before answering, from the same timer: one answer covers both times away.
  if (open && open.projectId === away.projectId) {
    return { ...back, prompt: { ...open, returnedAt: at, idleSeconds: open.idleSeconds + seconds } };
  }
  return {
    ...back,
    prompt: {
      projectId: away.projectId,
      projectName: away.projectName,
      idleSince: away.since,
      returnedAt: at,
      idleSeconds: seconds,
    },
  };
}

const running = (timers: readonly TimerView[]) => timers.find((t) => t.state === 'running');
