// The customization of a new invoice (spec 001 "Invoice creation input"): every field the request
// leaves out takes the value of a previous invoice for the same projects, else its default.
//
// Decided where the spec is silent:
// - "A previous invoice for the same projects" is the latest invoice (by id) that shares at least
//   one project with the new one; an invoice without projects has none.
// - locale: that invoice's, else the account's latest invoice's, else en-US (the spec says only
//   "default previous invoice's").
// - Currency and payment settings follow the labels' rule; their defaults are USD, "$",
//   "US Dollar", no online payment, no custom HTML.
import { idList, jsonField } from '../storage/dialect';
import { INVOICE_LABEL_DEFAULTS, type InvoiceCustomization, type InvoiceLabel } from '../../wire/serviceTypesMoney';
import type { Queryable } from '../storage/store';
import { jsonList } from './sqlText';

/** The customization as stored: the wire object without its timestamps (those are the invoice's). */
export type StoredCustomization = Omit<InvoiceCustomization, 'created_at' | 'updated_at'>;

export const CUSTOMIZATION_DEFAULTS: StoredCustomization = {
  ...INVOICE_LABEL_DEFAULTS,
  custom_html: null,
  currency_name: 'US Dollar',
  locale: 'en-US',
  currency_code: 'USD',
  currency_symbol: '$',
  allow_alpha_invoice: false,
  alpha_invoice_title: null,
  alpha_currency_code: null,
  alpha_address: null,
  allow_beta_connect_payment: false,
  beta_connect_payment_description: null,
  beta_connect_currency_code: null,
};

export const LABELS = Object.keys(INVOICE_LABEL_DEFAULTS) as InvoiceLabel[];

/** Projects an invoice covers: those of its entries and expenses. */
const INVOICE_PROJECTS = `SELECT project_id FROM entries WHERE invoice_id = i.id AND project_id IS NOT NULL
  UNION SELECT project_id FROM expenses WHERE invoice_id = i.id`;

async function previousForProjects(
  db: Queryable,
  accountId: number,
  projectIds: number[],
): Promise<StoredCustomization | undefined> {
  if (projectIds.length === 0) return undefined;
  const row = (await db.get(
    `SELECT i.customization FROM invoices i WHERE i.account_id = ?
       AND EXISTS (SELECT 1 FROM (${INVOICE_PROJECTS}) ip WHERE ip.project_id IN ${idList(db.dialect)})
     ORDER BY i.id DESC LIMIT 1`,
    accountId,
    jsonList(projectIds),
  )) as { customization: string } | undefined;
  return row && (JSON.parse(row.customization) as StoredCustomization);
}

async function latestLocale(db: Queryable, accountId: number): Promise<string | undefined> {
  const row = (await db.get(
    `SELECT ${jsonField(db.dialect, 'customization', 'locale')} AS locale FROM invoices WHERE account_id = ? ORDER BY id DESC LIMIT 1`,
    accountId,
  )) as { locale: string | null } | undefined;
  return row?.locale ?? undefined;
}

/** The customization of a new invoice over `projectIds`, with what the request gave on top. Call before inserting it. */
export async function resolveCustomization(
  db: Queryable,
  accountId: number,
  projectIds: number[],
  given: Partial<StoredCustomization>,
): Promise<StoredCustomization> {
  const previous = await previousForProjects(db, accountId, projectIds);
  const base: StoredCustomization = {
    ...CUSTOMIZATION_DEFAULTS,
    ...(previous ?? { locale: (await latestLocale(db, accountId)) ?? CUSTOMIZATION_DEFAULTS.locale }),
  };
  const resolved = { ...base };
  for (const [key, value] of Object.entries(given))
    if (value !== undefined) (resolved as Record<string, unknown>)[key] = value;
  // Keep only known keys, in their listed order, whatever an older row held.
  return Object.fromEntries(
    Object.keys(CUSTOMIZATION_DEFAULTS).map((k) => [k, (resolved as Record<string, unknown>)[k]]),
  ) as StoredCustomization;
}
