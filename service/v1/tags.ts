// GET /api/tags (spec 002 "Tags": "the only tag operation"): every tag of the account by name;
// freelancers see "only tags used in projects assigned to them", by the rule v2's tag endpoints
// follow too (auth/permissions.ts scopeTagFilters).
import type { FastifyInstance } from 'fastify';
import { scopeTagFilters } from '../auth/permissions';
import type { Context } from '../context';
import { listTags } from '../domain/tags';
import { v1Actor } from './auth';
import { sendList } from './reply';
import { route } from './route';
import { tagView } from './views';

export function v1TagRoutes(api: FastifyInstance, context: Context): void {
  const { db } = context;

  route(api, 'GET', '/tags', async (request, reply) => {
    const actor = v1Actor(request);
    const { rows } = await listTags(db, {
      accountId: actor.accountId,
      filters: await scopeTagFilters(db, actor, {}),
      limit: -1,
      offset: 0,
    });
    return sendList(request, reply, { listName: 'tags', itemName: 'tag', values: rows.map(tagView) });
  });
}
