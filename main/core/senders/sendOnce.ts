// Sends one operation so that it takes effect exactly once and means what the user did, however
// late it is sent: after an attempt that may have reached the service, it first looks for what
// that attempt did. Timer operations are checked against the answer: the service counts from
// when a request lands, which may be long after the user clicked (queued while offline, or a
// request the client had to send again), so every start and pause compares the seconds the
// service answers with the seconds the user saw at that moment, and corrects the difference.

import { ApiError, isApiError, isNotFound } from '../../api/errors';
import type { ServiceApi } from '../../api/types';
import type { Entry } from '../../api/types';
import { minutesToLog, roundUpToIncrement } from '../model/minutes';
import { entryMarker, type Operation } from '../model/operations';
import { loggedByAttempt, planPause, planStart, recoverGoneTimer, TOLERANCE_SECONDS } from './reconcile';
import { sendRewind } from './sendRewind';
import type { SendContext, Sent } from './sent';
import { runAt, runPausedTo } from './timerSeconds';
import { sendAdjust, sendNote } from './sendTimerEdits';

export { TOLERANCE_SECONDS } from './reconcile';

export async function sendOperation(api: ServiceApi, op: Operation, ctx: SendContext): Promise<Sent> {
  switch (op.kind) {
    case 'createProject':
      return sendCreateProject(api, op, ctx);

    case 'startTimer':
      return sendStart(api, op, ctx);

    case 'pauseTimer':
      return notices(await pauseAt(api, op, ctx));

    case 'rewindTimer':
      return sendRewind(api, op, ctx);

    case 'adjustTimer':
      return sendAdjust(api, op, ctx);

    case 'setTimerNote':
      return sendNote(api, op);

    case 'logTimer':
      return sendLog(api, op, ctx);

    case 'discardTimer':
      // Gone is what the user asked for, whoever removed it.
      await api.deleteTimer(op.projectId).catch(ignore(isNotFound));
      return {};

    case 'deleteEntry':
      // Sent once its undo grace passed; a 404 on a repeat (or deleted elsewhere) is done.
      if (op.entryId === null) {
        // It cancels a queued entry. Never sent, both were withdrawn (workerSteps.ts) and this is
        // not reached; sent (or sent in part), the entry is found by its marker, if it was made.
        const made = op.cancels ? await findMarked(api, entryMarker(op.cancels), op.at) : undefined;
        if (made) await api.deleteEntry(made.id).catch(ignore(isNotFound));
        return {};
      }
      await api.deleteEntry(op.entryId).catch(ignore(isNotFound));
      return {};

    case 'updateEntry':
      return sendUpdateEntry(api, op);

    case 'createEntry':
      return sendCreateEntry(api, op, ctx);

    case 'updateCurrentUser':
      // PUT sets the values: a repeat after a lost answer sets the same ones again.
      await api.updateCurrentUser({
        ...(op.timeFormat ? { time_format: op.timeFormat } : {}),
        ...(op.weekStart ? { week_start: op.weekStart } : {}),
      });
      return {};
  }
}

type OperationOf<K extends Operation['kind']> = Extract<Operation, { kind: K }>;

/**
 * Every attempt of an operation's POST carries the operation's id (the journal's, the same after
 * a restart) as its Idempotency-Key: a service that honours it answers a retry with the first
 * answer and creates nothing twice. The look-ups for what an earlier attempt did stay, for a
 * service that ignores the key and for an answer the service itself lost (409 answer_lost).
 */
const keyOf = (op: Operation) => ({ idempotencyKey: op.id });

/**
 * Creates the project, or takes the one the service already has by that name: an earlier attempt
 * made it, or something sent just before did (an entry with project_name, another window, another
 * device). Refused as already existing, the project the user meant exists, so the operations
 * waiting on this one go on with it instead of failing on a name the user cannot have twice.
 */
async function sendCreateProject(api: ServiceApi, op: OperationOf<'createProject'>, ctx: SendContext): Promise<Sent> {
  if (ctx.attempted) {
    const made = await projectNamed(api, op.name);
    if (made) return { projectId: made.id };
  }
  try {
    const input = { name: op.name, ...(op.color ? { color: op.color } : {}) };
    return { projectId: (await api.createProject(input, keyOf(op))).id };
  } catch (error) {
    if (!alreadyExists(error)) throw error;
    const existing = await projectNamed(api, op.name);
    if (existing) return { projectId: existing.id };
    throw error;
  }
}

