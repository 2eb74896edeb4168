// What each call of the contract does. The shape of every request is already checked
// (common/dispatch.ts); here its meaning is: does the project exist, does the text parse. A
// data-changing call answers once its operation is on disk and in the snapshot, never after the
// network, so the UI answers within a frame whatever the service does.

import { randomUUID } from 'node:crypto';
import type { Handlers } from '../../common/contract';
import { localDate } from '../../common/format';
import { parseQuickEntry } from '../../common/quickEntry';
import { fail, ok, type Result } from '../../common/result';
import type { Snapshot, TimerView } from '../../common/snapshot';
import { DEFAULT_BILLING_INCREMENT, elapsedMinutes, roundUpToIncrement } from './minutes';
import type { Operation, OperationBody } from './operations';
import type { Outbox } from './outbox';
import { liveSeconds } from './view';

export interface HandlerDeps {
  outbox: Outbox;
  now(): number;
  snapshot(): Snapshot;
  /** The operation is queued: show it and have the worker send it. */
  queued(): void;
  /** The user asked for fresh data, or to retry: the worker should not wait out a backoff. */
  urgent(): void;
  refresh(): void;
  /** A timer of this project was just used: it comes first among the paused ones. */
  touched(projectId: number): void;
  recent(): readonly number[];
  stopped(): boolean;
}

/** The unique source_url of a queued entry. The .invalid domain (RFC 2606) never resolves. */
export const entryMarker = (operationId: string) => `https://stint.invalid/op/${operationId}`;

