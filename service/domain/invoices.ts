// Invoices (spec 001 "Invoices"): the rows, what an invoice is made of (its entries, expenses,
// taxes, custom rates and projects), the insert that locks its entries and expenses, and the
// filtered list.
import { equalsNocase, idList, jsonField, jsonTrue, like, nocase, rowLock, type Dialect } from '../storage/dialect';
import { randomBytes } from 'node:crypto';
import type { CalculationMethod, Invoice, InvoiceFilters, InvoiceState } from '../../wire/serviceTypesMoney';
import type { Queryable } from '../storage/store';
import type { Amounts } from './invoiceAmounts';
import type { StoredCustomization } from './invoiceCustomization';
import type { ProjectRow } from './projects';
import { ENTRY_BILLABLE, jsonList, likeContains, Where } from './sqlText';

export interface InvoiceRow {
  id: number;
  account_id: number;
  state: InvoiceState;
  reference: string;
  invoice_date: string;
  project_name: string | null;
  company_name: string | null;
  company_details: string | null;
  recipient_details: string | null;
  description: string | null;
  footer: string | null;
  show_hours_worked: number;
  show_full_report: number;
  show_user_summaries: number;
  show_project_summaries: number;
  show_project_name_for_expenses: number;
  /** JSON of StoredCustomization */
  customization: string;
  calculation_method: CalculationMethod;
  standard_hourly_rate_cents: number | null;
  flat_rate_cents: number | null;
  taxable_cents: number;
  taxfree_cents: number;
  tax_total_cents: number;
  total_cents: number;
  share_token: string;
  created_at: string;
  updated_at: string;
}

export interface InvoiceTaxRow {
  id: number;
  invoice_id: number;
  name: string | null;
  percentage_thousandths: number;
  amount_cents: number;
}

export interface CustomRateRow {
  invoice_id: number;
  user_id: number;
  hourly_rate_cents: number;
}

/** The fields of a new invoice as the request gave them (defaults applied): the wire Invoice's own. */
export type InvoiceText = Pick<
  Invoice,
  | 'reference'
  | 'invoice_date'
  | 'project_name'
  | 'company_name'
  | 'company_details'
  | 'recipient_details'
  | 'description'
  | 'footer'
  | 'show_hours_worked'
  | 'show_full_report'
  | 'show_user_summaries'
  | 'show_project_summaries'
  | 'show_project_name_for_expenses'
>;

export interface NewInvoice extends InvoiceText {
  customization: StoredCustomization;
  method: CalculationMethod;
  standardCents: number | null;
  flatCents: number | null;
  customRates: Array<{ userId: number; cents: number }>;
  taxes: Array<{ name: string | null; thousandths: number }>;
  amounts: Amounts;
}

/** What an invoice is charged for: an entry's minutes, whose they are and whether they bill. */
export interface InvoicedEntry {
  id: number;
  user_id: number;
  project_id: number | null;
  minutes: number;
  billable: number;
  invoice_id: number | null;
  invoiced_at: string | null;
}

/**
 * Inside a write: the entries locked (PostgreSQL, in id order), so an edit of one of them racing on
 * another instance waits for the invoice, or the invoice for the edit, and reads what it left.
 */

export async function entriesForInvoice(db: Queryable, accountId: number, ids: number[]): Promise<InvoicedEntry[]> {
  return (await db.all(
    `SELECT e.id, e.user_id, e.project_id, e.minutes, e.invoice_id, e.invoiced_at, ${ENTRY_BILLABLE} AS billable
     FROM entries e LEFT JOIN projects p ON p.id = e.project_id
     WHERE e.account_id = ? AND e.id IN ${idList(db.dialect)} ORDER BY e.id${rowLock(db, 'UPDATE', 'e')}`,
    accountId,
    jsonList(ids),
  )) as InvoicedEntry[];
}

export async function getInvoice(db: Queryable, accountId: number, id: number): Promise<InvoiceRow | undefined> {
  return (await db.get('SELECT * FROM invoices WHERE account_id = ? AND id = ?', accountId, id)) as
    | InvoiceRow
    | undefined;
}

export async function invoicesByIds(db: Queryable, ids: number[]): Promise<Map<number, InvoiceRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = (await db.all(
    `SELECT * FROM invoices WHERE id IN ${idList(db.dialect)}`,
    jsonList(unique),
  )) as InvoiceRow[];
  return new Map(rows.map((i) => [i.id, i]));
}

export async function referenceTaken(db: Queryable, accountId: number, reference: string): Promise<boolean> {
  return (
    (await db.get('SELECT 1 FROM invoices WHERE account_id = ? AND reference = ?', accountId, reference)) !== undefined
  );
}

