// PUT /v2/tags/:id/merge (spec 001): the source tag's entries move to the target, "#source" in
// their descriptions becomes "#target", and the source is deleted. A merge is a row of
// tag_merges from start to finish: both tags are locked while it exists (code locked), and a
// merge cut short by a stop resumes from it. It runs in batches so that a large one can go on in
// the background between requests (spec 000 conventions 10); a small one runs every batch in the
// request's transaction.
import { jsonList } from './sqlText';
import { sql, type Db } from '../storage/db';
import { rewriteEntryMentions, rewriteTimerMentions } from './tagEdits';
import type { TagRow } from './tags';

export interface TagMergeRow {
  id: number;
  account_id: number;
  target_tag_id: number;
  source_tag_id: number;
  created_at: string;
}

export function isTagLocked(db: Db, tagId: number): boolean {
  return (
    sql(db, 'SELECT 1 FROM tag_merges WHERE target_tag_id = ? OR source_tag_id = ?').get(tagId, tagId) !== undefined
  );
}

export interface StartTagMergeOptions {
  accountId: number;
  target: TagRow;
  source: TagRow;
  now: string;
}

export function startTagMerge(db: Db, { accountId, target, source, now }: StartTagMergeOptions): TagMergeRow {
  const id = sql(
    db,
    'INSERT INTO tag_merges (account_id, target_tag_id, source_tag_id, created_at) VALUES (?, ?, ?, ?)',
  ).run(accountId, target.id, source.id, now).lastInsertRowid;
  return sql(db, 'SELECT * FROM tag_merges WHERE id = ?').get(id) as TagMergeRow;
}

export function pendingTagMerges(db: Db): TagMergeRow[] {
  return sql(db, 'SELECT * FROM tag_merges ORDER BY id').all() as TagMergeRow[];
}

/**
 * Moves up to `limit` entries (-1: all) from the source tag to the target; when none are left,
 * moves the timers and finishes the merge. Answers whether the merge is finished.
 */
export function runTagMergeBatch(db: Db, merge: TagMergeRow, limit: number, now: string): boolean {
  const source = sql(db, 'SELECT * FROM tags WHERE id = ?').get(merge.source_tag_id) as TagRow;
  const target = sql(db, 'SELECT * FROM tags WHERE id = ?').get(merge.target_tag_id) as TagRow;
  const moved = rewriteEntryMentions(db, { tagId: source.id, name: source.name, to: target.name, now, limit });
  if (moved.length > 0) {
    const ids = jsonList(moved);
    sql(db, 'INSERT OR IGNORE INTO entry_tags (entry_id, tag_id) SELECT value, ? FROM json_each(?)').run(
      target.id,
      ids,
    );
    sql(db, 'DELETE FROM entry_tags WHERE tag_id = ? AND entry_id IN (SELECT value FROM json_each(?))').run(
      source.id,
      ids,
    );
  }
  if (limit !== -1 && moved.length === limit) return false;
  // Entries written meanwhile with "#source" were linked to it and are in this last batch.
  const timers = rewriteTimerMentions(db, { tagId: source.id, name: source.name, to: target.name, now });
  if (timers.length > 0)
    sql(db, 'INSERT OR IGNORE INTO timer_tags (timer_id, tag_id) SELECT value, ? FROM json_each(?)').run(
      target.id,
      jsonList(timers),
    );
  sql(db, 'DELETE FROM tag_merges WHERE id = ?').run(merge.id);
  sql(db, 'DELETE FROM tags WHERE id = ?').run(source.id); // remaining links go with it
  sql(db, 'UPDATE tags SET updated_at = ? WHERE id = ?').run(now, target.id);
  return true;
}
