// Expenses (spec 001 "Expenses"): writes and the filtered list. Prices are integer cents and may
// be negative; descriptions are kept as written (tags are not parsed). An expense on an invoice
// is locked; so is one in an archived project (the rules sit in the resource).
import type { ExpenseFilters } from '../../wire/serviceTypesMoney';
import { sql, type Db } from '../storage/db';
import { jsonList, likeContains, Where } from './sqlText';

export interface ExpenseRow {
  id: number;
  account_id: number;
  user_id: number;
  project_id: number;
  date: string;
  price_cents: number;
  description: string | null;
  taxable: number;
  invoice_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ExpenseValues {
  userId: number;
  projectId: number;
  date: string;
  priceCents: number;
  description: string | null;
  taxable: boolean;
}

export type { ExpenseFilters };

export function getExpense(db: Db, accountId: number, id: number): ExpenseRow | undefined {
  return sql(db, 'SELECT * FROM expenses WHERE account_id = ? AND id = ?').get(accountId, id) as ExpenseRow | undefined;
}

export function expensesByIds(db: Db, accountId: number, ids: number[]): ExpenseRow[] {
  return sql(
    db,
    'SELECT * FROM expenses WHERE account_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id',
  ).all(accountId, jsonList(ids)) as ExpenseRow[];
}

export function insertExpense(db: Db, accountId: number, v: ExpenseValues, now: string): number {
  return Number(
    sql(
      db,
      `INSERT INTO expenses (account_id, user_id, project_id, date, price_cents, description, taxable, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(accountId, v.userId, v.projectId, v.date, v.priceCents, v.description, v.taxable ? 1 : 0, now, now)
      .lastInsertRowid,
  );
}

export function updateExpense(db: Db, id: number, v: ExpenseValues, now: string): void {
  sql(
    db,
    'UPDATE expenses SET user_id = ?, project_id = ?, date = ?, price_cents = ?, description = ?, taxable = ?, updated_at = ? WHERE id = ?',
  ).run(v.userId, v.projectId, v.date, v.priceCents, v.description, v.taxable ? 1 : 0, now, id);
}

export function deleteExpense(db: Db, id: number): void {
  sql(db, 'DELETE FROM expenses WHERE id = ?').run(id);
}

/** Puts expenses on an invoice; they are locked from then on. */
export function invoiceExpenses(db: Db, ids: number[], invoiceId: number, now: string): void {
  sql(db, 'UPDATE expenses SET invoice_id = ?, updated_at = ? WHERE id IN (SELECT value FROM json_each(?))').run(
    invoiceId,
    now,
    jsonList(ids),
  );
}

/** Expenses per project, for the full Project form's `expenses` count. */
export function countExpensesByProject(db: Db, projectIds: number[]): Map<number, number> {
  const rows = sql(
    db,
    'SELECT project_id AS id, COUNT(*) AS n FROM expenses WHERE project_id IN (SELECT value FROM json_each(?)) GROUP BY project_id',
  ).all(jsonList(projectIds)) as Array<{ id: number; n: number }>;
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Whether the project has expenses: with them it cannot be deleted, only archived (spec 000 conventions 11). */
export function projectHasExpenses(db: Db, projectId: number): boolean {
  return sql(db, 'SELECT 1 FROM expenses WHERE project_id = ? LIMIT 1').get(projectId) !== undefined;
}

/** A user's expenses, for the `expenses` count of the user forms. */
export function countUserExpenses(db: Db, userId: number): number {
  return (sql(db, 'SELECT COUNT(*) AS n FROM expenses WHERE user_id = ?').get(userId) as { n: number }).n;
}

/** Expenses per user, for the `expenses` count of the User and current user forms. */
export function countExpensesOfUsers(db: Db, userIds: number[]): Map<number, number> {
  const rows = sql(
    db,
    'SELECT user_id AS id, COUNT(*) AS n FROM expenses WHERE user_id IN (SELECT value FROM json_each(?)) GROUP BY user_id',
  ).all(jsonList(userIds)) as Array<{ id: number; n: number }>;
  return new Map(rows.map((r) => [r.id, r.n]));
}

export interface ListExpensesOptions {
  accountId: number;
  filters: ExpenseFilters;
  onlyUserId: number | null;
  limit: number;
  offset: number;
}

/**
 * Filters of spec 001, combined; onlyUserId restricts to one user's expenses (roles that see only
 * their own). Shaped like listEntries, for /users/:id/expenses, /projects/:id/expenses and
 * /current_user/expenses: pass the path's id as the filter.
 */
export function listExpenses(
  db: Db,
  { accountId, filters, onlyUserId, limit, offset }: ListExpensesOptions,
): { rows: ExpenseRow[]; total: number } {
  const w = new Where().add('x.account_id = ?', accountId);
  if (onlyUserId !== null) w.add('x.user_id = ?', onlyUserId);
  const inList = (column: string, ids?: number[]) =>
    ids && w.add(`${column} IN (SELECT value FROM json_each(?))`, jsonList(ids));
  inList('x.user_id', filters.user_ids);
  inList('x.project_id', filters.project_ids);
  inList('x.invoice_id', filters.invoice_ids);
  if (filters.description !== undefined) w.add(`x.description LIKE ? ESCAPE '\\'`, likeContains(filters.description));
  if (filters.from) w.add('x.date >= ?', filters.from);
  if (filters.to) w.add('x.date <= ?', filters.to);
  if (filters.price_from_cents !== undefined) w.add('x.price_cents >= ?', filters.price_from_cents);
  if (filters.price_to_cents !== undefined) w.add('x.price_cents <= ?', filters.price_to_cents);
  if (filters.taxable !== undefined) w.add('x.taxable = ?', filters.taxable ? 1 : 0);
  if (filters.invoiced !== undefined) w.add(filters.invoiced ? 'x.invoice_id IS NOT NULL' : 'x.invoice_id IS NULL');
  const total = (sql(db, `SELECT COUNT(*) AS n FROM expenses x WHERE ${w}`).get(...w.params) as { n: number }).n;
  // Most recent date first; among one date the newest expense first.
  const rows = sql(db, `SELECT x.* FROM expenses x WHERE ${w} ORDER BY x.date DESC, x.id DESC LIMIT ? OFFSET ?`).all(
    ...w.params,
    limit,
    offset,
  ) as ExpenseRow[];
  return { rows, total };
}