/** Inserts the invoice with its taxes and custom rates; the caller puts its entries and expenses on it. */
export async function insertInvoice(db: Queryable, accountId: number, v: NewInvoice, now: string): Promise<number> {
  const flag = (b: boolean) => (b ? 1 : 0);
  const id = Number(
    (await db.get<{ id: number }>(
      `INSERT INTO invoices (account_id, state, reference, invoice_date, project_name, company_name, company_details, recipient_details,
         description, footer, show_hours_worked, show_full_report, show_user_summaries, show_project_summaries, show_project_name_for_expenses,
         customization, calculation_method, standard_hourly_rate_cents, flat_rate_cents, taxable_cents, taxfree_cents, tax_total_cents,
         total_cents, share_token, created_at, updated_at)
       VALUES (?, 'unpaid', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      accountId,
      v.reference,
      v.invoice_date,
      v.project_name,
      v.company_name,
      v.company_details,
      v.recipient_details,
      v.description,
      v.footer,
      flag(v.show_hours_worked),
      flag(v.show_full_report),
      flag(v.show_user_summaries),
      flag(v.show_project_summaries),
      flag(v.show_project_name_for_expenses),
      JSON.stringify(v.customization),
      v.method,
      v.standardCents,
      v.flatCents,
      v.amounts.taxableCents,
      v.amounts.taxfreeCents,
      v.amounts.taxTotalCents,
      v.amounts.totalCents,
      randomBytes(16).toString('hex'),
      now,
      now,
    ))!.id,
  );
  for (const [i, t] of v.taxes.entries())
    await db.run(
      'INSERT INTO invoice_taxes (invoice_id, name, percentage_thousandths, amount_cents) VALUES (?, ?, ?, ?)',
      id,
      t.name,
      t.thousandths,
      v.amounts.taxCents[i],
    );
  for (const r of v.customRates)
    await db.run(
      'INSERT INTO invoice_custom_rates (invoice_id, user_id, hourly_rate_cents) VALUES (?, ?, ?)',
      id,
      r.userId,
      r.cents,
    );
  return id;
}

export async function taxesOf(db: Queryable, invoiceIds: number[]): Promise<Map<number, InvoiceTaxRow[]>> {
  const rows = (await db.all(
    `SELECT * FROM invoice_taxes WHERE invoice_id IN ${idList(db.dialect)} ORDER BY invoice_id, id`,
    jsonList(invoiceIds),
  )) as InvoiceTaxRow[];
  return groupBy(rows, (r) => r.invoice_id);
}

export async function customRatesOf(db: Queryable, invoiceIds: number[]): Promise<Map<number, CustomRateRow[]>> {
  const rows = (await db.all(
    `SELECT * FROM invoice_custom_rates WHERE invoice_id IN ${idList(db.dialect)} ORDER BY invoice_id, user_id`,
    jsonList(invoiceIds),
  )) as CustomRateRow[];
  return groupBy(rows, (r) => r.invoice_id);
}

/** Entries and expenses on each invoice. */
export async function invoiceCounts(
  db: Queryable,
  invoiceIds: number[],
): Promise<Map<number, { entries: number; expenses: number }>> {
  const rows = (await db.all(
    `SELECT i.value AS id,
       (SELECT COUNT(*) FROM entries WHERE invoice_id = i.value) AS entries,
       (SELECT COUNT(*) FROM expenses WHERE invoice_id = i.value) AS expenses
     FROM ${idList(db.dialect)} AS i`,
    jsonList(invoiceIds),
  )) as Array<{ id: number; entries: number; expenses: number }>;
  return new Map(rows.map((r) => [r.id, { entries: r.entries, expenses: r.expenses }]));
}

/** The projects of each invoice's entries and expenses, by name. */
export async function invoiceProjects(db: Queryable, invoiceIds: number[]): Promise<Map<number, ProjectRow[]>> {
  const rows = (await db.all(
    `SELECT ip.invoice_id, p.* FROM (
       SELECT DISTINCT invoice_id, project_id FROM (
         SELECT invoice_id, project_id FROM entries WHERE invoice_id IN ${idList(db.dialect)} AND project_id IS NOT NULL
         UNION SELECT invoice_id, project_id FROM expenses WHERE invoice_id IN ${idList(db.dialect)}) AS both_kinds
     ) ip JOIN projects p ON p.id = ip.project_id
     ORDER BY ip.invoice_id, ${nocase(db.dialect, 'p.name')}, p.id`,
    jsonList(invoiceIds),
    jsonList(invoiceIds),
  )) as Array<ProjectRow & { invoice_id: number }>;
  return groupBy(rows, (r) => r.invoice_id);
}

/** The invoices of each project (through its entries and expenses), newest first: the full Project form's `invoices`. */
export async function invoicesOfProjects(db: Queryable, projectIds: number[]): Promise<Map<number, InvoiceRow[]>> {
  const rows = (await db.all(
    `SELECT pi.project_id, i.* FROM (
       SELECT project_id, invoice_id FROM entries WHERE project_id IN ${idList(db.dialect)} AND invoice_id IS NOT NULL
       UNION SELECT project_id, invoice_id FROM expenses WHERE project_id IN ${idList(db.dialect)} AND invoice_id IS NOT NULL
     ) pi JOIN invoices i ON i.id = pi.invoice_id
     ORDER BY pi.project_id, i.invoice_date DESC, i.id DESC`,
    jsonList(projectIds),
    jsonList(projectIds),
  )) as Array<InvoiceRow & { project_id: number }>;
  return groupBy(rows, (r) => r.project_id);
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

export type { InvoiceFilters };

const customizationText = (dialect: Dialect, field: string) => jsonField(dialect, 'i.customization', field);

export interface ListInvoicesOptions {
  accountId: number;
  filters: InvoiceFilters;
  limit: number;
  offset: number;
}

/** Filters of spec 001 "GET /invoices/", combined; most recent invoice_date first (decided), newest first within a date. */
export async function listInvoices(
  db: Queryable,
  { accountId, filters, limit, offset }: ListInvoicesOptions,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const w = new Where().add('i.account_id = ?', accountId);
  if (filters.state) w.add('i.state = ?', filters.state);
  // Column and JSON field names below are fixed in this code, never taken from input.
  for (const column of [
    'reference',
    'project_name',
    'recipient_details',
    'company_name',
    'company_details',
    'description',
    'footer',
  ] as const) {
    const value = filters[column];
    if (value !== undefined) w.add(like(db.dialect, `i.${column}`), likeContains(value));
  }
  if (filters.currency_symbol !== undefined)
    w.add(like(db.dialect, customizationText(db.dialect, 'currency_symbol')), likeContains(filters.currency_symbol));
  if (filters.invoice_date_from) w.add('i.invoice_date >= ?', filters.invoice_date_from);
  if (filters.invoice_date_to) w.add('i.invoice_date <= ?', filters.invoice_date_to);
  if (filters.total_amount_from_cents !== undefined) w.add('i.total_cents >= ?', filters.total_amount_from_cents);
  if (filters.total_amount_to_cents !== undefined) w.add('i.total_cents <= ?', filters.total_amount_to_cents);
  if (filters.project_ids) {
    // Decided: an invoice matches when any of its projects is among the ids.
    w.add(
      `(EXISTS (SELECT 1 FROM entries WHERE invoice_id = i.id AND project_id IN ${idList(db.dialect)})
        OR EXISTS (SELECT 1 FROM expenses WHERE invoice_id = i.id AND project_id IN ${idList(db.dialect)}))`,
      jsonList(filters.project_ids),
      jsonList(filters.project_ids),
    );
  }
  if (filters.has_online_payment_details !== undefined) {
    const has = `(${jsonTrue(db.dialect, 'i.customization', 'allow_alpha_invoice')} OR ${jsonTrue(db.dialect, 'i.customization', 'allow_beta_connect_payment')})`;
    w.add(filters.has_online_payment_details ? has : `NOT ${has}`);
  }
  if (filters.has_custom_html !== undefined)
    w.add(`${customizationText(db.dialect, 'custom_html')} IS ${filters.has_custom_html ? 'NOT ' : ''}NULL`);
  for (const flag of [
    'show_hours_worked',
    'show_full_report',
    'show_user_summaries',
    'show_project_summaries',
    'show_project_name_for_expenses',
  ] as const) {
    const value = filters[flag];
    if (value !== undefined) w.add(`i.${flag} = ?`, value ? 1 : 0);
  }
  if (filters.locale !== undefined)
    w.add(equalsNocase(db.dialect, customizationText(db.dialect, 'locale')), filters.locale);
  if (filters.currency_code !== undefined)
    w.add(equalsNocase(db.dialect, customizationText(db.dialect, 'currency_code')), filters.currency_code);
  if (filters.rate_calculation) w.add('i.calculation_method = ?', filters.rate_calculation);
  if (filters.updated_from) w.add('i.updated_at >= ?', filters.updated_from);
  if (filters.updated_to) w.add('i.updated_at <= ?', filters.updated_to);
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM invoices i WHERE ${w}`, ...w.params)) as { n: number }).n;
  const rows = (await db.all(
    `SELECT i.* FROM invoices i WHERE ${w} ORDER BY i.invoice_date DESC, i.id DESC LIMIT ? OFFSET ?`,
    ...w.params,
    limit,
    offset,
  )) as InvoiceRow[];
  return { rows, total };
}