/** The service takes two names that differ only in letter case for one (it refuses the second): so does the look-up. */
async function projectNamed(api: ServiceApi, name: string): Promise<{ id: number } | undefined> {
  const wanted = name.toLowerCase();
  for await (const p of api.listProjects({ name })) if (p.name.toLowerCase() === wanted) return p;
  return undefined;
}

const alreadyExists = (error: unknown): boolean =>
  isApiError(error) &&
  error.kind === 'validation' &&
  error.errors.some((e) => e.code === 'already_exists' && e.field === 'name');

/** Starts the timer at the seconds the user saw, after pausing the one it paused. */
async function sendStart(api: ServiceApi, op: OperationOf<'startTimer'>, ctx: SendContext): Promise<Sent> {
  // The timer it paused is paused first, at the user's seconds: left to the service, it would
  // stop whenever this start lands.
  const paused = op.pauses ? await pauseAt(api, { ...op.pauses, id: op.id, at: op.at }, ctx) : null;
  // Sent late from a confirmed view, it may meet a timer changed elsewhere meanwhile: read
  // first, to keep both sides (operations.ts Confirmed).
  const late = op.confirmed === true && ctx.now() - op.at >= TOLERANCE_SECONDS * 1000;
  const before = late ? ((await api.getTimer(op.projectId).catch(ignore(isNotFound))) ?? null) : undefined;
  const readAt = ctx.now();
  const timer = await api.startTimer(op.projectId, op.description ? { description: op.description } : undefined);
  const plan =
    before === undefined
      ? { target: (now: number) => op.fromSeconds + (now - op.at) / 1000, notice: null }
      : planStart(op, before, readAt, ctx);
  await runAt(api, timer, () => plan.target(ctx.now()));
  return notices(paused, plan.notice);
}

/** Logs the timer with the minutes the user saw, or discards it when its entry was deleted first. */
async function sendLog(api: ServiceApi, op: OperationOf<'logTimer'>, ctx: SendContext): Promise<Sent> {
  // Its entry deleted before it was sent: the timer goes, as a discard (gone already is done).
  if (op.discarded) {
    await api.deleteTimer(op.projectId).catch(ignore(isNotFound));
    return {};
  }
  try {
    // The minutes the user saw (a minute at least, as the card said: issue 27 item 6), whatever
    // the service's timer counted meanwhile; the description as edited, if its entry was edited
    // before it was sent.
    await api.logTimer(op.projectId, {
      minutes: minutesToLog(op.seconds, false),
      ...(op.edited ? { description: op.description ?? '' } : {}),
    });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    // The unanswered attempt logged it: the timer is gone because it became the entry.
    if (ctx.attempted && (await loggedByAttempt(api, op))) return {};
    // Logged or discarded elsewhere while this waited (before the attempt arrived, if any).
    return { notice: await recoverGoneTimer(api, op, ctx.timeFormat) };
  }
  return {};
}

/** Sets an entry's values; an entry deleted elsewhere fails the change. */
async function sendUpdateEntry(api: ServiceApi, op: OperationOf<'updateEntry'>): Promise<Sent> {
  // PUT sets the values: a repeat after a lost answer sets them again. Every minute is sent
  // (an update without minutes gives the entry 0, spec 001), the project only when it moves.
  try {
    await api.updateEntry(op.entryId, {
      minutes: op.minutes,
      description: op.description,
      ...(op.projectId === null && op.projectName !== null
        ? { project_name: op.projectName }
        : op.projectId !== undefined
          ? { project_id: op.projectId }
          : {}),
      ...(op.date !== undefined ? { date: op.date } : {}),
    });
  } catch (error) {
    // Deleted elsewhere: the change fails, visibly, rather than bringing the entry back.
    if (isNotFound(error)) throw restated(error, 'The entry was deleted elsewhere, so this change was not saved.');
    throw error;
  }
  return {};
}

/** Creates the entry with its marker, or gives the one an earlier attempt made the operation's values. */
async function sendCreateEntry(api: ServiceApi, op: OperationOf<'createEntry'>, ctx: SendContext): Promise<Sent> {
  const fields = {
    date: op.date,
    minutes: op.minutes,
    description: op.description,
    ...(op.projectId !== null
      ? { project_id: op.projectId }
      : op.projectName !== null
        ? { project_name: op.projectName }
        : {}),
  };
  const earlier = ctx.attempted ? await findMarked(api, op.marker, op.at) : undefined;
  // Made by an earlier attempt; the user may have edited the operation since (it failed in
  // between), so the entry is given the operation's values. PUT sets them: safe to repeat.
  if (earlier) {
    // A PUT keeps a project it is not given: an entry moved to none must say so.
    const none = op.projectId === null && op.projectName === null;
    if (!sameEntry(earlier, op)) await api.updateEntry(earlier.id, none ? { ...fields, project_id: null } : fields);
    return { entryId: earlier.id };
  }
  const made = await api.createEntry({ ...fields, source_url: op.marker }, keyOf(op));
  await colourNewProject(api, op, made);
  return { entryId: made.id };
}

