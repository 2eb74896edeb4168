// Rows to the wire shapes of wire/serviceTypesMoney.ts (Expense, Invoice, Webhook, Broadcast
// receiver) and the InvoiceRef that entries and expenses carry. Like tracking.ts, every _url is
// absolute, built on `base`.
import { bool } from '../storage/dialect';
import type { InvoiceRef } from '../../wire/serviceTypes';
import type { BroadcastReceiver, Expense, Invoice, Webhook } from '../../wire/serviceTypesMoney';
import type { ExpenseRow } from '../domain/expenses';
import type { CustomRateRow, InvoiceRow, InvoiceTaxRow } from '../domain/invoices';
import type { StoredCustomization } from '../domain/invoiceCustomization';
import { centsToDecimal, thousandthsToDecimal, withCurrency } from '../domain/money';
import type { ProjectRow } from '../domain/projects';
import type { SubscriptionRow } from '../domain/subscriptions';
import type { UserRow } from '../domain/users';
import { projectRef, userRef } from './tracking';

/** Paths of the money and event resources (http/links.ts holds the others). */
export const moneyPaths = {
  // Spec 001 shows an expense's url singular; both forms are served.
  expense: (id: number) => `/v2/expense/${id}`,
  expenses: () => `/v2/expenses`,
  invoice: (id: number) => `/v2/invoices/${id}`,
  webhook: (id: number) => `/v2/webhooks/${id}`,
  broadcastReceiver: (id: number) => `/v2/broadcast_receivers/${id}`,
};

export function invoiceRef(base: string, i: InvoiceRow): InvoiceRef {
  return {
    id: i.id,
    reference: i.reference,
    invoice_date: i.invoice_date,
    state: i.state,
    total_amount: centsToDecimal(i.total_cents),
    url: base + moneyPaths.invoice(i.id),
  };
}

export interface ExpenseOptions {
  user: UserRow;
  project: ProjectRow;
  invoice: InvoiceRow | null;
}

export function expense(base: string, x: ExpenseRow, { user, project, invoice }: ExpenseOptions): Expense {
  return {
    id: x.id,
    price: centsToDecimal(x.price_cents),
    description: x.description,
    taxable: bool(x.taxable),
    date: x.date,
    project: projectRef(base, project),
    invoice: invoice ? invoiceRef(base, invoice) : null,
    user: userRef(base, user),
    url: base + moneyPaths.expense(x.id),
    created_at: x.created_at,
    updated_at: x.updated_at,
  };
}

export interface InvoiceParts {
  taxes: InvoiceTaxRow[];
  customRates: CustomRateRow[];
  projects: ProjectRow[];
  entries: number;
  expenses: number;
}

export function invoice(base: string, i: InvoiceRow, parts: InvoiceParts): Invoice {
  const url = base + moneyPaths.invoice(i.id);
  const customization = JSON.parse(i.customization) as StoredCustomization;
  const money = (cents: number) => withCurrency(cents, customization.currency_symbol);
  return {
    id: i.id,
    state: i.state,
    reference: i.reference,
    invoice_date: i.invoice_date,
    project_name: i.project_name,
    company_name: i.company_name,
    company_details: i.company_details,
    recipient_details: i.recipient_details,
    description: i.description,
    footer: i.footer,
    show_hours_worked: bool(i.show_hours_worked),
    show_full_report: bool(i.show_full_report),
    show_user_summaries: bool(i.show_user_summaries),
    show_project_summaries: bool(i.show_project_summaries),
    show_project_name_for_expenses: bool(i.show_project_name_for_expenses),
    customization: { ...customization, created_at: i.created_at, updated_at: i.updated_at },
    rate_calculation: {
      calculation_method: i.calculation_method,
      standard_hourly_rate: i.standard_hourly_rate_cents === null ? null : centsToDecimal(i.standard_hourly_rate_cents),
      custom_hourly_rates: parts.customRates.map((r) => ({
        user: r.user_id,
        hourly_rate: centsToDecimal(r.hourly_rate_cents),
      })),
      flat_rate: i.flat_rate_cents === null ? null : centsToDecimal(i.flat_rate_cents),
    },
    taxes: parts.taxes.map((t) => ({
      id: t.id,
      name: t.name,
      percentage: thousandthsToDecimal(t.percentage_thousandths),
    })),
    taxable_amount: centsToDecimal(i.taxable_cents),
    taxfree_amount: centsToDecimal(i.taxfree_cents),
    tax_total_amount: centsToDecimal(i.tax_total_cents),
    total_amount: centsToDecimal(i.total_cents),
    taxable_amount_with_currency: money(i.taxable_cents),
    taxfree_amount_with_currency: money(i.taxfree_cents),
    tax_total_amount_with_currency: money(i.tax_total_cents),
    total_amount_with_currency: money(i.total_cents),
    // Decided: an invoice is made unpaid and the spec shows no way to pay it yet.
    payment: null,
    payment_transactions: [],
    projects: parts.projects.map((p) => projectRef(base, p)),
    entries: parts.entries,
    expenses: parts.expenses,
    entries_url: `${url}/entries`,
    expenses_url: `${url}/expenses`,
    // Decided: a link that carries the invoice's own unguessable token (sharing is not served yet).
    share_url: `${base}/invoices/shared/${i.share_token}`,
    url,
    created_at: i.created_at,
    updated_at: i.updated_at,
  };
}

export function webhook(base: string, w: SubscriptionRow, secret?: string): Webhook {
  const url = base + moneyPaths.webhook(w.id);
  return {
    id: w.id,
    name: w.name,
    state: w.state,
    events: JSON.parse(w.topics) as string[],
    payload_uri: w.payload_uri,
    url,
    add_events_url: `${url}/add_events`,
    remove_events_url: `${url}/remove_events`,
    reroll_secret_url: `${url}/reroll_secret`,
    enable_url: `${url}/enable`,
    disable_url: `${url}/disable`,
    ...(secret === undefined ? {} : { secret }),
  };
}

export function broadcastReceiver(base: string, r: SubscriptionRow, secret?: string): BroadcastReceiver {
  const url = base + moneyPaths.broadcastReceiver(r.id);
  return {
    id: r.id,
    name: r.name,
    state: r.state,
    subjects: JSON.parse(r.topics) as string[],
    payload_uri: r.payload_uri,
    url,
    add_subjects_url: `${url}/add_subjects`,
    remove_subjects_url: `${url}/remove_subjects`,
    reroll_secret_url: `${url}/reroll_secret`,
    enable_url: `${url}/enable`,
    disable_url: `${url}/disable`,
    ...(secret === undefined ? {} : { secret }),
  };
}
