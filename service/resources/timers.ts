// Timers (spec 001 timer table and endpoints, GAPS.md "Timers"). Every route acts on the current
// user's timer of the project in the path. Decided: a missing timer answers 404 on GET, pause,
// add_or_subtract_time, log and DELETE (GAPS.md settles the first four; DELETE follows them).
// Every change emits its broadcast event (events/timerEvents.ts) in its transaction; log also
// emits entry.created for the entry it makes.
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/authenticate';
import { visibleProjectIds } from '../auth/permissions';
import type { Context } from '../context';
import { listTimers } from '../domain/timers';
import { queryOf } from '../http/fields';
import { timerListSchema } from '../http/schemas';
import { readPage, sendPage } from '../http/pagination';
import { within } from './entryList';
import { timerClockRoutes, timerEndRoutes, timerSetupRoutes } from './timerChanges';
import { TIMER_PATH, TIMER_REPLY, timerTargets, type ProjectTimer } from './timerTarget';
import * as view from '../views/tracking';

export function timerRoutes(app: FastifyInstance, context: Context): void {
  timerReadRoutes(app, context);
  timerSetupRoutes(app, context);
  timerClockRoutes(app, context);
  timerEndRoutes(app, context);
}

/** The list of the user's timers, and one timer. */
function timerReadRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  const { target, existing, show } = timerTargets(context);

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
    const visible = await visibleProjectIds(db, actor);
    if (visible) filters.projects = within(filters.projects, visible);
    const page = readPage(request.query as Record<string, unknown>, 'Timer');
    const { rows, total } = await listTimers(db, {
      userId: actor.userId,
      filters,
      limit: page.perPage,
      offset: page.offset,
    });
    const base = context.base(request);
    const nowMs = context.clock().getTime();
    return sendPage(request, reply, {
      base,
      page,
      total,
      items: rows.map((r) => view.timer(base, r.timer, { user: actor.user, proj: r.project, nowMs })),
    });
  });

  app.get<ProjectTimer>(TIMER_PATH, TIMER_REPLY, async (request) => {
    const t = await target(request);
    existing(t);
    return show(request, t);
  });
}
