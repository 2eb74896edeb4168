// The timer routes that change a timer: set up and start, pause and correct, log and delete.
import type { FastifyInstance } from 'fastify';
import { guardNewTags } from '../auth/entryGuard';
import { instant, type Context } from '../context';
import { insertEntry } from '../domain/entries';
import { elapsedMinutes } from '../domain/rounding';
import {
  adjustTimer,
  createTimer,
  deleteTimer,
  elapsedMs,
  getTimer,
  lockedTimer,
  pauseTimer,
  runTimer,
  setTimerDate,
  setTimerDescription,
} from '../domain/timers';
import { emitEntryEvents, emitTimerEvent } from '../events/emit';
import { entryEvent } from '../events/entryEvents';
import { stateEvent, timerEvent } from '../events/timerEvents';
import { notFound } from '../http/errors';
import { bodyOf, LIMITS } from '../http/fields';
import { paths } from '../http/links';
import { narrowLock, TIMERS_OF_USER } from '../storage/narrowLocks';
import { dateAt } from '../time';
import { archived, TIMER_PATH, TIMER_REPLY, timerTargets, type ProjectTimer, type Target } from './timerTarget';

/**
 * The body of start and log: entry_date, minutes (log only) and description. Either one makes the
 * timer run or log time, which an archived project refuses.
 */
function readRunBody(body: unknown, t: Target, withMinutes: boolean) {
  const f = bodyOf(body, 'Timer');
  const entryDate = f.date('entry_date');
  const minutes = withMinutes ? f.integer('minutes', { min: 0, max: LIMITS.minutes }) : undefined;
  const description = f.text('description');
  f.check();
  if (!t.project.enabled) throw archived(t.project);
  return { entryDate, minutes, description };
}

/** Sets the description, creating the timer if need be, and starts it. */
export function timerSetupRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  const { target, show } = timerTargets(context);

  // Sets the description; creates a pending timer when there is none (spec: "any" state row).
  app.put<ProjectTimer>(TIMER_PATH, TIMER_REPLY, async (request) => {
    const t = await target(request);
    const f = bodyOf(request.body, 'Timer');
    const description = f.text('description');
    f.check();
    await db.transaction(
      async (tx) => {
        await guardNewTags(tx, t.actor, 'Timer', description);
        const now = instant(context);
        const timer = await lockedTimer(tx, t.actor.userId, t.project.id);
        if (timer) {
          if (description !== undefined)
            await setTimerDescription(tx, { accountId: t.actor.accountId, timer, description, now: now.iso });
        } else {
          if (!t.project.enabled) throw archived(t.project);
          await createTimer(tx, {
            accountId: t.actor.accountId,
            userId: t.actor.userId,
            projectId: t.project.id,
            date: dateAt(now.date, t.user.utc_offset),
            description: description ?? null,
            now: now.iso,
          });
        }
        if (!timer || description !== undefined)
          await emitTimerEvent(tx, timerEvent(t.actor, stateEvent(timer?.state ?? 'pending'), now.iso));
      },
      narrowLock(TIMERS_OF_USER, t.actor.userId),
    );
    return show(request, t);
  });

  app.put<ProjectTimer>(`${TIMER_PATH}/start`, TIMER_REPLY, async (request, reply) => {
    const t = await target(request);
    const { entryDate, description } = readRunBody(request.body, t, false);
    await db.transaction(
      async (tx) => {
        await guardNewTags(tx, t.actor, 'Timer', description);
        const now = instant(context);
        const today = dateAt(now.date, t.user.utc_offset);
        let timer = await lockedTimer(tx, t.actor.userId, t.project.id);
        if (!timer)
          timer = await createTimer(tx, {
            accountId: t.actor.accountId,
            userId: t.actor.userId,
            projectId: t.project.id,
            date: entryDate ?? today,
            description: description ?? null,
            now: now.iso,
          });
        else {
          if (description !== undefined)
            await setTimerDescription(tx, { accountId: t.actor.accountId, timer, description, now: now.iso });
          // entry_date defaults to today when the timer starts; a running timer keeps its date.
          if (entryDate || timer.state !== 'running') await setTimerDate(tx, timer, entryDate ?? today, now.iso);
        }
        await runTimer(tx, (await getTimer(tx, t.actor.userId, t.project.id))!, now.ms, now.iso);
        await emitTimerEvent(tx, timerEvent(t.actor, 'timer.running', now.iso));
      },
      narrowLock(TIMERS_OF_USER, t.actor.userId),
    );
    reply.header('location', context.base(request) + paths.timer(t.project.id));
    return show(request, t);
  });
}

