// Changes to a tag that reach into descriptions (GAPS.md "Tags": deleting a tag leaves its text
// in descriptions; merging rewrites it). Entries and timers that carry the tag are rewritten;
// approved and invoiced entries too, decided: the tag is the account's, and the words of a
// description do not change, only the mark in front of them. A rewritten entry's updated_at
// moves, so clients that sync by updated_from see the new text.
// Tag merges (which move links as well) are in tagMerges.ts.
import { page, rowLock } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import { replaceHashtag } from './hashtags';
import type { TagRow } from './tags';

/**
 * Inside a write on PostgreSQL, the rows whose descriptions are rewritten are locked as they are
 * read (in id order, so two rewrites never wait for each other in a cycle): an edit of one racing
 * on another instance commits first and its text is the one rewritten, never overwritten by the
 * text read before it.
 */

export interface RewriteEntryMentionsOptions {
  tagId: number;
  name: string;
  to: string | null;
  now: string;
  limit?: number;
}

/** Rewrites the descriptions of up to `limit` entries (all when absent or negative) linked to the tag; answers their ids. */
export async function rewriteEntryMentions(
  db: Queryable,
  { tagId, name, to, now, limit = -1 }: RewriteEntryMentionsOptions,
): Promise<number[]> {
  const { sql, params } = page(db.dialect, limit);
  const rows = (await db.all(
    `SELECT e.id, e.description FROM entry_tags et JOIN entries e ON e.id = et.entry_id WHERE et.tag_id = ? ORDER BY et.entry_id ${sql}${rowLock(db, 'UPDATE', 'e')}`,
    tagId,
    ...params,
  )) as Array<{ id: number; description: string | null }>;
  for (const row of rows) {
    if (row.description === null) continue;
    const text = replaceHashtag(row.description, name, to);
    if (text !== row.description)
      await db.run('UPDATE entries SET description = ?, updated_at = ? WHERE id = ?', text, now, row.id);
  }
  return rows.map((r) => r.id);
}

export interface RewriteTimerMentionsOptions {
  tagId: number;
  name: string;
  to: string | null;
  now: string;
}

/** Rewrites the descriptions of every timer linked to the tag (a few per user at most). */
export async function rewriteTimerMentions(
  db: Queryable,
  { tagId, name, to, now }: RewriteTimerMentionsOptions,
): Promise<number[]> {
  const rows = (await db.all(
    `SELECT t.id, t.description FROM timer_tags tt JOIN timers t ON t.id = tt.timer_id WHERE tt.tag_id = ? ORDER BY t.id${rowLock(db, 'UPDATE', 't')}`,
    tagId,
  )) as Array<{
    id: number;
    description: string | null;
  }>;
  for (const row of rows) {
    if (row.description === null) continue;
    const text = replaceHashtag(row.description, name, to);
    if (text !== row.description)
      await db.run('UPDATE timers SET description = ?, updated_at = ? WHERE id = ?', text, now, row.id);
  }
  return rows.map((r) => r.id);
}

export interface UpdateTagOptions {
  tag: TagRow;
  name: string;
  billable: boolean;
  now: string;
}

/** PUT /v2/tags/:id: a new name (descriptions follow it) and billable flag. */
export async function updateTag(db: Queryable, { tag, name, billable, now }: UpdateTagOptions): Promise<void> {
  // The name first: a name taken meanwhile (the unique index) fails before any description is rewritten.
  await db.run(
    'UPDATE tags SET name = ?, billable = ?, updated_at = ? WHERE id = ?',
    name,
    billable ? 1 : 0,
    now,
    tag.id,
  );
  if (name !== tag.name) {
    await rewriteEntryMentions(db, { tagId: tag.id, name: tag.name, to: name, now });
    await rewriteTimerMentions(db, { tagId: tag.id, name: tag.name, to: name, now });
  }
}

/** DELETE /v2/tags/:id: the entries stay, their "#name" becomes the plain word "name". */
export async function deleteTag(db: Queryable, tag: TagRow, now: string): Promise<void> {
  await rewriteEntryMentions(db, { tagId: tag.id, name: tag.name, to: null, now });
  await rewriteTimerMentions(db, { tagId: tag.id, name: tag.name, to: null, now });
  await db.run('DELETE FROM tags WHERE id = ?', tag.id); // its links go with it (ON DELETE CASCADE)
}
