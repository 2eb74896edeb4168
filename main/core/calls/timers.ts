// The timer calls: start, pause, log, discard, and the hotkey's toggle of the last one.

import type { Handlers } from '../../../common/contract';
import { isolated } from '../../../common/bidi';
import { DESCRIPTION_IN_LABEL_MAX, ellipsize, NAME_IN_SENTENCE_MAX } from '../../../common/cutText';
import { formatMinutes, localDate, type TimeFormat } from '../../../common/format';
import { ok, type Result } from '../../../common/result';
import { refuse, said } from '../../../common/refusal';
import { archived } from './archived';
import type { Snapshot, TimerView } from '../../../common/snapshot';
import { timerStores } from '../../../common/lineStores';
import { exactLiveSeconds } from '../../../common/liveSeconds';
import { type Decisions, noTimer } from './decisions';
import type { OutboxQueue } from './outboxQueue';
import type { ShownState } from './shownState';

/** The three a timer call works with, handed on to its helpers below. */
interface TimerParts {
  decisions: Decisions;
  queue: OutboxQueue;
  shown: ShownState;
}

/** What becomes of a timer's time when another note starts on it (contract.ts startTimer). */
type TimeSoFar = 'log' | 'keep';

interface StartRequest {
  snap: Snapshot;
  now: number;
  projectId: number;
  description?: string | undefined;
  timeSoFar?: TimeSoFar | undefined;
}

type TimerHandlers = Pick<Handlers, 'startTimer' | 'pauseTimer' | 'logTimer' | 'discardTimer' | 'toggleLastTimer'> & {
  /** toggleLastTimer's start without its pause: nothing when a timer already runs (the reminder's "Start last"). */
  startLastTimer(): Promise<Result<null>>;
};

/** The timer calls: each decided in turn (decisions), queued (queue), the timer then first among the recent (shown). */
export function timerHandlers(decisions: Decisions, queue: OutboxQueue, shown: ShownState): TimerHandlers {
  const parts: TimerParts = { decisions, queue, shown };

  const start = (snap: Snapshot, now: number, request: Omit<StartRequest, 'snap' | 'now'>) =>
    startTimer(parts, { snap, now, ...request });

  const pause = async (now: number, timer: TimerView): Promise<Result<null>> => {
    shown.timerUsed(timer.projectId);
    if (timer.state !== 'running') return ok(null);
    await queue.enqueue(now, () => ({
      kind: 'pauseTimer',
      projectId: timer.projectId,
      projectName: timer.projectName,
      seconds: exactLiveSeconds(timer, now),
      confirmed: timer.status.state === 'sent',
    }));
    return ok(null);
  };

  // Paused timers come most recently used first; with none left, the last project timed.
  const resumeLast = (snap: Snapshot, now: number): Promise<Result<null>> | Result<null> => {
    const last =
      snap.timers[0]?.projectId ??
      shown.recent.find((id) => snap.projects.some((p) => decisions.same(p.id, id) && p.enabled));
    if (last === undefined)
      return refuse(
        'not_found',
        said('refusals.nothingToResume'),
        'No timer to resume yet: start one on a project first.',
      );
    return start(snap, now, { projectId: last });
  };

  return {
    startTimer: ({ projectId, description, timeSoFar }) =>
      decisions.act((now, snap) => start(snap, now, { projectId, description, timeSoFar })),

    pauseTimer: ({ projectId }) =>
      decisions.act(async (now, snap) => {
        const timer = decisions.timerOf(snap, projectId);
        return timer ? pause(now, timer) : noTimer();
      }),

    logTimer: ({ projectId }) => decisions.act((now, snap) => logTimer(parts, { snap, now, projectId })),

    discardTimer: ({ projectId }) =>
      decisions.act(async (now, snap) => {
        const timer = decisions.timerOf(snap, projectId);
        if (!timer) return noTimer();
        await queue.enqueue(
          now,
          () => ({ kind: 'discardTimer', projectId: timer.projectId, projectName: timer.projectName }),
          true,
        );
        return ok(null);
      }),

    toggleLastTimer: () =>
      decisions.act(async (now, snap) => {
        const running = snap.timers.find((t) => t.state === 'running');
        if (running) return pause(now, running);
        return resumeLast(snap, now);
      }),

    startLastTimer: () =>
      decisions.act(async (now, snap) =>
        snap.timers.some((t) => t.state === 'running') ? ok(null) : resumeLast(snap, now),
      ),
  };
}

/**
 * Starts (or resumes) the project's timer, pausing the one running; a running one given no new
 * description is left as it is. The service has one timer per project, so another note on a
 * timer with time either logs that time apart or takes it over: never without the user's word
 * (notYours), as Continue once silently did (issue 22 item 6).
 */
