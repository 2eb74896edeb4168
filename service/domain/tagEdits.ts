// Changes to a tag that reach into descriptions (GAPS.md "Tags": deleting a tag leaves its text
// in descriptions; merging rewrites it). Entries and timers that carry the tag are rewritten;
// approved and invoiced entries too, decided: the tag is the account's, and the words of a
// description do not change, only the mark in front of them. A rewritten entry's updated_at
// moves, so clients that sync by updated_from see the new text.
// Tag merges (which move links as well) are in tagMerges.ts.
import { sql, type Db } from '../storage/db';
import { replaceHashtag } from './hashtags';
import type { TagRow } from './tags';

export interface RewriteEntryMentionsOptions {
  tagId: number;
  name: string;
  to: string | null;
  now: string;
  limit?: number;
}

/** Rewrites the descriptions of up to `limit` entries (all when absent) linked to the tag; answers their ids. */
export function rewriteEntryMentions(
  db: Db,
  { tagId, name, to, now, limit = -1 }: RewriteEntryMentionsOptions,
): number[] {
  const rows = sql(
    db,
    'SELECT e.id, e.description FROM entry_tags et JOIN entries e ON e.id = et.entry_id WHERE et.tag_id = ? ORDER BY et.entry_id LIMIT ?',
  ).all(tagId, limit) as Array<{ id: number; description: string | null }>;
  const update = sql(db, 'UPDATE entries SET description = ?, updated_at = ? WHERE id = ?');
  for (const row of rows) {
    if (row.description === null) continue;
    const text = replaceHashtag(row.description, name, to);
    if (text !== row.description) update.run(text, now, row.id);
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
export function rewriteTimerMentions(db: Db, { tagId, name, to, now }: RewriteTimerMentionsOptions): number[] {
  const rows = sql(
    db,
    'SELECT t.id, t.description FROM timer_tags tt JOIN timers t ON t.id = tt.timer_id WHERE tt.tag_id = ?',
  ).all(tagId) as Array<{
    id: number;
    description: string | null;
  }>;
  const update = sql(db, 'UPDATE timers SET description = ?, updated_at = ? WHERE id = ?');
  for (const row of rows) {
    if (row.description === null) continue;
    const text = replaceHashtag(row.description, name, to);
    if (text !== row.description) update.run(text, now, row.id);
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
export function updateTag(db: Db, { tag, name, billable, now }: UpdateTagOptions): void {
  if (name !== tag.name) {
    rewriteEntryMentions(db, { tagId: tag.id, name: tag.name, to: name, now });
    rewriteTimerMentions(db, { tagId: tag.id, name: tag.name, to: name, now });
  }
  sql(db, 'UPDATE tags SET name = ?, billable = ?, updated_at = ? WHERE id = ?').run(
    name,
    billable ? 1 : 0,
    now,
    tag.id,
  );
}

/** DELETE /v2/tags/:id: the entries stay, their "#name" becomes the plain word "name". */
export function deleteTag(db: Db, tag: TagRow, now: string): void {
  rewriteEntryMentions(db, { tagId: tag.id, name: tag.name, to: null, now });
  rewriteTimerMentions(db, { tagId: tag.id, name: tag.name, to: null, now });
  sql(db, 'DELETE FROM tags WHERE id = ?').run(tag.id); // its links go with it (ON DELETE CASCADE)
}