/** Pauses the timer and corrects its time. */
export function timerClockRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  const { target, existing, lockedIn, show } = timerTargets(context);

  // Pausing a paused (or pending) timer changes nothing.
  app.put<ProjectTimer>(`${TIMER_PATH}/pause`, TIMER_REPLY, async (request) => {
    const t = await target(request);
    existing(t);
    await db.transaction(
      async (tx) => {
        const now = instant(context);
        const timer = await lockedIn(tx, t);
        await pauseTimer(tx, timer, now.ms, now.iso);
        if (timer.state === 'running') await emitTimerEvent(tx, timerEvent(t.actor, 'timer.paused', now.iso));
      },
      narrowLock(TIMERS_OF_USER, t.actor.userId),
    );
    return show(request, t);
  });

  app.put<ProjectTimer>(`${TIMER_PATH}/add_or_subtract_time`, TIMER_REPLY, async (request) => {
    const t = await target(request);
    existing(t);
    const f = bodyOf(request.body, 'Timer');
    const bound = LIMITS.minutes * 60;
    const minutes = f.integer('minutes', { min: -LIMITS.minutes, max: LIMITS.minutes }) ?? 0;
    const seconds = f.integer('seconds', { min: -bound, max: bound }) ?? 0;
    f.check();
    await db.transaction(
      async (tx) => {
        const now = instant(context);
        const timer = await lockedIn(tx, t);
        await adjustTimer(tx, { timer, deltaMs: (minutes * 60 + seconds) * 1000, nowMs: now.ms, now: now.iso });
        if (timer.state === 'running') await emitTimerEvent(tx, timerEvent(t.actor, 'timer.running', now.iso));
      },
      narrowLock(TIMERS_OF_USER, t.actor.userId),
    );
    return show(request, t);
  });
}

const unstarted = () => notFound('Not Found: the timer has not been started');

/** Logs the timer as an entry, or deletes it. */
export function timerEndRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  const { target, existing, lockedIn } = timerTargets(context);

  // Logs the timer as an entry and removes it: minutes default to the elapsed minutes (any
  // started minute counts), rounded up to the project's increment by the entry itself. Spec 001
  // answers 404 "if no running or paused timer", so a pending one (never started) is not logged.
  app.put<ProjectTimer>(`${TIMER_PATH}/log`, async (request, reply) => {
    const t = await target(request);
    if (existing(t).state === 'pending') throw unstarted();
    const { entryDate, minutes, description } = readRunBody(request.body, t, true);
    await db.transaction(
      async (tx) => {
        await guardNewTags(tx, t.actor, 'Timer', description);
        const now = instant(context);
        // Read again under its lock: of logs racing over instances one logs it, the others find it gone.
        const timer = await lockedIn(tx, t);
        if (timer.state === 'pending') throw unstarted();
        // Any started moment is a started minute: a timer stopped after half a second logs 1 minute.
        const logged = minutes ?? elapsedMinutes(elapsedMs(timer, now.ms) / 1000);
        const { entry } = await insertEntry(
          tx,
          t.actor.accountId,
          {
            userId: t.actor.userId,
            projectId: t.project.id,
            project: t.project,
            date: entryDate ?? timer.date,
            minutes: logged,
            description: description === undefined ? timer.description : description,
            sourceUrl: null,
          },
          now.iso,
        );
        await deleteTimer(tx, timer);
        await emitEntryEvents(tx, [
          entryEvent('entry.created', { accountId: t.actor.accountId, entryId: entry.id, at: now.iso }),
        ]);
        await emitTimerEvent(tx, timerEvent(t.actor, 'timer.logged', now.iso));
      },
      narrowLock(TIMERS_OF_USER, t.actor.userId),
    );
    return reply.code(204).send();
  });

  // PUT .../timer/log_inbox_entry (spec 001: not yet implemented) answers 404 in resources/notImplemented.ts.

  app.delete<ProjectTimer>(TIMER_PATH, async (request, reply) => {
    const t = await target(request);
    existing(t);
    await db.transaction(
      async (tx) => {
        await deleteTimer(tx, await lockedIn(tx, t));
        await emitTimerEvent(tx, timerEvent(t.actor, 'timer.deleted', instant(context).iso));
      },
      narrowLock(TIMERS_OF_USER, t.actor.userId),
    );
    return reply.code(204).send();
  });
}
