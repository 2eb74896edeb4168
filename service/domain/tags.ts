// Tags of an account: created on demand from #hashtags and by POST /v2/tags, linked to entries
// and timers. An existing tag keeps its billable flag whatever a new mention says (decided: the
// tag is the account's, its flag changes through the tag, not through a description).
import { equalsNocase, forUpdate, nocase, like, idList, page, type Dialect } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import { parseHashtags, type ParsedTag } from './hashtags';
import { jsonList, likeContains, Where } from './sqlText';

export interface TagRow {
  id: number;
  account_id: number;
  name: string;
  billable: number;
  created_at: string;
  updated_at: string;
}

export async function findTagByName(db: Queryable, accountId: number, name: string): Promise<TagRow | undefined> {
  return (await db.get(
    `SELECT * FROM tags WHERE account_id = ? AND ${equalsNocase(db.dialect, 'name')}`,
    accountId,
    name,
  )) as TagRow | undefined;
}

export async function getTag(db: Queryable, accountId: number, id: number): Promise<TagRow | undefined> {
  return (await db.get('SELECT * FROM tags WHERE account_id = ? AND id = ?', accountId, id)) as TagRow | undefined;
}

/**
 * The tags as a write transaction must read them before changing them from what it read: locked
 * on PostgreSQL (in id order, so two writers of the same pair never wait for each other in a
 * cycle), so a request racing on another instance acts on what the one before it left. A tag
 * that is gone is left out.
 */
export async function lockedTags(tx: Queryable, accountId: number, ids: number[]): Promise<TagRow[]> {
  return (await tx.all(
    `SELECT * FROM tags WHERE account_id = ? AND id IN ${idList(tx.dialect)} ORDER BY id ${forUpdate(tx.dialect)}`,
    accountId,
    jsonList(ids),
  )) as TagRow[];
}

/** Creates the tag if the account has none of that name; answers it and whether it is new. */
export async function ensureTag(
  db: Queryable,
  accountId: number,
  tag: ParsedTag,
  now: string,
): Promise<{ row: TagRow; created: boolean }> {
  const existing = await findTagByName(db, accountId, tag.name);
  if (existing) return { row: existing, created: false };
  const id = Number(
    (await db.get<{ id: number }>(
      'INSERT INTO tags (account_id, name, billable, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
      accountId,
      tag.name,
      tag.billable ? 1 : 0,
      now,
      now,
    ))!.id,
  );
  return { row: (await getTag(db, accountId, id))!, created: true };
}

export interface LinkHashtagsOptions {
  table: 'entry_tags' | 'timer_tags';
  ownerId: number;
  accountId: number;
  description: string | null;
  now: string;
}

/** Replaces the tag links of an entry or timer with the #hashtags of its description. */
export async function linkHashtags(
  db: Queryable,
  { table, ownerId, accountId, description, now }: LinkHashtagsOptions,
): Promise<void> {
  await linkTags(db, { table, ownerId, accountId, tags: parseHashtags(description), now });
}

export interface LinkTagsOptions {
  table: 'entry_tags' | 'timer_tags';
  ownerId: number;
  accountId: number;
  tags: ParsedTag[];
  now: string;
}

/** Replaces the tag links of an entry or timer with `tags` (v1's classic parsing finds its own). */
export async function linkTags(
  db: Queryable,
  { table, ownerId, accountId, tags, now }: LinkTagsOptions,
): Promise<void> {
  const column = table === 'entry_tags' ? 'entry_id' : 'timer_id';
  await db.run(`DELETE FROM ${table} WHERE ${column} = ?`, ownerId);
  for (const tag of tags) {
    const { row } = await ensureTag(db, accountId, tag, now);
    await db.run(`INSERT INTO ${table} (${column}, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, ownerId, row.id);
  }
}

export async function tagsOfEntries(db: Queryable, entryIds: number[]): Promise<Map<number, TagRow[]>> {
  const byEntry = new Map<number, TagRow[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = (await db.all(
    `SELECT et.entry_id, t.* FROM entry_tags et JOIN tags t ON t.id = et.tag_id
     WHERE et.entry_id IN ${idList(db.dialect)} ORDER BY ${nocase(db.dialect, 't.name')}, t.id`,
    JSON.stringify(entryIds),
  )) as Array<TagRow & { entry_id: number }>;
  for (const row of rows) {
    const list = byEntry.get(row.entry_id) ?? [];
    list.push(row);
    byEntry.set(row.entry_id, list);
  }
  return byEntry;
}

export interface TagFilters {
  name?: string;
  billable?: boolean;
  /** Only the tags of entries in these projects (a contractor's view, auth/permissions.ts scopeTagFilters). */
  usedInProjects?: number[];
}

/** Tag `t` is linked to an entry in one of the projects of a JSON list (the one parameter). */
const usedInProjectsOf = (dialect: Dialect) => `EXISTS (SELECT 1 FROM entry_tags et JOIN entries e ON e.id = et.entry_id
  WHERE et.tag_id = t.id AND e.project_id IN ${idList(dialect)})`;

/** Whether the tag is linked to an entry in one of the projects. */
export async function tagUsedInProjects(db: Queryable, tagId: number, projectIds: number[]): Promise<boolean> {
  return (
    (await db.get(
      `SELECT 1 FROM tags t WHERE t.id = ? AND ${usedInProjectsOf(db.dialect)}`,
      tagId,
      jsonList(projectIds),
    )) !== undefined
  );
}

export interface ListTagsOptions {
  accountId: number;
  filters: TagFilters;
  limit: number;
  offset: number;
}

export async function listTags(
  db: Queryable,
  { accountId, filters, limit, offset }: ListTagsOptions,
): Promise<{ rows: Array<TagRow & { entries: number }>; total: number }> {
  const where = new Where().add('t.account_id = ?', accountId);
  if (filters.name !== undefined) where.add(`${like(db.dialect, 't.name')}`, likeContains(filters.name));
  if (filters.billable !== undefined) where.add('t.billable = ?', filters.billable ? 1 : 0);
  if (filters.usedInProjects !== undefined) where.add(usedInProjectsOf(db.dialect), jsonList(filters.usedInProjects));
  const clause = String(where);
  const params = where.params;
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM tags t WHERE ${clause}`, ...params)) as { n: number }).n;
  const pageOf = page(db.dialect, limit, offset);
  const rows = (await db.all(
    `SELECT t.*, (SELECT COUNT(*) FROM entry_tags et WHERE et.tag_id = t.id) AS entries
     FROM tags t WHERE ${clause} ORDER BY ${nocase(db.dialect, 't.name')}, t.id ${pageOf.sql}`,
    ...params,
    ...pageOf.params,
  )) as Array<TagRow & { entries: number }>;
  return { rows, total };
}

export async function countTagEntries(db: Queryable, tagId: number): Promise<number> {
  return ((await db.get('SELECT COUNT(*) AS n FROM entry_tags WHERE tag_id = ?', tagId)) as { n: number }).n;
}
