// Approval and invoicing marks of entries (spec 001 Entry state table). An approved entry is
// locked until unapproved; an entry on an invoice is locked for good. Marking as invoiced outside
// the service only records the date (decided: it does not lock; repeated marks change the date).
import { idList, rowLock } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import { jsonList } from './sqlText';

export interface EntryMarks {
  id: number;
  user_id: number;
  project_id: number | null;
  approved_at: string | null;
  approved_by_id: number | null;
  invoiced_at: string | null;
  invoice_id: number | null;
  /** 1 when the entry's project is archived (an integer on both stores: a comparison would be a boolean on PostgreSQL) */
  archived: number;
}

/** The marks of the account's entries among ids, in id order; unknown ids are left out. */
export async function entryMarks(db: Queryable, accountId: number, ids: number[]): Promise<EntryMarks[]> {
  // Inside a write, locked (PostgreSQL, in id order): an edit racing on another instance waits, or is waited for.
  return (await db.all(
    `SELECT e.id, e.user_id, e.project_id, e.approved_at, e.approved_by_id, e.invoiced_at, e.invoice_id, CASE WHEN p.enabled = 0 THEN 1 ELSE 0 END AS archived
     FROM entries e LEFT JOIN projects p ON p.id = e.project_id
     WHERE e.account_id = ? AND e.id IN ${idList(db.dialect)} ORDER BY e.id${rowLock(db, 'UPDATE', 'e')}`,
    accountId,
    jsonList(ids),
  )) as EntryMarks[];
}

export interface SetApprovalOptions {
  id: number;
  approvedAt: string | null;
  approvedById: number | null;
  now: string;
}

export async function setApproval(
  db: Queryable,
  { id, approvedAt, approvedById, now }: SetApprovalOptions,
): Promise<void> {
  await db.run(
    'UPDATE entries SET approved_at = ?, approved_by_id = ?, updated_at = ? WHERE id = ?',
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
export async function setInvoiced(
  db: Queryable,
  { ids, invoicedAt, invoiceId, now }: SetInvoicedOptions,
): Promise<void> {
  await db.run(
    `UPDATE entries SET invoiced_at = ?, invoice_id = ?, updated_at = ? WHERE id IN ${idList(db.dialect)}`,
    invoicedAt,
    invoiceId,
    now,
    jsonList(ids),
  );
}
