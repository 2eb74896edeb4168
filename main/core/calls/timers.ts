// The timer calls: start, pause, log, discard, and the hotkey's toggle of the last one.

import type { Handlers } from '../../../common/contract';
import { localDate } from '../../../common/format';
import { fail, ok, type Result } from '../../../common/result';
import type { Snapshot, TimerView } from '../../../common/snapshot';
import { elapsedMinutes, roundUpToIncrement } from '../model/minutes';
import { exactLiveSeconds } from '../../../common/liveSeconds';
import type { HandlerKit } from './kit';

type TimerHandlers = Pick<Handlers, 'startTimer' | 'pauseTimer' | 'logTimer' | 'discardTimer' | 'toggleLastTimer'> & {
  /** toggleLastTimer's start without its pause: nothing when a timer already runs (the reminder's "Start last"). */
  startLastTimer(): Promise<Result<null>>;
};

export function timerHandlers(kit: HandlerKit): TimerHandlers {
  const { deps, act, queue, same, timerOf, noTimer } = kit;

  const start = (snap: Snapshot, now: number, projectId: number, description?: string) =>
    startTimer(kit, { snap, now, projectId, description });

  const pause = async (now: number, timer: TimerView): Promise<Result<null>> => {
    deps.timerUsed(timer.projectId);
    if (timer.state !== 'running') return ok(null);
    await queue(now, () => ({
      kind: 'pauseTimer',
      projectId: timer.projectId,
      projectName: timer.projectName,
      seconds: exactLiveSeconds(timer, now),
      confirmed: !timer.pending,
    }));
    return ok(null);
  };

  // Paused timers come most recently used first; with none left, the last project timed.
  const resumeLast = (snap: Snapshot, now: number): Promise<Result<null>> | Result<null> => {
    const last =
      snap.timers[0]?.projectId ??
      deps.recentProjectIds().find((id) => snap.projects.some((p) => same(p.id, id) && p.enabled));
    if (last === undefined) return fail('not_found', 'No timer to resume yet: start one on a project first.');
    return start(snap, now, last);
  };

  return {
    startTimer: ({ projectId, description }) => act((now, snap) => start(snap, now, projectId, description)),

    pauseTimer: ({ projectId }) =>
      act(async (now, snap) => {
        const timer = timerOf(snap, projectId);
        return timer ? pause(now, timer) : noTimer();
      }),

    logTimer: ({ projectId }) => act((now, snap) => logTimer(kit, { snap, now, projectId })),

    discardTimer: ({ projectId }) =>
      act(async (now, snap) => {
        const timer = timerOf(snap, projectId);
        if (!timer) return noTimer();
        await queue(
          now,
          () => ({ kind: 'discardTimer', projectId: timer.projectId, projectName: timer.projectName }),
          true,
        );
        return ok(null);
      }),

    toggleLastTimer: () =>
      act(async (now, snap) => {
        const running = snap.timers.find((t) => t.state === 'running');
        if (running) return pause(now, running);
        return resumeLast(snap, now);
      }),

    startLastTimer: () =>
      act(async (now, snap) => (snap.timers.some((t) => t.state === 'running') ? ok(null) : resumeLast(snap, now))),
  };
}

/** Starts (or resumes) the project's timer, pausing the one running; a running one given no new description is left as it is. */
async function startTimer(
  { deps, outbox, queue, same, timerOf }: HandlerKit,
  {
    snap,
    now,
    projectId,
    description,
  }: { snap: Snapshot; now: number; projectId: number; description?: string | undefined },
): Promise<Result<null>> {
  const id = outbox.projectId(projectId);
  const project = snap.projects.find((p) => same(p.id, id));
  const timer = timerOf(snap, projectId);
  if (!project && !timer) return fail('not_found', 'That project does not exist.', 'projectId');
  if (project && !project.enabled) return fail('invalid_input', `${project.name} is archived.`, 'projectId');
  if (timer?.state === 'running' && (description === undefined || description === timer.description)) return ok(null);
  const running = snap.timers.find((t) => t.state === 'running' && !same(t.projectId, id));
  deps.timerUsed(id);
  await queue(now, () => ({
    kind: 'startTimer',
    projectId: id,
    projectName: project?.name ?? timer!.projectName,
    ...(description ? { description } : {}),
    fromSeconds: timer ? exactLiveSeconds(timer, now) : 0,
    pauses: running
      ? {
          projectId: running.projectId,
          projectName: running.projectName,
          seconds: exactLiveSeconds(running, now),
          confirmed: !running.pending,
        }
      : null,
    confirmed: timer !== undefined && !timer.pending,
  }));
  return ok(null);
}

/** Logs the timer's time as an entry, rounded up to its project's increment, held for the undo grace. */
async function logTimer(
  { deps, queue, timerOf, incrementOf, noTimer }: HandlerKit,
  { snap, now, projectId }: { snap: Snapshot; now: number; projectId: number },
): Promise<Result<null>> {
  const timer = timerOf(snap, projectId);
  if (!timer) return noTimer();
  const seconds = exactLiveSeconds(timer, now);
  const increment = incrementOf(snap, timer.projectId);
  deps.timerUsed(timer.projectId);
  await queue(
    now,
    () => ({
      kind: 'logTimer',
      projectId: timer.projectId,
      projectName: timer.projectName,
      seconds,
      minutes: roundUpToIncrement(elapsedMinutes(seconds), increment),
      date: localDate(now),
      description: timer.description,
    }),
    // Held for the undo grace, like a discard: the timer comes back as it was, running on.
    true,
  );
  return ok(null);
}
