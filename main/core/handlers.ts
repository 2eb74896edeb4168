// What each call of the contract does. The shape of every request is already checked
// (common/dispatch.ts); here its meaning is: does the project exist, does the text parse. A
// data-changing call answers once its operation is on disk and in the snapshot, never after the
// network, so the UI answers within a frame whatever the service does.

import { randomUUID } from 'node:crypto';
import type { Handlers, RequestOf } from '../../common/contract';
import { localDate } from '../../common/format';
import { parseQuickEntry } from '../../common/quickEntry';
import { fail, ok, type Result } from '../../common/result';
import type { Settings } from '../../common/settings';
import type { Snapshot, TimerView } from '../../common/snapshot';
import { parseTimeString } from '../../common/timeString';
import { cleanName, editedEntry, editedProject, projectNamed, type EditedEntry } from './sync/entryEdit';
import { DEFAULT_BILLING_INCREMENT, elapsedMinutes, roundUpToIncrement } from './sync/minutes';
import { editableValues, entryMarker, type Operation, type OperationBody } from './sync/operations';
import type { Outbox } from './sync/outbox';
import { entrySummary, UNDO_GRACE_MS } from './undo/grace';
import { undoOperation } from './undo/undo';
import type { IdlePrompt } from './idle/policy';
import { idleOperations } from './idle/resolve';
import { liveSeconds } from './sync/snapshot';
import { accountsNotHere } from './accounts/accountsRefused';

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
  /** Removes a notice from the snapshot; false when there is none by that id. */
  dismissNotice(id: string): boolean;
  /** Checks, applies and saves a change of settings (settings/update.ts); without it, settings cannot change. */
  updateSettings?(patch: RequestOf<'updateSettings'>): Result<Settings>;
  /** How long a discard or delete waits for an undo (undo/grace.ts); 0 sends it at once. */
  undoGraceMs?: number;
  /** The open idle prompt (idle/tracker.ts); without it, there is never one. */
  idlePrompt?(): IdlePrompt | null;
  /** The idle prompt was answered: close it. */
  idleResolved?(): void;
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { outbox } = deps;
  // One action at a time: each is decided on the state the previous one left.
  let chain: Promise<unknown> = Promise.resolve();
  const act = <T>(work: (now: number, snap: Snapshot) => Promise<Result<T>>): Promise<Result<T>> => {
    const run = chain.then(() =>
      deps.stopped() ? fail('internal', 'Stint is shutting down.') : work(deps.now(), deps.snapshot()),
    );
    chain = run.catch(() => {});
    return run;
  };

  const graceMs = deps.undoGraceMs ?? UNDO_GRACE_MS;
  const queue = async (
    at: number,
    make: (id: string, seq: number) => OperationBody,
    undoable = false,
  ): Promise<void> => {
    const id = randomUUID();
    const seq = outbox.newSeq();
    const notBefore = undoable && graceMs > 0 ? { notBefore: at + graceMs } : {};
    await outbox.add({ ...make(id, seq), id, seq, at, ...notBefore } as Operation);
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
      pauses: running
        ? {
            projectId: running.projectId,
            projectName: running.projectName,
            seconds: liveSeconds(running, now),
            confirmed: !running.pending,
          }
        : null,
      confirmed: timer !== undefined && !timer.pending,
    }));
    return ok(null);
  };

  const pause = async (now: number, timer: TimerView): Promise<Result<null>> => {
    deps.touched(timer.projectId);
    if (timer.state !== 'running') return ok(null);
    await queue(now, () => ({
      kind: 'pauseTimer',
      projectId: timer.projectId,
      projectName: timer.projectName,
      seconds: liveSeconds(timer, now),
      confirmed: !timer.pending,
    }));
    return ok(null);
  };

  return {
    getSnapshot: async () => ok(deps.snapshot()),

    createProject: ({ name }) =>
      act(async (now, snap) => {
        const clean = newProjectName(name, snap);
        if (!clean.ok) return clean;
        // Until the service gives it an id, the project goes by a negative one, unique in the queue.
        let localId = 0;
        await queue(now, (_id, seq) => ({ kind: 'createProject', localId: (localId = -seq), name: clean.value }));
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
        const increment =
          snap.projects.find((p) => p.id === timer.projectId)?.billingIncrement ?? DEFAULT_BILLING_INCREMENT;
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
        await queue(
          now,
          () => ({ kind: 'discardTimer', projectId: timer.projectId, projectName: timer.projectName }),
          true,
        );
        return ok(null);
      }),

    deleteEntry: ({ entryId }) =>
      act(async (now, snap) => {
        const entry = snap.today.entries.find((e) => e.id === entryId);
        if (!entry) return fail('not_found', "That entry is not among today's entries.", 'entryId');
        await queue(now, () => ({ kind: 'deleteEntry', entryId, summary: entrySummary(entry) }), true);
        return ok(null);
      }),

    updateEntry: ({ key, ...typed }) =>
      act(async (now, snap) => {
        const entry = snap.today.entries.find((e) => e.key === key);
        if (!entry) return fail('not_found', "That entry is not among today's entries.", 'key');
        if (entry.editable === false) return fail('invalid_input', NOT_EDITABLE_YET, 'key');
        // Not created yet: its queued operation holds the values, and the project's id.
        const item = entry.id === null ? outbox.items().find((i) => i.op.id === key) : undefined;
        const queued = item?.op.kind === 'createEntry' ? item.op : undefined;
        const edited = editedEntry(typed, queued ?? { projectName: entry.projectName }, snap);
        if (!edited.ok) return edited;
        const values = edited.value;
        // Saved unchanged: nothing to send.
        if (
          values.projectName === entry.projectName &&
          values.minutes === entry.minutes &&
          values.description === (entry.description ?? '')
        )
          return ok(null);
        if (entry.id !== null) {
          const entryId = entry.id;
          await queue(now, () => ({ kind: 'updateEntry', entryId, ...values, summary: entrySummary(entry) }));
          return ok(null);
        }
        if (!queued) return fail('invalid_input', NOT_EDITABLE_YET, 'key');
        const amended = {
          ...queued,
          ...values,
          projectId: values.projectId === undefined ? queued.projectId : values.projectId,
        };
        // Operations go in order: a project made after this entry's operation would not exist yet when it is sent.
        const local = amended.projectId === null ? 0 : outbox.projectId(amended.projectId);
        if (local < 0 && -local > queued.seq)
          return fail(
            'invalid_input',
            `${amended.projectName} is not saved to the service yet: move this entry to it once it is.`,
            'project',
          );
        let done = false;
        try {
          done = await outbox.amend(amended);
        } finally {
          // The worker took nothing while the amendment was written: wake it, whatever came of it.
          deps.queued();
        }
        return done ? ok(null) : fail('invalid_input', NOT_EDITABLE_YET, 'key');
      }),

    undo: ({ id }) =>
      act(async (now) => {
        const undone = await undoOperation(outbox, id, now);
        if (undone.ok) deps.queued();
        return undone;
      }),

    toggleLastTimer: () =>
      act(async (now, snap) => {
        const running = snap.timers.find((t) => t.state === 'running');
        if (running) return pause(now, running);
        // Paused timers come most recently used first; with none left, the last project timed.
        const last =
          snap.timers[0]?.projectId ??
          deps.recent().find((id) => snap.projects.some((p) => same(p.id, id) && p.enabled));
        if (last === undefined) return fail('not_found', 'No timer to resume yet: start one on a project first.');
        return start(snap, now, last);
      }),

    quickEntry: ({ text }) =>
      act(async (now, snap) => {
        const parsed = parseQuickEntry(
          text,
          snap.projects.map((p) => p.name),
        );
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

    editOperation: ({ id, changes }) =>
      act(async (_now, snap) => {
        const item = outbox.items().find((i) => i.op.id === id);
        if (item?.status !== 'failed') return fail('not_found', 'That change is no longer waiting to be fixed.', 'id');
        const edited = editedOperation(item.op, changes, snap, same);
        if (!edited.ok) return edited;
        if (!(await outbox.edit(edited.value)))
          return fail('not_found', 'That change is no longer waiting to be fixed.', 'id');
        deps.queued();
        deps.urgent();
        return ok(null);
      }),

    // Gone already (dismissed in another window, or core restarted) is what the user asked for.
    dismissNotice: async ({ id }) => {
      deps.dismissNotice(id);
      return ok(null);
    },

    discardOperation: ({ id }) =>
      act(async () => {
        if (!(await outbox.discard(id)))
          return fail('not_found', 'That change is no longer waiting to be fixed.', 'id');
        deps.queued();
        return ok(null);
      }),

    refresh: async () => {
      deps.refresh();
      return ok(null);
    },
    ...accountsNotHere,

    resolveIdle: ({ choice }) =>
      act(async (now, snap) => {
        const prompt = deps.idlePrompt?.() ?? null;
        const ops = idleOperations(prompt, choice, prompt ? timerOf(snap, prompt.projectId) : undefined, now);
        if (!ops.ok) return ops;
        for (const body of ops.value) await queue(now, () => body);
        deps.idleResolved?.();
        return ok(null);
      }),

    updateSettings: async (patch) =>
      deps.updateSettings ? deps.updateSettings(patch) : fail('internal', 'Settings cannot be changed here.'),
  };
}

type Changes = RequestOf<'editOperation'>['changes'];

/**
 * A failed operation with the user's changes, checked as the action that made it was: the time
 * read as quick entry reads it, a project looked up by name. Anything refused names its field, and
 * nothing is queued.
 */
function editedOperation(
  op: Operation,
  changes: Changes,
  snap: Snapshot,
  same: (a: number, b: number) => boolean,
): Result<Operation> {
  const allowed = editableValues(op).map((v) => v.field);
  if (allowed.length === 0) return fail('invalid_input', 'This change cannot be edited: retry or discard it.', 'id');
  for (const [field, value] of Object.entries(changes)) {
    if (value !== undefined && !allowed.includes(field as never))
      return fail('invalid_input', `The ${field} of this change cannot be edited.`, field);
  }

  const minutes = (): Result<number | undefined> => {
    if (changes.time === undefined) return ok(undefined);
    const parsed = parseTimeString(changes.time);
    return parsed.ok ? ok(parsed.minutes) : fail('invalid_input', parsed.message, 'time');
  };

  switch (op.kind) {
    case 'createEntry': {
      const time = minutes();
      if (!time.ok) return time;
      if (changes.date !== undefined && !isDate(changes.date.trim()))
        return fail('invalid_input', 'Write the date as YYYY-MM-DD, like 2025-03-10.', 'date');
      const project =
        changes.project === undefined
          ? ok({ projectId: op.projectId, projectName: op.projectName })
          : entryProject(op, changes.project, snap);
      if (!project.ok) return project;
      return ok({
        ...op,
        ...(time.value !== undefined ? { minutes: time.value } : {}),
        ...(changes.date !== undefined ? { date: changes.date.trim() } : {}),
        ...(changes.description !== undefined ? { description: changes.description.trim() } : {}),
        ...project.value,
      });
    }
    case 'logTimer': {
      const time = minutes();
      if (!time.ok) return time;
      if (time.value === undefined) return ok(op);
      const increment =
        snap.projects.find((p) => same(p.id, op.projectId))?.billingIncrement ?? DEFAULT_BILLING_INCREMENT;
      // The service is sent elapsedMinutes(seconds): whole minutes in seconds send exactly those.
      return ok({ ...op, seconds: time.value * 60, minutes: roundUpToIncrement(time.value, increment) });
    }
    case 'updateEntry': {
      const time = minutes();
      if (!time.ok) return time;
      const project = changes.project === undefined ? ok({}) : editedProject(changes.project, op, snap);
      if (!project.ok) return project;
      const values: Partial<EditedEntry> = {
        ...(time.value !== undefined ? { minutes: time.value } : {}),
        ...(changes.description !== undefined ? { description: changes.description.trim() } : {}),
        ...project.value,
      };
      return ok({ ...op, ...values });
    }
    case 'createProject': {
      if (changes.name === undefined) return ok(op);
      // Its own project is not in the snapshot (failed operations did not happen), so a name the
      // snapshot has is someone else's: the very duplicate the service refused, perhaps.
      const name = newProjectName(changes.name, snap);
      return name.ok ? ok({ ...op, name: name.value }) : name;
    }
    default:
      return fail('invalid_input', 'This change cannot be edited: retry or discard it.', 'id');
  }
}

/**
 * The project an edited entry goes to, by name as quick entry takes it: a known project by its id
 * (refused while archived), an unknown name sent as project_name for the service to create, none
 * when left empty.
 */
function entryProject(
  op: Operation & { kind: 'createEntry' },
  typed: string,
  snap: Snapshot,
): Result<{ projectId: number | null; projectName: string | null }> {
  const name = cleanName(typed.startsWith('@') ? typed.slice(1) : typed);
  if (name === '') return ok({ projectId: null, projectName: null });
  const known = projectNamed(snap, name);
  if (known && !known.enabled) return fail('invalid_input', `${known.name} is archived.`, 'project');
  if (known) return ok({ projectId: known.id, projectName: known.name });
  // Its own project, still local and not in the snapshot (its creation failed too): the entry
  // keeps waiting on that creation rather than have the service make a second project so named.
  const ownLocal = op.projectId !== null && op.projectId < 0 && op.projectName?.toLowerCase() === name.toLowerCase();
  if (ownLocal) return ok({ projectId: op.projectId, projectName: op.projectName });
  return ok({ projectId: null, projectName: name });
}

/** Said of an entry that has no id yet and no queued operation that can take the change. */
const NOT_EDITABLE_YET = 'This entry is being saved to the service: edit it once it shows as saved.';

/** A name for a new project: spaces tidied, not empty, and not one the user has already. */
function newProjectName(typed: string, snap: Snapshot): Result<string> {
  const name = cleanName(typed);
  if (name === '') return fail('invalid_input', 'Enter a name for the project.', 'name');
  const taken = projectNamed(snap, name);
  return taken ? fail('invalid_input', `There is already a project named ${taken.name}.`, 'name') : ok(name);
}

/** A real calendar day written YYYY-MM-DD. */
function isDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
