// Wire shapes of the service's money and event resources (spec 001: Expense, Invoice, Webhook,
// Broadcast receiver), beside serviceTypes.ts so the areas built in parallel each own one file.
import type { DateString, InvoiceRef, ProjectRef, Timestamp, UserRef } from './serviceTypes';

export interface Expense {
  id: number;
  /** decimal, may be negative; no currency */
  price: number;
  description: string | null;
  taxable: boolean;
  date: DateString;
  project: ProjectRef;
  invoice: InvoiceRef | null;
  user: UserRef;
  /** /v2/expense/<id>, singular, as the spec shows it */
  url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The query filters of GET /v2/expenses (spec 001), combined; also of every "expense list filters" endpoint. */
export interface ExpenseFilters {
  user_ids?: number[];
  project_ids?: number[];
  invoice_ids?: number[];
  description?: string;
  from?: DateString;
  to?: DateString;
  /** cents, inclusive */
  price_from_cents?: number;
  price_to_cents?: number;
  taxable?: boolean;
  invoiced?: boolean;
}

export type CalculationMethod = 'standard_hourly_rate' | 'custom_hourly_rates' | 'flat_rate';
export const CALCULATION_METHODS: readonly CalculationMethod[] = [
  'standard_hourly_rate',
  'custom_hourly_rates',
  'flat_rate',
];

export type InvoiceState = 'unpaid' | 'awaiting_payment' | 'in_progress' | 'paid' | 'none';
export const INVOICE_STATES: readonly InvoiceState[] = ['unpaid', 'awaiting_payment', 'in_progress', 'paid', 'none'];

export interface RateCalculation {
  calculation_method: CalculationMethod;
  standard_hourly_rate: number | null;
  custom_hourly_rates: Array<{ user: number; hourly_rate: number }>;
  flat_rate: number | null;
}

export interface InvoiceTax {
  id: number;
  name: string | null;
  percentage: number;
}

/** The label fields of the customization, with the defaults spec 001 lists (and decided ones for the rest). */
export const INVOICE_LABEL_DEFAULTS = {
  title: 'Invoice',
  date: 'Date',
  project: 'Projects',
  reference: 'Invoice reference',
  total_due: 'Total amount due',
  summary: 'Summary',
  project_summary: 'Project summary',
  user_summary: 'People summary',
  no_project_name: 'No project',
  work_time: 'work time',
  no_tax: 'no tax',
  work_total: 'Total worked',
  total: 'TOTAL',
  report: 'Report',
  // Not listed by the spec's creation input; decided defaults in the same voice.
  taxable_total: 'Taxable total',
  tax_total: 'Tax total',
  taxfree_total: 'Tax-free total',
  total_report: 'Total reported',
} as const;

export type InvoiceLabel = keyof typeof INVOICE_LABEL_DEFAULTS;

export interface InvoiceCustomization extends Record<InvoiceLabel, string> {
  custom_html: string | null;
  currency_name: string;
  locale: string;
  currency_code: string;
  currency_symbol: string;
  allow_alpha_invoice: boolean;
  alpha_invoice_title: string | null;
  alpha_currency_code: string | null;
  alpha_address: string | null;
  allow_beta_connect_payment: boolean;
  beta_connect_payment_description: string | null;
  beta_connect_currency_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Invoice {
  id: number;
  state: InvoiceState;
  reference: string;
  invoice_date: DateString;
  project_name: string | null;
  company_name: string | null;
  company_details: string | null;
  recipient_details: string | null;
  description: string | null;
  footer: string | null;
  show_hours_worked: boolean;
  show_full_report: boolean;
  show_user_summaries: boolean;
  show_project_summaries: boolean;
  show_project_name_for_expenses: boolean;
  customization: InvoiceCustomization;
  rate_calculation: RateCalculation;
  taxes: InvoiceTax[];
  taxable_amount: number;
  taxfree_amount: number;
  tax_total_amount: number;
  total_amount: number;
  taxable_amount_with_currency: string;
  taxfree_amount_with_currency: string;
  tax_total_amount_with_currency: string;
  total_amount_with_currency: string;
  /** null until the invoice is paid */
  payment: { paid_at: Timestamp; reference: string | null; payment_method: string | null } | null;
  payment_transactions: Array<{
    created_at: Timestamp;
    description: string | null;
    payment_method: string | null;
    reference: string | null;
    invoice_state: string;
  }>;
  projects: ProjectRef[];
  entries: number;
  expenses: number;
  entries_url: string;
  expenses_url: string;
  share_url: string;
  url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The query filters of GET /v2/invoices (spec 001), combined. */
export interface InvoiceFilters {
  state?: InvoiceState;
  reference?: string;
  project_name?: string;
  recipient_details?: string;
  company_name?: string;
  company_details?: string;
  description?: string;
  footer?: string;
  currency_symbol?: string;
  invoice_date_from?: DateString;
  invoice_date_to?: DateString;
  total_amount_from_cents?: number;
  total_amount_to_cents?: number;
  project_ids?: number[];
  has_online_payment_details?: boolean;
  has_custom_html?: boolean;
  show_hours_worked?: boolean;
  show_full_report?: boolean;
  show_user_summaries?: boolean;
  show_project_summaries?: boolean;
  show_project_name_for_expenses?: boolean;
  locale?: string;
  currency_code?: string;
  rate_calculation?: CalculationMethod;
  updated_from?: Timestamp;
  updated_to?: Timestamp;
}

/** Spec 000 "Events": every event a webhook can subscribe to; '*' stands for all of them. */
export const WEBHOOK_EVENTS = [
  'entry.created',
  'entry.updated',
  'entry.deleted',
  'entry.updated.approved',
  'entry.updated.unapproved',
  'entry.updated.invoiced',
  'entry.updated.uninvoiced',
  'webhook.ping',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Spec 000 "Broadcasts": the one subject there is; '*' stands for all current and future ones. */
export const BROADCAST_SUBJECTS = ['timer'] as const;

export type SubscriptionState = 'enabled' | 'disabled';

export interface Webhook {
  id: number;
  name: string;
  state: SubscriptionState;
  events: string[];
  payload_uri: string;
  url: string;
  add_events_url: string;
  remove_events_url: string;
  reroll_secret_url: string;
  enable_url: string;
  disable_url: string;
  /** only in the answer to creation */
  secret?: string;
}

export interface BroadcastReceiver {
  id: number;
  name: string;
  state: SubscriptionState;
  subjects: string[];
  payload_uri: string;
  url: string;
  add_subjects_url: string;
  remove_subjects_url: string;
  reroll_secret_url: string;
  enable_url: string;
  disable_url: string;
  /** only in the answer to creation */
  secret?: string;
}
