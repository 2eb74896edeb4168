// Expenses (spec 001 "Expenses"): writes and the filtered list. Prices are integer cents and may
// be negative; descriptions are kept as written (tags are not parsed). An expense on an invoice
// is locked; so is one in an archived project (the rules sit in the resource).
import { like, idList, rowLock } from '../storage/dialect';
import type { ExpenseFilters } from '../../wire/serviceTypesMoney';
import type { Queryable } from '../storage/store';
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

export async function getExpense(db: Queryable, accountId: number, id: number): Promise<ExpenseRow | undefined> {
  return (await db.get('SELECT * FROM expenses WHERE account_id = ? AND id = ?', accountId, id)) as
    | ExpenseRow
    | undefined;
}

/**
 * Inside a write on PostgreSQL, the expenses read are locked (in id order): an invoice and an edit
 * or deletion of one of them racing on another instance go one after the other, and the later
 * reads what the earlier left (the price invoiced is the price kept; an invoiced one stays).
 */
/** The expense a write is about to change, read again inside its transaction (locked on PostgreSQL); undefined when gone. */
export async function expenseForChange(tx: Queryable, accountId: number, id: number): Promise<ExpenseRow | undefined> {
  return (await tx.get(`SELECT * FROM expenses WHERE account_id = ? AND id = ?${rowLock(tx)}`, accountId, id)) as
    | ExpenseRow
    | undefined;
}

export async function expensesByIds(db: Queryable, accountId: number, ids: number[]): Promise<ExpenseRow[]> {
  return (await db.all(
    `SELECT * FROM expenses WHERE account_id = ? AND id IN ${idList(db.dialect)} ORDER BY id${rowLock(db)}`,
    accountId,
    jsonList(ids),
  )) as ExpenseRow[];
}

export async function insertExpense(db: Queryable, accountId: number, v: ExpenseValues, now: string): Promise<number> {
  return Number(
    (await db.get<{ id: number }>(
      `INSERT INTO expenses (account_id, user_id, project_id, date, price_cents, description, taxable, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      accountId,
      v.userId,
      v.projectId,
      v.date,
      v.priceCents,
      v.description,
      v.taxable ? 1 : 0,
      now,
      now,
    ))!.id,
  );
}

export async function updateExpense(db: Queryable, id: number, v: ExpenseValues, now: string): Promise<void> {
  await db.run(
    'UPDATE expenses SET user_id = ?, project_id = ?, date = ?, price_cents = ?, description = ?, taxable = ?, updated_at = ? WHERE id = ?',
    v.userId,
    v.projectId,
    v.date,
    v.priceCents,
    v.description,
    v.taxable ? 1 : 0,
    now,
    id,
  );
}

export async function deleteExpense(db: Queryable, id: number): Promise<void> {
  await db.run('DELETE FROM expenses WHERE id = ?', id);
}

/** Puts expenses on an invoice; they are locked from then on. */
export async function invoiceExpenses(db: Queryable, ids: number[], invoiceId: number, now: string): Promise<void> {
  await db.run(
    `UPDATE expenses SET invoice_id = ?, updated_at = ? WHERE id IN ${idList(db.dialect)}`,
    invoiceId,
    now,
    jsonList(ids),
  );
}

/** Expenses per project, for the full Project form's `expenses` count. */
export async function countExpensesByProject(db: Queryable, projectIds: number[]): Promise<Map<number, number>> {
  const rows = (await db.all(
    `SELECT project_id AS id, COUNT(*) AS n FROM expenses WHERE project_id IN ${idList(db.dialect)} GROUP BY project_id`,
    jsonList(projectIds),
  )) as Array<{ id: number; n: number }>;
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Whether the project has expenses: with them it cannot be deleted, only archived (spec 000 conventions 11). */
export async function projectHasExpenses(db: Queryable, projectId: number): Promise<boolean> {
  return (await db.get('SELECT 1 FROM expenses WHERE project_id = ? LIMIT 1', projectId)) !== undefined;
}

/** A user's expenses, for the `expenses` count of the user forms. */
export async function countUserExpenses(db: Queryable, userId: number): Promise<number> {
  return ((await db.get('SELECT COUNT(*) AS n FROM expenses WHERE user_id = ?', userId)) as { n: number }).n;
}

/** Expenses per user, for the `expenses` count of the User and current user forms. */
export async function countExpensesOfUsers(db: Queryable, userIds: number[]): Promise<Map<number, number>> {
  const rows = (await db.all(
    `SELECT user_id AS id, COUNT(*) AS n FROM expenses WHERE user_id IN ${idList(db.dialect)} GROUP BY user_id`,
    jsonList(userIds),
  )) as Array<{ id: number; n: number }>;
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
export async function listExpenses(
  db: Queryable,
  { accountId, filters, onlyUserId, limit, offset }: ListExpensesOptions,
): Promise<{ rows: ExpenseRow[]; total: number }> {
  const w = new Where().add('x.account_id = ?', accountId);
  if (onlyUserId !== null) w.add('x.user_id = ?', onlyUserId);
  const inList = (column: string, ids?: number[]) => ids && w.add(`${column} IN ${idList(db.dialect)}`, jsonList(ids));
  inList('x.user_id', filters.user_ids);
  inList('x.project_id', filters.project_ids);
  inList('x.invoice_id', filters.invoice_ids);
  if (filters.description !== undefined)
    w.add(`${like(db.dialect, 'x.description')}`, likeContains(filters.description));
  if (filters.from) w.add('x.date >= ?', filters.from);
  if (filters.to) w.add('x.date <= ?', filters.to);
  if (filters.price_from_cents !== undefined) w.add('x.price_cents >= ?', filters.price_from_cents);
  if (filters.price_to_cents !== undefined) w.add('x.price_cents <= ?', filters.price_to_cents);
  if (filters.taxable !== undefined) w.add('x.taxable = ?', filters.taxable ? 1 : 0);
  if (filters.invoiced !== undefined) w.add(filters.invoiced ? 'x.invoice_id IS NOT NULL' : 'x.invoice_id IS NULL');
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM expenses x WHERE ${w}`, ...w.params)) as { n: number }).n;
  // Most recent date first; among one date the newest expense first.
  const rows = (await db.all(
    `SELECT x.* FROM expenses x WHERE ${w} ORDER BY x.date DESC, x.id DESC LIMIT ? OFFSET ?`,
    ...w.params,
    limit,
    offset,
  )) as ExpenseRow[];
  return { rows, total };
}
