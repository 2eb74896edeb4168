// Approval and invoicing marks of entries (spec 001 Entry state table). An approved entry is
// locked until unapproved; an entry on an invoice is locked for good. Marking as invoiced outside
// the service only records the date (decided: it does not lock; repeated marks change the date).
import { sql, type Db } from '../storage/db';
import { jsonList } from './sqlText';

export interface EntryMarks {
  id: number;
  user_id: number;
  project_id: number | null;
  approved_at: string | null;
  approved_by_id: number | null;
  invoiced_at: string | null;
  invoice_id: number | null;
  /** 1 when the entry's project is archived */
  archived: number;
}

/** The marks of the account's entries among ids, in id order; unknown ids are left out. */
export function entryMarks(db: Db, accountId: number, ids: number[]): EntryMarks[] {
  return sql(
    db,
    `SELECT e.id, e.user_id, e.project_id, e.approved_at, e.approved_by_id, e.invoiced_at, e.invoice_id, COALESCE(p.enabled = 0, 0) AS archived
     FROM entries e LEFT JOIN projects p ON p.id = e.project_id
     WHERE e.account_id = ? AND e.id IN (SELECT value FROM json_each(?)) ORDER BY e.id`,
  ).all(accountId, jsonList(ids)) as EntryMarks[];
}

export interface SetApprovalOptions {
  id: number;
  approvedAt: string | null;
  approvedById: number | null;
  now: string;
}

export function setApproval(db: Db, { id, approvedAt, approvedById, now }: SetApprovalOptions): void {
  sql(db, 'UPDATE entries SET approved_at = ?, approved_by_id = ?, updated_at = ? WHERE id = ?').run(
    approvedAt,
    approvedById,
    now,
    id,
  );
}

export interface SetInvoicedOptions {
  ids: number[];
  invoicedAt: string;
  invoiceId: number | null;
  now: string;
}

/** Sets invoiced_at, and the invoice when the entry goes on one of the service's invoices. */
export function setInvoiced(db: Db, { ids, invoicedAt, invoiceId, now }: SetInvoicedOptions): void {
  sql(
    db,
    'UPDATE entries SET invoiced_at = ?, invoice_id = ?, updated_at = ? WHERE id IN (SELECT value FROM json_each(?))',
  ).run(invoicedAt, invoiceId, now, jsonList(ids));
}
