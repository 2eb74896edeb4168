// PUT /v2/projects/:id/merge (GAPS.md): `source` is merged into `target` and deleted. Decided:
// - entries move whatever their state (approved and invoiced ones too: the merge changes which
//   project holds the work, not the work); their minutes stay as logged, not re-rounded to the
//   target's increment;
// - every other row that refers to the source through a foreign key (expenses, project access,
//   invoice links, ...) now refers to the target; where the target already has the same row (a
//   user with access to both), the source's copy is dropped;
// - a user's timer moves too; a user with a timer on both keeps one, on the target, holding the
//   time of both (running if either ran) and the target's description, or the source's when the
//   target has none;
// - the target keeps its own name, settings and group.
import { foreignKeysTo, uniqueKeys } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import type { ProjectRow } from './projects';
import { linkHashtags } from './tags';
import { elapsedMs, type TimerRow } from './timers';

/** Tables with a foreign key to projects(id), besides entries and timers which are moved by hand. */
async function referencingColumns(db: Queryable): Promise<Array<{ table: string; column: string }>> {
  const columns = await db.all<{ table: string; column: string }>(foreignKeysTo(db.dialect), 'projects');
  return columns.filter((c) => c.table !== 'entries' && c.table !== 'timers');
}

/** For each unique key of `table` over `column`, its other columns (a key over an expression is left out). */
async function keysWith(db: Queryable, table: string, column: string): Promise<string[][]> {
  const rows = await db.all<{ key: string; column: string | null }>(uniqueKeys(db.dialect), table);
  const keys = new Map<string, typeof rows>();
  for (const row of rows) keys.set(row.key, [...(keys.get(row.key) ?? []), row]);
  return [...keys.values()]
    .filter((key) => key.every((r) => r.column !== null) && key.some((r) => r.column === column))
    .map((key) => key.map((r) => r.column as string).filter((c) => c !== column));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Points the source's rows of `table` at the target, except those whose copy the target already
 * has (the same values in a unique key): those are dropped. Neither store's conflict clause
 * (SQLite's UPDATE OR IGNORE) is read by the other, so the copies are found by the unique keys.
 */
async function moveReferences(db: Queryable, table: string, column: string, ids: { source: number; target: number }) {
  // Table and column names come from the schema, never from input.
  const [t, c] = [quote(table), quote(column)];
  const taken = (await keysWith(db, table, column)).map(
    (others) =>
      `AND NOT EXISTS (SELECT 1 FROM ${t} other WHERE other.${c} = ?${others.map((o) => ` AND other.${quote(o)} = ${t}.${quote(o)}`).join('')})`,
  );
  await db.run(
    `UPDATE ${t} SET ${c} = ? WHERE ${c} = ? ${taken.join(' ')}`,
    ids.target,
    ids.source,
    ...taken.map(() => ids.target),
  );
  await db.run(`DELETE FROM ${t} WHERE ${c} = ?`, ids.source);
}

interface FoldTimersOptions {
  accountId: number;
  source: ProjectRow;
  target: ProjectRow;
  nowMs: number;
  now: string;
}

async function foldTimers(db: Queryable, { accountId, source, target, nowMs, now }: FoldTimersOptions): Promise<void> {
  const timers = (await db.all('SELECT * FROM timers WHERE project_id = ?', source.id)) as TimerRow[];
  for (const moving of timers) {
    const staying = (await db.get(
      'SELECT * FROM timers WHERE user_id = ? AND project_id = ?',
      moving.user_id,
      target.id,
    )) as TimerRow | undefined;
    if (!staying) {
      await db.run('UPDATE timers SET project_id = ?, updated_at = ? WHERE id = ?', target.id, now, moving.id);
      continue;
    }
    // One running timer per user (a unique index): the moving one goes first.
    await db.run('DELETE FROM timers WHERE id = ?', moving.id);
    const total = elapsedMs(staying, nowMs) + elapsedMs(moving, nowMs);
    const running = staying.state === 'running' || moving.state === 'running';
    const state = running ? 'running' : total > 0 ? 'paused' : staying.state;
    const description = staying.description ?? moving.description;
    // Running from now with the total so far, or stopped at the total: elapsed reads the same either way.
    await db.run(
      'UPDATE timers SET state = ?, elapsed_ms = ?, running_since_ms = ?, description = ?, updated_at = ? WHERE id = ?',
      state,
      total,
      running ? nowMs : null,
      description,
      now,
      staying.id,
    );
    if (description !== staying.description)
      await linkHashtags(db, { table: 'timer_tags', ownerId: staying.id, accountId, description, now });
  }
}

export interface MergeProjectsOptions {
  accountId: number;
  target: ProjectRow;
  source: ProjectRow;
  nowMs: number;
  now: string;
}

/**
 * PostgreSQL: locks the rows a merge rewrites (the source's entries, expenses and timers, the
 * target's timers, each in id order) before the merge locks the two projects. An edit of one of
 * them holds its row and then takes its project FOR KEY SHARE; a merge that held the projects
 * FOR UPDATE first and then waited for that row would wait in a cycle with it (a deadlock).
 * Rows first, projects second: the order every edit takes them in.
 */
export async function lockMergedRows(tx: Queryable, sourceId: number, targetId: number): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  await tx.all('SELECT id FROM entries WHERE project_id = ? ORDER BY id FOR UPDATE', sourceId);
  await tx.all('SELECT id FROM expenses WHERE project_id = ? ORDER BY id FOR UPDATE', sourceId);
  await tx.all('SELECT id FROM timers WHERE project_id IN (?, ?) ORDER BY id FOR UPDATE', sourceId, targetId);
}

/** Runs inside the caller's transaction; both projects are the account's and not archived. */
export async function mergeProjects(
  db: Queryable,
  { accountId, target, source, nowMs, now }: MergeProjectsOptions,
): Promise<void> {
  await db.run('UPDATE entries SET project_id = ?, updated_at = ? WHERE project_id = ?', target.id, now, source.id);
  await foldTimers(db, { accountId, source, target, nowMs, now });
  for (const { table, column } of await referencingColumns(db))
    await moveReferences(db, table, column, { source: source.id, target: target.id });
  await db.run('UPDATE projects SET updated_at = ? WHERE id = ?', now, target.id);
  await db.run('DELETE FROM projects WHERE id = ?', source.id);
}