async function startTimer(
  { decisions, queue, shown }: TimerParts,
  { snap, now, projectId, description, timeSoFar }: StartRequest,
): Promise<Result<null>> {
  const id = decisions.projectId(projectId);
  const project = snap.projects.find((p) => decisions.same(p.id, id));
  const timer = decisions.timerOf(snap, projectId);
  if (!project && !timer)
    return refuse('not_found', said('refusals.noSuchProject'), 'That project does not exist.', 'projectId');
  if (project && !project.enabled) return archived(project.name, 'projectId');
  if (timer?.state === 'running' && (description === undefined || description === timer.description)) return ok(null);
  const renamed = timer !== undefined && description !== undefined && description !== timer.description;
  if (renamed && timeSoFar === undefined && notYours(timer, now))
    return askAboutTimeSoFar(timer, description, now, snap.timeFormat);
  const running = snap.timers.find((t) => t.state === 'running' && !decisions.same(t.projectId, id));
  shown.timerUsed(id);
  // A timer never started (pending) has no time to log: it simply takes the note.
  const apart = renamed && timeSoFar === 'log' && timer.state !== 'pending';
  const log = apart ? [() => loggedAsItIs(snap, timer, now, decisions)] : [];
  // One write: after a crash both are queued or neither.
  await queue.enqueueAll(now, [
    ...log,
    () => ({
      kind: 'startTimer',
      projectId: id,
      projectName: project?.name ?? timer!.projectName,
      ...(description ? { description } : {}),
      fromSeconds: timer && !apart ? exactLiveSeconds(timer, now) : 0,
      pauses: running
        ? {
            projectId: running.projectId,
            projectName: running.projectName,
            seconds: exactLiveSeconds(running, now),
            confirmed: running.status.state === 'sent',
          }
        : null,
      confirmed: timer !== undefined && !apart && timer.status.state === 'sent',
    }),
  ]);
  return ok(null);
}

/** Whether a new note would take over time timed under another note (a timer with no note or no time loses nothing). */
const notYours = (timer: TimerView, now: number): boolean =>
  Boolean(timer.description) && exactLiveSeconds(timer, now) > 0;

/**
 * The refusal the window turns into its question (the time as the card shows it, whole minutes
 * timed). The question is also the group's name for screen readers, so long text is cut as shown.
 */
function askAboutTimeSoFar(timer: TimerView, description: string, now: number, format: TimeFormat): Result<never> {
  const time = formatMinutes(exactLiveSeconds(timer, now) / 60, format);
  const name = isolated(ellipsize(timer.projectName, NAME_IN_SENTENCE_MAX));
  const note = (text: string) => isolated(ellipsize(text, DESCRIPTION_IN_LABEL_MAX));
  const [was, now_] = [note(timer.description ?? ''), note(description)];
  return refuse(
    'invalid_input',
    said('refusals.timeSoFarQuestion', { name, time, was, now: now_ }),
    `${name}'s timer has ${time} on “${was}”: log that time first, or keep it under “${now_}”.`,
    'timeSoFar',
  );
}

/** The timer logged now with its own note, as Log does (rounded up to the project's increment), without the undo grace. */
function loggedAsItIs(snap: Snapshot, timer: TimerView, now: number, decisions: Decisions) {
  const seconds = exactLiveSeconds(timer, now);
  return {
    kind: 'logTimer' as const,
    projectId: timer.projectId,
    projectName: timer.projectName,
    seconds,
    minutes: timerStores(seconds, false, decisions.incrementOf(snap, timer.projectId)).minutes,
    date: localDate(now),
    description: timer.description,
  };
}

/** Logs the timer's time as an entry, rounded up to its project's increment, held for the undo grace. */
async function logTimer(
  { decisions, queue, shown }: TimerParts,
  { snap, now, projectId }: { snap: Snapshot; now: number; projectId: number },
): Promise<Result<null>> {
  const timer = decisions.timerOf(snap, projectId);
  if (!timer) return noTimer();
  const seconds = exactLiveSeconds(timer, now);
  const increment = decisions.incrementOf(snap, timer.projectId);
  shown.timerUsed(timer.projectId);
  await queue.enqueue(
    now,
    () => ({
      kind: 'logTimer',
      projectId: timer.projectId,
      projectName: timer.projectName,
      seconds,
      // What the card's Log said (common/lineStores.ts), at the seconds of this moment: a minute at
      // least, paused at 0:00:00 too (issue 27 item 6).
      minutes: timerStores(seconds, false, increment).minutes,
      date: localDate(now),
      description: timer.description,
    }),
    // Held for the undo grace, like a discard: the timer comes back as it was, running on.
    true,
  );
  return ok(null);
}
