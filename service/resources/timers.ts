// Timers (spec 001 timer table and endpoints, GAPS.md "Timers"). Every route acts on the current
// user's timer of the project in the path. Decided: a missing timer answers 404 on GET, pause,
// add_or_subtract_time, log and DELETE (GAPS.md settles the first four; DELETE follows them).
// Every change emits its broadcast event (events/timerEvents.ts) in its transaction; log also
// emits entry.created for the entry it makes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../auth/authenticate';
import { guardNewTags } from '../auth/entryGuard';
import { seesProject, visibleProjectIds, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import { insertEntry } from '../domain/entries';
import { getProject, type ProjectRow } from '../domain/projects';
import { elapsedMinutes } from '../domain/rounding';
import {
  adjustTimer,
  createTimer,
  deleteTimer,
  elapsedMs,
  getTimer,
  listTimers,
  pauseTimer,
  runTimer,
  setTimerDate,
  setTimerDescription,
  type TimerRow,
} from '../domain/timers';
import type { UserRow } from '../domain/users';
import { emitEntryEvents, emitTimerEvent } from '../events/emit';
import { entryEvent } from '../events/entryEvents';
import { stateEvent, timerEvent } from '../events/timerEvents';
import { notFound, refused } from '../http/errors';
import { bodyOf, LIMITS, pathId, queryOf } from '../http/fields';
import { paths } from '../http/links';
import { timerListSchema, timerSchema } from '../http/schemas';
import { readPage, sendPage } from '../http/pagination';
import { inTransaction } from '../storage/db';
import { within } from './entryList';
import { dateAt } from '../time';
import * as view from '../views/tracking';

type ProjectTimer = { Params: { project_id: string } };

interface Target {
  actor: Actor;
  user: UserRow;
  project: ProjectRow;
  timer: TimerRow | undefined;
}

// Decided: an archived project's timer cannot be created, started or logged (logging would create
// an entry there); it can still be paused, changed and deleted, so nothing is stuck running.
const archived = (project: ProjectRow) =>
  refused(
    'Timer',
    'project_id',
    'archived_project',
    `Project "${project.name}" is archived: its timer cannot run or log time`,
  );

export function timerRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  const timerPath = '/v2/projects/:project_id/timer';

  const timerReply = { schema: { response: { 200: timerSchema } } };

  function target(request: FastifyRequest<ProjectTimer>): Target {
    const actor = actorOf(request);
    const project = getProject(db, actor.accountId, pathId(request.params.project_id, 'Project'));
    // A project a contractor was not given answers as a missing one (auth/permissions.ts).
    if (!project || !seesProject(db, actor, project.id)) throw notFound('Project not found');
    return { actor, user: actor.user, project, timer: getTimer(db, actor.userId, project.id) };
  }

  function existing(t: Target): TimerRow {
    if (!t.timer) throw notFound('No running or paused timer for this project');
    return t.timer;
  }

  function show(request: FastifyRequest, t: Target) {
    const timer = getTimer(db, t.actor.userId, t.project.id)!;
    return view.timer(context.base(request), timer, { user: t.user, proj: t.project, nowMs: instant(context).ms });
  }

  // Only 200 answers have a schema: error bodies keep the generic serialiser.
  app.get('/v2/timers', { schema: { response: { 200: timerListSchema } } }, async (request, reply) => {
    const actor = actorOf(request);
    const f = queryOf(request.query, 'Timer');
    const filters = {
      description: f.text('description') ?? undefined,
      projects: f.ids('projects'),
      billable: f.boolean('billable'),
    };
    f.check();
    // A contractor's timers in projects taken back from it drop out, as its entries there do.
    const visible = visibleProjectIds(db, actor);
    if (visible) filters.projects = within(filters.projects, visible);
    const page = readPage(request.query as Record<string, unknown>, 'Timer');
    const { rows, total } = listTimers(db, { userId: actor.userId, filters, limit: page.perPage, offset: page.offset });
    const base = context.base(request);
    const nowMs = context.clock().getTime();
    return sendPage(request, reply, {
      base,
      page,
      total,
      items: rows.map((r) => view.timer(base, r.timer, { user: actor.user, proj: r.project, nowMs })),
    });
  });

  app.get<ProjectTimer>(timerPath, timerReply, async (request) => {
    const t = target(request);
    existing(t);
    return show(request, t);
  });

  // Sets the description; creates a pending timer when there is none (spec: "any" state row).
  app.put<ProjectTimer>(timerPath, timerReply, async (request) => {
    const t = target(request);
    const f = bodyOf(request.body, 'Timer');
    const description = f.text('description');
    f.check();
    inTransaction(db, () => {
      guardNewTags(db, t.actor, 'Timer', description);
      const now = instant(context);
      if (t.timer) {
        if (description !== undefined)
          setTimerDescription(db, { accountId: t.actor.accountId, timer: t.timer, description, now: now.iso });
      } else {
        if (!t.project.enabled) throw archived(t.project);
        createTimer(db, {
          accountId: t.actor.accountId,
          userId: t.actor.userId,
          projectId: t.project.id,
          date: dateAt(now.date, t.user.utc_offset),
          description: description ?? null,
          now: now.iso,
        });
      }
      if (!t.timer || description !== undefined)
        emitTimerEvent(db, timerEvent(t.actor, stateEvent(t.timer?.state ?? 'pending'), now.iso));
    });
    return show(request, t);
  });

  app.put<ProjectTimer>(`${timerPath}/start`, timerReply, async (request, reply) => {
    const t = target(request);
    const f = bodyOf(request.body, 'Timer');
    const entryDate = f.date('entry_date');
    const description = f.text('description');
    f.check();
    if (!t.project.enabled) throw archived(t.project);
    inTransaction(db, () => {
      guardNewTags(db, t.actor, 'Timer', description);
      const now = instant(context);
      const today = dateAt(now.date, t.user.utc_offset);
      let timer = t.timer;
      if (!timer)
        timer = createTimer(db, {
          accountId: t.actor.accountId,
          userId: t.actor.userId,
          projectId: t.project.id,
          date: entryDate ?? today,
          description: description ?? null,
          now: now.iso,
        });
      else {
        if (description !== undefined)
          setTimerDescription(db, { accountId: t.actor.accountId, timer, description, now: now.iso });
        // entry_date defaults to today when the timer starts; a running timer keeps its date.
        if (entryDate || timer.state !== 'running') setTimerDate(db, timer, entryDate ?? today, now.iso);
      }
      runTimer(db, getTimer(db, t.actor.userId, t.project.id)!, now.ms, now.iso);
      emitTimerEvent(db, timerEvent(t.actor, 'timer.running', now.iso));
    });
    reply.header('location', context.base(request) + paths.timer(t.project.id));
    return show(request, t);
  });

  // Pausing a paused (or pending) timer changes nothing.
  app.put<ProjectTimer>(`${timerPath}/pause`, timerReply, async (request) => {
    const t = target(request);
    const timer = existing(t);
    inTransaction(db, () => {
      const now = instant(context);
      pauseTimer(db, timer, now.ms, now.iso);
      if (timer.state === 'running') emitTimerEvent(db, timerEvent(t.actor, 'timer.paused', now.iso));
    });
    return show(request, t);
  });

  app.put<ProjectTimer>(`${timerPath}/add_or_subtract_time`, timerReply, async (request) => {
    const t = target(request);
    const timer = existing(t);
    const f = bodyOf(request.body, 'Timer');
    const bound = LIMITS.minutes * 60;
    const minutes = f.integer('minutes', { min: -LIMITS.minutes, max: LIMITS.minutes }) ?? 0;
    const seconds = f.integer('seconds', { min: -bound, max: bound }) ?? 0;
    f.check();
    inTransaction(db, () => {
      const now = instant(context);
      adjustTimer(db, { timer, deltaMs: (minutes * 60 + seconds) * 1000, nowMs: now.ms, now: now.iso });
      if (timer.state === 'running') emitTimerEvent(db, timerEvent(t.actor, 'timer.running', now.iso));
    });
    return show(request, t);
  });

  // Logs the timer as an entry and removes it: minutes default to the elapsed minutes (any
  // started minute counts), rounded up to the project's increment by the entry itself. Spec 001
  // answers 404 "if no running or paused timer", so a pending one (never started) is not logged.
  app.put<ProjectTimer>(`${timerPath}/log`, async (request, reply) => {
    const t = target(request);
    const timer = existing(t);
    if (timer.state === 'pending') throw notFound('Not Found: the timer has not been started');
    const f = bodyOf(request.body, 'Timer');
    const entryDate = f.date('entry_date');
    const minutes = f.integer('minutes', { min: 0, max: LIMITS.minutes });
    const description = f.text('description');
    f.check();
    if (!t.project.enabled) throw archived(t.project);
    inTransaction(db, () => {
      guardNewTags(db, t.actor, 'Timer', description);
      const now = instant(context);
      // Any started moment is a started minute: a timer stopped after half a second logs 1 minute.
      const logged = minutes ?? elapsedMinutes(elapsedMs(timer, now.ms) / 1000);
      const entryId = insertEntry(
        db,
        t.actor.accountId,
        {
          userId: t.actor.userId,
          projectId: t.project.id,
          date: entryDate ?? timer.date,
          minutes: logged,
          description: description === undefined ? timer.description : description,
          sourceUrl: null,
        },
        now.iso,
      );
      deleteTimer(db, timer);
      emitEntryEvents(db, [entryEvent('entry.created', { accountId: t.actor.accountId, entryId, at: now.iso })]);
      emitTimerEvent(db, timerEvent(t.actor, 'timer.logged', now.iso));
    });
    return reply.code(204).send();
  });

  // PUT .../timer/log_inbox_entry (spec 001: not yet implemented) answers 404 in resources/notImplemented.ts.

  app.delete<ProjectTimer>(timerPath, async (request, reply) => {
    const t = target(request);
    const timer = existing(t);
    inTransaction(db, () => {
      deleteTimer(db, timer);
      emitTimerEvent(db, timerEvent(t.actor, 'timer.deleted', instant(context).iso));
    });
    return reply.code(204).send();
  });
}
