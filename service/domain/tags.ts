// Tags of an account: created on demand from #hashtags and by POST /v2/tags, linked to entries
// and timers. An existing tag keeps its billable flag whatever a new mention says (decided: the
// tag is the account's, its flag changes through the tag, not through a description).
import { equalsNocase, nocase, like, idList, page, rowLock, type Dialect } from '../storage/dialect';
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
    `SELECT * FROM tags WHERE account_id = ? AND id IN ${idList(tx.dialect)} ORDER BY id${rowLock(tx)}`,
    accountId,
    jsonList(ids),
  )) as TagRow[];
}

/**
 * A tag a rename or deletion is about to change, read again inside its transaction (PostgreSQL:
 * FOR NO KEY UPDATE): renames, deletions and merges of the tag (lockedTags) wait for each other,
 * while entries linking the tag (FOR KEY SHARE, linkTags) do not wait for the rename, so an entry
 * edit holding its own row and linking the tag never waits in a cycle with the rename that is
 * rewriting that entry. Undefined when the tag is gone.
 */
export async function tagForChange(tx: Queryable, accountId: number, id: number): Promise<TagRow | undefined> {
  return (await tx.get(
    `SELECT * FROM tags WHERE account_id = ? AND id = ?${rowLock(tx, 'NO KEY UPDATE')}`,
    accountId,
    id,
  )) as TagRow | undefined;
}

/**
 * Creates the tag if the account has none of that name; answers it and whether it is new. Two
 * requests creating the same name at once (on two instances) both get the one tag: the unique
 * index on the name makes the later insert do nothing, and the later request reads the winner's.
 */
export async function ensureTag(
  db: Queryable,
  accountId: number,
  tag: ParsedTag,
  now: string,
): Promise<{ row: TagRow; created: boolean }> {
  const existing = await findTagByName(db, accountId, tag.name);
  if (existing) return { row: existing, created: false };
  const inserted = (await db.get(
    'INSERT INTO tags (account_id, name, billable, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING *',
    accountId,
    tag.name,
    tag.billable ? 1 : 0,
    now,
    now,
  )) as TagRow | undefined;
  if (inserted) return { row: inserted, created: true };
  // PostgreSQL: another transaction committed the name after this one looked; this statement sees it.
  return { row: (await findTagByName(db, accountId, tag.name))!, created: false };
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
): Promise<TagRow[]> {
  return await linkTags(db, { table, ownerId, accountId, tags: parseHashtags(description), now });
}

export interface LinkTagsOptions {
  table: 'entry_tags' | 'timer_tags';
  ownerId: number;
  accountId: number;
  tags: ParsedTag[];
  now: string;
}

/** Tags in the order their lists show them (tagsOfEntries): by name, letter case aside, then id. */
export function byTagName(a: TagRow, b: TagRow): number {
  return Buffer.compare(foldedName(a.name), foldedName(b.name)) || a.id - b.id;
}

/** A name as the stores compare it (NOCASE: ASCII letters folded, then bytes). */
const foldedName = (name: string) => Buffer.from(name.replace(/[A-Z]/g, (c) => c.toLowerCase()));

/**
 * Replaces the tag links of an entry or timer with `tags` (v1's classic parsing finds its own),
 * creating the tags the account lacks; answers the linked tags in list order. PostgreSQL does it
 * in one statement; SQLite, whose statements cost no round trip, one tag at a time.
 */
export async function linkTags(db: Queryable, options: LinkTagsOptions): Promise<TagRow[]> {
  // New tags are created in name order, on both stores: two requests creating the same two tags
  // at once then wait for each other's in one order, never in a cycle (a deadlock).
  const tags = [...options.tags].sort((a, b) => Buffer.compare(foldedName(a.name), foldedName(b.name)));
  const ordered = { ...options, tags };
  const rows = db.dialect === 'postgres' ? await linkTagsAtOnce(db, ordered) : await linkTagsOneByOne(db, ordered);
  return rows.sort(byTagName);
}

async function linkTagsOneByOne(
  db: Queryable,
  { table, ownerId, accountId, tags, now }: LinkTagsOptions,
): Promise<TagRow[]> {
  const column = table === 'entry_tags' ? 'entry_id' : 'timer_id';
  await db.run(`DELETE FROM ${table} WHERE ${column} = ?`, ownerId);
  const rows: TagRow[] = [];
  for (const tag of tags) {
    const { row } = await ensureTag(db, accountId, tag, now);
    await db.run(`INSERT INTO ${table} (${column}, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, ownerId, row.id);
    rows.push(row);
  }
  return rows;
}

/** Tries of linkTagsAtOnce before giving up: each lost race is a tag another request created meanwhile. */
const LINK_TRIES = 3;

/**
 * One statement: the missing tags inserted (in name order, as linkTags sorts them), the links
 * replaced, the tags answered.
 * - The existing tags are held FOR KEY SHARE in id order (the lock the links' foreign key takes
 *   anyway, in the order a merge's lockedTags takes its own): a merge or deletion racing on another
 *   instance waits for this transaction, or commits first; then the tag is skipped and made anew,
 *   as it would be after the deletion.
 * - A name another transaction inserts meanwhile makes the insert do nothing (the unique index).
 *   Committed after this statement began, that tag is not in its snapshot: the statement answers
 *   fewer tags than wanted, and runs again (a new snapshot sees it).
 */
async function linkTagsAtOnce(
  db: Queryable,
  { table, ownerId, accountId, tags, now }: LinkTagsOptions,
): Promise<TagRow[]> {
  const column = table === 'entry_tags' ? 'entry_id' : 'timer_id';
  const wanted = JSON.stringify(tags.map((t, ord) => ({ ord, name: t.name, billable: t.billable ? 1 : 0 })));
  const sameName = `${nocase(db.dialect, 't.name')} = ${nocase(db.dialect, 'w.name')}`;
  const text = `WITH w AS (SELECT * FROM json_to_recordset(?::json) AS w(ord int, name text, billable int)),
    existing AS (SELECT t.* FROM tags t JOIN w ON ${sameName} WHERE t.account_id = ? ORDER BY t.id FOR KEY SHARE OF t),
    created AS (
      INSERT INTO tags (account_id, name, billable, created_at, updated_at)
      SELECT ?, w.name, w.billable, ?, ? FROM w
      WHERE NOT EXISTS (SELECT 1 FROM existing t WHERE ${sameName}) ORDER BY w.ord
      ON CONFLICT DO NOTHING RETURNING *),
    found AS (SELECT * FROM existing UNION ALL SELECT * FROM created),
    unlinked AS (DELETE FROM ${table} WHERE ${column} = ? AND tag_id NOT IN (SELECT id FROM found)),
    linked AS (INSERT INTO ${table} (${column}, tag_id) SELECT ?, id FROM found ON CONFLICT DO NOTHING)
    SELECT * FROM found`;
  for (let tries = 1; ; tries++) {
    const rows = (await db.all(text, wanted, accountId, accountId, now, now, ownerId, ownerId)) as TagRow[];
    if (rows.length === tags.length) return rows;
    if (tries === LINK_TRIES)
      throw new Error(`linking ${tags.length} tags found ${rows.length} of them, ${tries} times`);
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
