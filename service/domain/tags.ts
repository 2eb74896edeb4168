// Tags of an account: created on demand from #hashtags and by POST /v2/tags, linked to entries
// and timers. An existing tag keeps its billable flag whatever a new mention says (decided: the
// tag is the account's, its flag changes through the tag, not through a description).
import { sql, type Db } from '../storage/db';
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

export function findTagByName(db: Db, accountId: number, name: string): TagRow | undefined {
  return sql(db, 'SELECT * FROM tags WHERE account_id = ? AND name = ? COLLATE NOCASE').get(accountId, name) as
    | TagRow
    | undefined;
}

export function getTag(db: Db, accountId: number, id: number): TagRow | undefined {
  return sql(db, 'SELECT * FROM tags WHERE account_id = ? AND id = ?').get(accountId, id) as TagRow | undefined;
}

/** Creates the tag if the account has none of that name; answers it and whether it is new. */
export function ensureTag(db: Db, accountId: number, tag: ParsedTag, now: string): { row: TagRow; created: boolean } {
  const existing = findTagByName(db, accountId, tag.name);
  if (existing) return { row: existing, created: false };
  const id = Number(
    sql(db, 'INSERT INTO tags (account_id, name, billable, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
      accountId,
      tag.name,
      tag.billable ? 1 : 0,
      now,
      now,
    ).lastInsertRowid,
  );
  return { row: getTag(db, accountId, id)!, created: true };
}

export interface LinkHashtagsOptions {
  table: 'entry_tags' | 'timer_tags';
  ownerId: number;
  accountId: number;
  description: string | null;
  now: string;
}

/** Replaces the tag links of an entry or timer with the #hashtags of its description. */
export function linkHashtags(db: Db, { table, ownerId, accountId, description, now }: LinkHashtagsOptions): void {
  linkTags(db, { table, ownerId, accountId, tags: parseHashtags(description), now });
}

export interface LinkTagsOptions {
  table: 'entry_tags' | 'timer_tags';
  ownerId: number;
  accountId: number;
  tags: ParsedTag[];
  now: string;
}

/** Replaces the tag links of an entry or timer with `tags` (v1's classic parsing finds its own). */
export function linkTags(db: Db, { table, ownerId, accountId, tags, now }: LinkTagsOptions): void {
  const column = table === 'entry_tags' ? 'entry_id' : 'timer_id';
  sql(db, `DELETE FROM ${table} WHERE ${column} = ?`).run(ownerId);
  for (const tag of tags) {
    const { row } = ensureTag(db, accountId, tag, now);
    sql(db, `INSERT OR IGNORE INTO ${table} (${column}, tag_id) VALUES (?, ?)`).run(ownerId, row.id);
  }
}

export function tagsOfEntries(db: Db, entryIds: number[]): Map<number, TagRow[]> {
  const byEntry = new Map<number, TagRow[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = sql(
    db,
    `SELECT et.entry_id, t.* FROM entry_tags et JOIN tags t ON t.id = et.tag_id
     WHERE et.entry_id IN (SELECT value FROM json_each(?)) ORDER BY t.name COLLATE NOCASE, t.id`,
  ).all(JSON.stringify(entryIds)) as Array<TagRow & { entry_id: number }>;
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
const USED_IN_PROJECTS = `EXISTS (SELECT 1 FROM entry_tags et JOIN entries e ON e.id = et.entry_id
  WHERE et.tag_id = t.id AND e.project_id IN (SELECT value FROM json_each(?)))`;

/** Whether the tag is linked to an entry in one of the projects. */
export function tagUsedInProjects(db: Db, tagId: number, projectIds: number[]): boolean {
  return (
    sql(db, `SELECT 1 FROM tags t WHERE t.id = ? AND ${USED_IN_PROJECTS}`).get(tagId, jsonList(projectIds)) !==
    undefined
  );
}

export interface ListTagsOptions {
  accountId: number;
  filters: TagFilters;
  limit: number;
  offset: number;
}

export function listTags(
  db: Db,
  { accountId, filters, limit, offset }: ListTagsOptions,
): { rows: Array<TagRow & { entries: number }>; total: number } {
  const where = new Where().add('t.account_id = ?', accountId);
  if (filters.name !== undefined) where.add(`t.name LIKE ? ESCAPE '\\'`, likeContains(filters.name));
  if (filters.billable !== undefined) where.add('t.billable = ?', filters.billable ? 1 : 0);
  if (filters.usedInProjects !== undefined) where.add(USED_IN_PROJECTS, jsonList(filters.usedInProjects));
  const clause = String(where);
  const params = where.params;
  const total = (sql(db, `SELECT COUNT(*) AS n FROM tags t WHERE ${clause}`).get(...params) as { n: number }).n;
  const rows = sql(
    db,
    `SELECT t.*, (SELECT COUNT(*) FROM entry_tags et WHERE et.tag_id = t.id) AS entries
     FROM tags t WHERE ${clause} ORDER BY t.name COLLATE NOCASE, t.id LIMIT ? OFFSET ?`,
  ).all(...params, limit, offset) as Array<TagRow & { entries: number }>;
  return { rows, total };
}

export function countTagEntries(db: Db, tagId: number): number {
  return (sql(db, 'SELECT COUNT(*) AS n FROM entry_tags WHERE tag_id = ?').get(tagId) as { n: number }).n;
}
