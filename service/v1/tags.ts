// GET /api/tags (spec 002 "Tags": "the only tag operation"): every tag of the account by name;
// freelancers see "only tags used in projects assigned to them" (decided: tags of any entry in
// a project given them, theirs or not, since the tag is the project's as much as the entry's).
import type { FastifyInstance } from 'fastify';
import { restrictedToGivenProjects } from '../auth/permissions';
import type { Context } from '../context';
import { accessibleProjectIds } from '../domain/projectAccess';
import { listTags, type TagRow } from '../domain/tags';
import { jsonList } from '../domain/sqlText';
import { sql } from '../storage/db';
import { v1Actor } from './auth';
import { sendList } from './reply';
import { route } from './route';
import { tagView } from './views';

export function v1TagRoutes(api: FastifyInstance, context: Context): void {
  const { db } = context;

  route(api, 'GET', '/tags', async (request, reply) => {
    const actor = v1Actor(request);
    const rows: TagRow[] = restrictedToGivenProjects(actor)
      ? (sql(
          db,
          `SELECT t.* FROM tags t WHERE t.account_id = ? AND EXISTS (
             SELECT 1 FROM entry_tags et JOIN entries e ON e.id = et.entry_id
             WHERE et.tag_id = t.id AND e.project_id IN (SELECT value FROM json_each(?)))
           ORDER BY t.name COLLATE NOCASE, t.id`,
        ).all(actor.accountId, jsonList(accessibleProjectIds(db, actor.userId))) as TagRow[])
      : listTags(db, actor.accountId, {}, -1, 0).rows;
    return sendList(request, reply, 'tags', 'tag', rows.map(tagView));
  });
}