/**
 * Gives the project the service made for the entry (project_name) the colour chosen when the user
 * typed it, as a project Stint creates itself gets it (the spec takes no colour with a name). A
 * colour is not worth failing an entry that landed over: a refusal leaves the project grey.
 */
async function colourNewProject(api: ServiceApi, op: OperationOf<'createEntry'>, made: Entry): Promise<void> {
  if (!op.newProjectColor || !made.project || made.project.color) return;
  await api.updateProject(made.project.id, { color: op.newProjectColor }).catch(() => undefined);
}

/**
 * Pauses a timer at the elapsed seconds the user paused it at. The pause stops the service's
 * clock whenever it lands; if that is off by more than the tolerance (it landed late, or the
 * service counted time the app was offline), the timer is run back: started, corrected, paused
 * again. Nothing else runs meanwhile: this was the user's running timer, and starting it keeps
 * the date its entry will have. A change made elsewhere meanwhile is kept (reconcile.ts); a timer
 * gone meanwhile was logged or discarded elsewhere. Answers what the user must be told, if anything.
 */
async function pauseAt(
  api: ServiceApi,
  op: { id: string; projectId: number; projectName: string; seconds: number; at: number; confirmed?: boolean },
  ctx: SendContext,
): Promise<string | null> {
  const timer = await api.pauseTimer(op.projectId).catch(ignore(isNotFound));
  if (!timer) return recoverGoneTimer(api, { ...op, kind: 'pauseTimer' }, ctx.timeFormat);
  // An earlier attempt may have paused it already: then its seconds are ours, landed late. Only
  // a confirmed view makes a difference someone else's change (operations.ts Confirmed).
  const plan = op.confirmed
    ? planPause(op, timer, ctx.now(), ctx.timeFormat)
    : { target: () => op.seconds, notice: null };
  if (timer.state === 'paused') await runPausedTo(api, timer, () => plan.target(ctx.now()));
  return plan.notice;
}

const notices = (...messages: Array<string | null>): Sent => {
  const told = messages.filter((m): m is string => m !== null);
  return told.length ? { notice: told.join(' ') } : {};
};

/** How far before the user acted the search for an earlier attempt's entry looks: clocks differ. */
const CLOCK_SLACK_MS = 24 * 3_600_000;

/**
 * The entry an earlier attempt created, found by its marker among the user's entries changed
 * since the user acted (not by date: an edit may have moved the operation to another day).
 */
async function findMarked(api: ServiceApi, marker: string, at: number): Promise<Entry | undefined> {
  const me = await api.getCurrentUser();
  for await (const e of api.listEntries({
    user_ids: [me.id],
    updated_from: new Date(at - CLOCK_SLACK_MS).toISOString(),
  }))
    if (e.source_url === marker) return e;
  return undefined;
}

/**
 * Whether an entry already has what the operation asks for: its minutes as the service rounds
 * them up to the entry's project's increment. Exactly that, not "at most an hour more": an entry
 * amended from 45 minutes down to 30 after the 45 landed is not the same. A service that rounds
 * otherwise costs a PUT of the same values, nothing worse.
 */
function sameEntry(e: Entry, op: Extract<Operation, { kind: 'createEntry' }>): boolean {
  const project =
    op.projectId !== null
      ? e.project?.id === op.projectId
      : op.projectName !== null
        ? e.project?.name === op.projectName
        : e.project === null;
  return (
    e.date === op.date &&
    (e.description ?? '') === op.description &&
    project &&
    e.minutes === roundUpToIncrement(op.minutes, e.project?.billing_increment ?? 1)
  );
}

/** The same refusal in words the user can act on. */
const restated = (error: ApiError, message: string) =>
  new ApiError({
    kind: error.kind,
    message,
    status: error.status,
    body: error.body,
    method: error.method,
    url: error.url,
    cause: error,
  });

const ignore =
  (which: (error: unknown) => boolean) =>
  (error: unknown): undefined => {
    if (which(error)) return undefined;
    throw error;
  };
