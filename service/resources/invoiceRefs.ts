// The InvoiceRef an entry carries (spec 001 Entry.invoice), read for a whole page at once. An
// invoice_id that names no invoice (an import from elsewhere) shows as no invoice.
import type { InvoiceRef } from '../../wire/serviceTypes';
import { invoicesByIds } from '../domain/invoices';
import type { Queryable } from '../storage/store';
import { invoiceRef } from '../views/money';

export async function invoiceRefsFor(
  db: Queryable,
  base: string,
  rows: Array<{ invoice_id: number | null }>,
): Promise<(row: { invoice_id: number | null }) => InvoiceRef | null> {
  const invoices = await invoicesByIds(
    db,
    rows.flatMap((r) => (r.invoice_id === null ? [] : [r.invoice_id])),
  );
  return (row) => {
    const invoice = row.invoice_id === null ? undefined : invoices.get(row.invoice_id);
    return invoice ? invoiceRef(base, invoice) : null;
  };
}

/** The same InvoiceRef as JSON text, for the entry lists written straight to text (entryJson.ts); 'null' for none. */
export async function invoiceRefJsonFor(
  db: Queryable,
  base: string,
  invoiceIds: Array<number | null>,
): Promise<(invoiceId: number | null) => string> {
  const invoices = await invoicesByIds(
    db,
    invoiceIds.filter((id): id is number => id !== null),
  );
  const texts = new Map<number, string>();
  for (const [id, invoice] of invoices) texts.set(id, JSON.stringify(invoiceRef(base, invoice)));
  return (invoiceId) => (invoiceId === null ? 'null' : (texts.get(invoiceId) ?? 'null'));
}
