// One way to answer a list of projects (GAPS.md: GET /v2/projects filters), for /v2/projects and
// /v2/project_groups/:id/projects: read the filters, narrow them to the path's resource, keep
// only the projects the actor sees, page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProjectFilters } from '../../wire/serviceTypes';
import { actorOf } from '../auth/authenticate';
import { visibleProjectIds } from '../auth/permissions';
import type { Context } from '../context';
import { listProjects } from '../domain/projects';
import { LIMITS, queryOf } from '../http/fields';
import { readPage, sendPage } from '../http/pagination';
import { projectViews } from './projectViews';

export async function sendProjectList(
  context: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  narrow: (filters: ProjectFilters) => ProjectFilters = (f) => f,
) {
  const { db } = context;
  const actor = actorOf(request);
  const f = queryOf(request.query, 'Project');
  const filters: ProjectFilters = {
    name: f.text('name', { max: LIMITS.name }) ?? undefined,
    project_group_ids: f.ids('project_group_ids'),
    billing_increment: f.integer('billing_increment'),
    enabled: f.boolean('enabled'),
    billable: f.boolean('billable'),
  };
  f.check();
  const page = readPage(request.query as Record<string, unknown>, 'Project');
  const { rows, total } = await listProjects(db, {
    accountId: actor.accountId,
    filters: narrow(filters),
    limit: page.perPage,
    offset: page.offset,
    onlyIds: await visibleProjectIds(db, actor),
  });
  const base = context.base(request);
  return sendPage(request, reply, { base, page, total, items: await projectViews(db, base, rows, actor) });
}