export function createHandlers(deps: HandlerDeps): Handlers {
  const { outbox } = deps;
  // One action at a time: each is decided on the state the previous one left.
  let chain: Promise<unknown> = Promise.resolve();
  const act = <T>(work: (now: number, snap: Snapshot) => Promise<Result<T>>): Promise<Result<T>> => {
    const run = chain.then(() => (deps.stopped() ? fail('internal', 'Stint is shutting down.') : work(deps.now(), deps.snapshot())));
    chain = run.catch(() => {});
    return run;
  };

  const queue = async (at: number, make: (id: string, seq: number) => OperationBody): Promise<void> => {
    const id = randomUUID();
    const seq = outbox.newSeq();
    await outbox.add({ ...make(id, seq), id, seq, at } as Operation);
    deps.queued();
  };

  // The snapshot may lag the outbox by a moment: just after a project's creation settled, the
  // outbox knows the service's id while the snapshot still lists the local one. Ids are compared
  // once resolved, so either names the project; an operation queued with the local id is
  // pointed at the service's id as it is recorded.
  const same = (a: number, b: number) => outbox.projectId(a) === outbox.projectId(b);
  const timerOf = (snap: Snapshot, projectId: number) => snap.timers.find((t) => same(t.projectId, projectId));
  const noTimer = () => fail('not_found', 'There is no timer for that project.', 'projectId');

  const start = async (snap: Snapshot, now: number, projectId: number, description?: string): Promise<Result<null>> => {
    const id = outbox.projectId(projectId);
    const project = snap.projects.find((p) => same(p.id, id));
    const timer = timerOf(snap, projectId);
    if (!project && !timer) return fail('not_found', 'That project does not exist.', 'projectId');
    if (project && !project.enabled) return fail('invalid_input', `${project.name} is archived.`, 'projectId');
    if (timer?.state === 'running' && (description === undefined || description === timer.description)) return ok(null);
    const running = snap.timers.find((t) => t.state === 'running' && !same(t.projectId, id));
    deps.touched(id);
    await queue(now, () => ({
      kind: 'startTimer',
      projectId: id,
      projectName: project?.name ?? timer!.projectName,
      ...(description ? { description } : {}),
      fromSeconds: timer ? liveSeconds(timer, now) : 0,
      pauses: running ? { projectId: running.projectId, projectName: running.projectName, seconds: liveSeconds(running, now) } : null,
    }));
    return ok(null);
  };

  const pause = async (now: number, timer: TimerView): Promise<Result<null>> => {
    deps.touched(timer.projectId);
    if (timer.state !== 'running') return ok(null);
    await queue(now, () => ({ kind: 'pauseTimer', projectId: timer.projectId, projectName: timer.projectName, seconds: liveSeconds(timer, now) }));
    return ok(null);
  };

  return {
    getSnapshot: async () => ok(deps.snapshot()),

    createProject: ({ name }) =>
      act(async (now, snap) => {
        const clean = name.trim().replace(/\s+/g, ' ');
        if (clean === '') return fail('invalid_input', 'Enter a name for the project.', 'name');
        const same = snap.projects.find((p) => p.name.toLowerCase() === clean.toLowerCase());
        if (same) return fail('invalid_input', `There is already a project named ${same.name}.`, 'name');
        // Until the service gives it an id, the project goes by a negative one, unique in the queue.
        let localId = 0;
        await queue(now, (_id, seq) => ({ kind: 'createProject', localId: (localId = -seq), name: clean }));
        return ok({ projectId: localId });
      }),

    startTimer: ({ projectId, description }) => act((now, snap) => start(snap, now, projectId, description)),

    pauseTimer: ({ projectId }) =>
      act(async (now, snap) => {
        const timer = timerOf(snap, projectId);
        return timer ? pause(now, timer) : noTimer();
      }),

    logTimer: ({ projectId }) =>
      act(async (now, snap) => {
        const timer = timerOf(snap, projectId);
        if (!timer) return noTimer();
        const seconds = liveSeconds(timer, now);
        const increment = snap.projects.find((p) => p.id === timer.projectId)?.billingIncrement ?? DEFAULT_BILLING_INCREMENT;
        deps.touched(timer.projectId);
        await queue(now, () => ({
          kind: 'logTimer',
          projectId: timer.projectId,
          projectName: timer.projectName,
          seconds,
          minutes: roundUpToIncrement(elapsedMinutes(seconds), increment),
          date: localDate(now),
          description: timer.description,
        }));
        return ok(null);
      }),

    discardTimer: ({ projectId }) =>
      act(async (now, snap) => {
        const timer = timerOf(snap, projectId);
        if (!timer) return noTimer();
        await queue(now, () => ({ kind: 'discardTimer', projectId: timer.projectId, projectName: timer.projectName }));
        return ok(null);
      }),

    toggleLastTimer: () =>
      act(async (now, snap) => {
        const running = snap.timers.find((t) => t.state === 'running');
        if (running) return pause(now, running);
        // Paused timers come most recently used first; with none left, the last project timed.
        const last = snap.timers[0]?.projectId ?? deps.recent().find((id) => snap.projects.some((p) => same(p.id, id) && p.enabled));
        if (last === undefined) return fail('not_found', 'No timer to resume yet: start one on a project first.');
        return start(snap, now, last);
      }),

    quickEntry: ({ text }) =>
      act(async (now, snap) => {
        const parsed = parseQuickEntry(text, snap.projects.map((p) => p.name));
        if (!parsed.ok) return fail('invalid_input', parsed.message, parsed.field);
        const project = parsed.projectIsNew ? undefined : snap.projects.find((p) => p.name === parsed.projectName);
        if (project && !project.enabled) return fail('invalid_input', `${project.name} is archived.`, 'project');
        await queue(now, (id) => ({
          kind: 'createEntry',
          date: localDate(now),
          minutes: parsed.minutes,
          description: parsed.description,
          projectId: project?.id ?? null,
          projectName: parsed.projectName,
          marker: entryMarker(id),
        }));
        return ok({ minutes: parsed.minutes, projectName: parsed.projectName });
      }),

    retryOperation: ({ id }) =>
      act(async () => {
        if (!(await outbox.retry(id))) return fail('not_found', 'That change is no longer waiting to be fixed.', 'id');
        deps.queued();
        deps.urgent();
        return ok(null);
      }),

    discardOperation: ({ id }) =>
      act(async () => {
        if (!(await outbox.discard(id))) return fail('not_found', 'That change is no longer waiting to be fixed.', 'id');
        deps.queued();
        return ok(null);
      }),

    refresh: async () => {
      deps.refresh();
      return ok(null);
    },
  };
}
