// What every timer route starts from: the current user's timer of the project in the path.
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../auth/authenticate';
import { seesProject, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import { getProject, type ProjectRow } from '../domain/projects';
import { getTimer, lockedTimer, type TimerRow } from '../domain/timers';
import type { UserRow } from '../domain/users';
import { notFound, refused } from '../http/errors';
import { pathId } from '../http/fields';
import { timerSchema } from '../http/schemas';
import type { Queryable } from '../storage/store';
import * as view from '../views/tracking';

export type ProjectTimer = { Params: { project_id: string } };

export const TIMER_PATH = '/v2/projects/:project_id/timer';

/** Only 200 answers have a schema: error bodies keep the generic serialiser. */
export const TIMER_REPLY = { schema: { response: { 200: timerSchema } } };

export interface Target {
  actor: Actor;
  user: UserRow;
  project: ProjectRow;
  timer: TimerRow | undefined;
}

// Decided: an archived project's timer cannot be created, started or logged (logging would create
// an entry there); it can still be paused, changed and deleted, so nothing is stuck running.
export const archived = (project: ProjectRow) =>
  refused(
    'Timer',
    'project_id',
    'archived_project',
    `Project "${project.name}" is archived: its timer cannot run or log time`,
  );

export function timerTargets(context: Context) {
  const { db } = context;

  async function target(request: FastifyRequest<ProjectTimer>): Promise<Target> {
    const actor = actorOf(request);
    const project = await getProject(db, actor.accountId, pathId(request.params.project_id, 'Project'));
    // A project a contractor was not given answers as a missing one (auth/permissions.ts).
    if (!project || !(await seesProject(db, actor, project.id))) throw notFound('Project not found');
    return { actor, user: actor.user, project, timer: await getTimer(db, actor.userId, project.id) };
  }

  function existing(t: Target): TimerRow {
    if (!t.timer) throw notFound('No running or paused timer for this project');
    return t.timer;
  }

  /** The timer read again, locked, inside the write's transaction: what the request read before may have changed since. */
  async function lockedIn(tx: Queryable, t: Target): Promise<TimerRow> {
    return existing({ ...t, timer: await lockedTimer(tx, t.actor.userId, t.project.id) });
  }

  async function show(request: FastifyRequest, t: Target) {
    const timer = (await getTimer(db, t.actor.userId, t.project.id))!;
    return view.timer(context.base(request), timer, { user: t.user, proj: t.project, nowMs: instant(context).ms });
  }

  return { target, existing, lockedIn, show };
}
