// PUT /v2/tags/:id/merge (spec 001): the source tag's entries move to the target, "#source" in
// their descriptions becomes "#target", and the source is deleted. A merge is a row of
// tag_merges from start to finish: both tags are locked while it exists (code locked), and a
// merge cut short by a stop resumes from it. It runs in batches so that a large one can go on in
// the background between requests (spec 000 conventions 10); a small one runs every batch in the
// request's transaction.
import { idList } from '../storage/dialect';
import { jsonList } from './sqlText';
import type { Queryable } from '../storage/store';
import { rewriteEntryMentions, rewriteTimerMentions } from './tagEdits';
import type { TagRow } from './tags';

export interface TagMergeRow {
  id: number;
  account_id: number;
  target_tag_id: number;
  source_tag_id: number;
  created_at: string;
}

export async function isTagLocked(db: Queryable, tagId: number): Promise<boolean> {
  return (
    (await db.get('SELECT 1 FROM tag_merges WHERE target_tag_id = ? OR source_tag_id = ?', tagId, tagId)) !== undefined
  );
}

/**
 * PostgreSQL: locks the entries and timers linked to the tag (in id order) before a merge locks
 * its two tags. An edit of one of them holds its row and then takes its tags FOR KEY SHARE; a merge
 * that held the tags FOR UPDATE first and then waited for that row would wait in a cycle with it
 * (a deadlock, one of the two refused). Rows first, tags second: the order every edit takes them in.
 */
export async function lockRowsLinkedTo(tx: Queryable, tagId: number): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  await tx.all(
    'SELECT e.id FROM entry_tags et JOIN entries e ON e.id = et.entry_id WHERE et.tag_id = ? ORDER BY e.id FOR UPDATE OF e',
    tagId,
  );
  await tx.all(
    'SELECT t.id FROM timer_tags tt JOIN timers t ON t.id = tt.timer_id WHERE tt.tag_id = ? ORDER BY t.id FOR UPDATE OF t',
    tagId,
  );
}

export interface StartTagMergeOptions {
  accountId: number;
  target: TagRow;
  source: TagRow;
  now: string;
}

export async function startTagMerge(
  db: Queryable,
  { accountId, target, source, now }: StartTagMergeOptions,
): Promise<TagMergeRow> {
  const id = (await db.get<{ id: number }>(
    'INSERT INTO tag_merges (account_id, target_tag_id, source_tag_id, created_at) VALUES (?, ?, ?, ?) RETURNING id',
    accountId,
    target.id,
    source.id,
    now,
  ))!.id;
  return (await db.get('SELECT * FROM tag_merges WHERE id = ?', id)) as TagMergeRow;
}

export async function pendingTagMerges(db: Queryable): Promise<TagMergeRow[]> {
  return (await db.all('SELECT * FROM tag_merges ORDER BY id')) as TagMergeRow[];
}

/**
 * Moves up to `limit` entries (-1: all) from the source tag to the target; when none are left,
 * moves the timers and finishes the merge. Answers whether the merge is finished.
 */
export async function runTagMergeBatch(
  db: Queryable,
  merge: TagMergeRow,
  limit: number,
  now: string,
): Promise<boolean> {
  const source = (await db.get('SELECT * FROM tags WHERE id = ?', merge.source_tag_id)) as TagRow;
  const target = (await db.get('SELECT * FROM tags WHERE id = ?', merge.target_tag_id)) as TagRow;
  const moved = await rewriteEntryMentions(db, { tagId: source.id, name: source.name, to: target.name, now, limit });
  if (moved.length > 0) {
    const ids = jsonList(moved);
    await db.run(
      `INSERT INTO entry_tags (entry_id, tag_id) SELECT value, ? FROM ${idList(db.dialect)} AS ids WHERE TRUE ON CONFLICT DO NOTHING`,
      target.id,
      ids,
    );
    await db.run(`DELETE FROM entry_tags WHERE tag_id = ? AND entry_id IN ${idList(db.dialect)}`, source.id, ids);
  }
  if (limit !== -1 && moved.length === limit) return false;
  // Entries written meanwhile with "#source" were linked to it and are in this last batch.
  const timers = await rewriteTimerMentions(db, { tagId: source.id, name: source.name, to: target.name, now });
  if (timers.length > 0)
    await db.run(
      `INSERT INTO timer_tags (timer_id, tag_id) SELECT value, ? FROM ${idList(db.dialect)} AS ids WHERE TRUE ON CONFLICT DO NOTHING`,
      target.id,
      jsonList(timers),
    );
  await db.run('DELETE FROM tag_merges WHERE id = ?', merge.id);
  await db.run('DELETE FROM tags WHERE id = ?', source.id); // remaining links go with it
  await db.run('UPDATE tags SET updated_at = ? WHERE id = ?', now, target.id);
  return true;
}
