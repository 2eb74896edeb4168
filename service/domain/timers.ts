// Timers (spec 001 timer table, GAPS.md "Timers"): one per user per project, pending (no time
// yet), running or paused; at most one running per user. Elapsed time is kept as elapsed_ms
// plus, while running, the time since running_since_ms, so a read at any moment is exact
// without anything ticking.
import { idList, like, rowLock } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import type { ProjectRow } from './projects';
import { jsonList, likeContains, Where } from './sqlText';
import { linkHashtags } from './tags';

export type TimerState = 'pending' | 'running' | 'paused';

export interface TimerRow {
  id: number;
  user_id: number;
  project_id: number;
  state: TimerState;
  elapsed_ms: number;
  running_since_ms: number | null;
  date: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

/** Elapsed milliseconds at nowMs; a clock that stepped back adds nothing rather than subtracting. */
export function elapsedMs(timer: Pick<TimerRow, 'elapsed_ms' | 'state' | 'running_since_ms'>, nowMs: number): number {
  return timer.elapsed_ms + (timer.state === 'running' ? Math.max(0, nowMs - timer.running_since_ms!) : 0);
}

export async function getTimer(db: Queryable, userId: number, projectId: number): Promise<TimerRow | undefined> {
  return (await db.get('SELECT * FROM timers WHERE user_id = ? AND project_id = ?', userId, projectId)) as
    | TimerRow
    | undefined;
}

/**
 * The timer as a write transaction must read it before changing it: locked on PostgreSQL, so
 * requests racing over instances change it one after another, each from what the one before left
 * (a log that finds it gone answers 404 instead of logging it again).
 */
export async function lockedTimer(tx: Queryable, userId: number, projectId: number): Promise<TimerRow | undefined> {
  return (await tx.get(`SELECT * FROM timers WHERE user_id = ? AND project_id = ?${rowLock(tx)}`, userId, projectId)) as
    | TimerRow
    | undefined;
}

export interface CreateTimerOptions {
  accountId: number;
  userId: number;
  projectId: number;
  date: string;
  description: string | null;
  now: string;
}

export async function createTimer(
  db: Queryable,
  { accountId, userId, projectId, date, description, now }: CreateTimerOptions,
): Promise<TimerRow> {
  const id = (await db.get<{ id: number }>(
    `INSERT INTO timers (user_id, project_id, state, date, description, created_at, updated_at) VALUES (?, ?, 'pending', ?, ?, ?, ?) RETURNING id`,
    userId,
    projectId,
    date,
    description,
    now,
    now,
  ))!.id;
  await linkHashtags(db, { table: 'timer_tags', ownerId: Number(id), accountId, description, now });
  return (await getTimer(db, userId, projectId))!;
}

export interface SetTimerDescriptionOptions {
  accountId: number;
  timer: TimerRow;
  description: string | null;
  now: string;
}

export async function setTimerDescription(
  db: Queryable,
  { accountId, timer, description, now }: SetTimerDescriptionOptions,
): Promise<void> {
  await db.run('UPDATE timers SET description = ?, updated_at = ? WHERE id = ?', description, now, timer.id);
  await linkHashtags(db, { table: 'timer_tags', ownerId: timer.id, accountId, description, now });
}

export async function setTimerDate(db: Queryable, timer: TimerRow, date: string, now: string): Promise<void> {
  await db.run('UPDATE timers SET date = ?, updated_at = ? WHERE id = ?', date, now, timer.id);
}

/** Folds running time into elapsed_ms and stops the clock; no-op unless running. */
export async function pauseTimer(db: Queryable, timer: TimerRow, nowMs: number, now: string): Promise<void> {
  if (timer.state !== 'running') return;
  await db.run(
    `UPDATE timers SET state = 'paused', elapsed_ms = ?, running_since_ms = NULL, updated_at = ? WHERE id = ?`,
    elapsedMs(timer, nowMs),
    now,
    timer.id,
  );
}

/** Runs this timer, pausing whichever other timer of the user runs. */
export async function runTimer(db: Queryable, timer: TimerRow, nowMs: number, now: string): Promise<void> {
  if (timer.state === 'running') return;
  const other = (await db.get(`SELECT * FROM timers WHERE user_id = ? AND state = 'running'`, timer.user_id)) as
    | TimerRow
    | undefined;
  if (other) await pauseTimer(db, other, nowMs, now);
  await db.run(
    `UPDATE timers SET state = 'running', running_since_ms = ?, updated_at = ? WHERE id = ?`,
    nowMs,
    now,
    timer.id,
  );
}

export interface AdjustTimerOptions {
  timer: TimerRow;
  deltaMs: number;
  nowMs: number;
  now: string;
}

/**
 * Adds (or with a negative delta subtracts) time to a running timer, never below zero. Spec 001:
 * a paused timer is "unchanged", and so is a pending one, which has no time to correct.
 */
export async function adjustTimer(db: Queryable, { timer, deltaMs, nowMs, now }: AdjustTimerOptions): Promise<void> {
  if (timer.state !== 'running') return;
  const total = Math.max(0, elapsedMs(timer, nowMs) + deltaMs);
  await db.run(
    'UPDATE timers SET elapsed_ms = ?, running_since_ms = ?, updated_at = ? WHERE id = ?',
    total,
    nowMs,
    now,
    timer.id,
  );
}

export async function deleteTimer(db: Queryable, timer: TimerRow): Promise<void> {
  await db.run('DELETE FROM timers WHERE id = ?', timer.id);
}

export interface TimerFilters {
  description?: string;
  projects?: number[];
  billable?: boolean;
}

// The project columns a timer's view needs; the list reads nothing more (each cell has a cost).
const PROJECT_COLUMNS = ['id', 'name', 'billable', 'billing_increment', 'enabled', 'color'] as const;

export type TimerProject = Pick<ProjectRow, (typeof PROJECT_COLUMNS)[number]>;
export type TimerListRow = Pick<
  TimerRow,
  'id' | 'project_id' | 'state' | 'elapsed_ms' | 'running_since_ms' | 'date' | 'description'
>;

export interface ListTimersOptions {
  userId: number;
  filters: TimerFilters;
  limit: number;
  offset: number;
}

/**
 * The user's timers with their projects: the running one first, then paused, then pending; each
 * group oldest first. One query for rows and projects, and no LIMIT: a user has at most one timer
 * per project, and a bound LIMIT doubles SQLite's time on these small sorted reads, so the page
 * is cut here.
 */
export async function listTimers(
  db: Queryable,
  { userId, filters, limit, offset }: ListTimersOptions,
): Promise<{ rows: Array<{ timer: TimerListRow; project: TimerProject }>; total: number }> {
  const w = new Where().add('t.user_id = ?', userId);
  if (filters.description !== undefined)
    w.add(`${like(db.dialect, 't.description')}`, likeContains(filters.description));
  if (filters.projects) w.add(`t.project_id IN ${idList(db.dialect)}`, jsonList(filters.projects));
  if (filters.billable !== undefined) {
    const billable = `(p.billable = 1 AND NOT EXISTS (SELECT 1 FROM timer_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.timer_id = t.id AND g.billable = 0))`;
    w.add(`${billable} = ?`, filters.billable ? 1 : 0);
  }
  const all = await db.all<TimerListRow & Record<string, unknown>>(
    `SELECT t.id, t.project_id, t.state, t.elapsed_ms, t.running_since_ms, t.date, t.description,
       ${PROJECT_COLUMNS.map((c) => `p.${c} AS p_${c}`).join(', ')}
     FROM timers t JOIN projects p ON p.id = t.project_id WHERE ${w}
     ORDER BY CASE t.state WHEN 'running' THEN 0 WHEN 'paused' THEN 1 ELSE 2 END, t.id`,
    ...w.params,
  );
  const page = all.slice(offset, offset + limit).map((row) => ({
    timer: row,
    project: {
      id: row.p_id,
      name: row.p_name,
      billable: row.p_billable,
      billing_increment: row.p_billing_increment,
      enabled: row.p_enabled,
      color: row.p_color,
    } as TimerProject,
  }));
  return { rows: page, total: all.length };
}
