// Tags (spec 001 "Tags"): list, create from names (trailing * = unbillable), show.
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/authenticate';
import { managesProjects, scopeTagFilters, seesTag } from '../auth/permissions';
import { instant, type Context } from '../context';
import { parseTagName } from '../domain/hashtags';
import { countTagEntries, ensureTag, getTag, listTags, type TagRow } from '../domain/tags';
import { forbidden, notFound } from '../http/errors';
import { bodyOf, LIMITS, pathId, queryOf } from '../http/fields';
import { readPage, sendPage } from '../http/pagination';
import * as view from '../views/tracking';

export function tagRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;

  app.get('/v2/tags', async (request, reply) => {
    const actor = actorOf(request);
    const f = queryOf(request.query, 'Tag');
    const filters = { name: f.text('name', { max: LIMITS.name }) ?? undefined, billable: f.boolean('billable') };
    f.check();
    const page = readPage(request.query as Record<string, unknown>, 'Tag');
    const { rows, total } = await listTags(db, {
      accountId: actor.accountId,
      filters: await scopeTagFilters(db, actor, filters),
      limit: page.perPage,
      offset: page.offset,
    });
    const base = context.base(request);
    return sendPage(request, reply, { base, page, total, items: rows.map((t) => view.tag(base, t, t.entries)) });
  });

  // Answers only the tags it created: names that exist already or make no tag are skipped (spec 001).
  app.post('/v2/tags', async (request, reply) => {
    const actor = actorOf(request);
    if (!managesProjects(actor)) throw forbidden('Forbidden: your role cannot create tags');
    const f = bodyOf(request.body, 'Tag');
    const names = f.strings('names', { required: true });
    f.check();
    const created = await db.transaction(
      async (tx) => {
        const now = instant(context).iso;
        const rows: TagRow[] = [];
        for (const raw of names!) {
          const parsed = parseTagName(raw);
          if (!parsed) continue;
          const { row, created } = await ensureTag(tx, actor.accountId, parsed, now);
          if (created) rows.push(row);
        }
        return rows;
      },
      // No lock: two requests creating one name get one tag (domain/tags.ts ensureTag).
    );
    const base = context.base(request);
    return reply.code(201).send(created.map((t) => view.tag(base, t, 0)));
  });

  app.get<{ Params: { id: string } }>('/v2/tags/:id', async (request) => {
    const actor = actorOf(request);
    const tag = await getTag(db, actor.accountId, pathId(request.params.id, 'Tag'));
    if (!tag || !(await seesTag(db, actor, tag.id))) throw notFound('Tag not found');
    return view.tag(context.base(request), tag, await countTagEntries(db, tag.id));
  });
}
