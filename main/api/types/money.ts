// Expenses and invoices (spec 001 "Expenses", "Invoices").
import type { DateString, Entry } from '../../../wire/serviceTypes';
import type {
  CalculationMethod,
  Expense,
  Invoice,
  InvoiceCustomization,
  InvoiceFilters as ServiceInvoiceFilters,
  InvoiceLabel,
} from '../../../wire/serviceTypesMoney';
import type { EntryFilters, ExpenseFilters, Paged, WireMoney } from './lists';

/** The same fields, and the same required ones, for create and update (spec 001). */
export interface ExpenseInput {
  date: DateString;
  project_id: number;
  /** decimal, may be negative */
  price: number;
  /** default the authenticated user; on update, the expense's user */
  user_id?: number;
  /** default true */
  taxable?: boolean;
  description?: string | null;
}

/** The invoice list filters as the query string names them (spec 001). */
export type InvoiceFilters = Paged<WireMoney<ServiceInvoiceFilters, 'total_amount_from' | 'total_amount_to'>>;

/** Spec 001 "Invoice creation input". */
export interface InvoiceInput {
  invoice_date: DateString;
  /** generated from earlier invoices when absent */
  reference?: string;
  project_name?: string;
  company_name?: string;
  company_details?: string;
  recipient_details?: string;
  /** limited Markdown */
  description?: string;
  footer?: string;
  show_hours_worked?: boolean;
  show_full_report?: boolean;
  show_user_summaries?: boolean;
  show_project_summaries?: boolean;
  show_project_name_for_expenses?: boolean;
  entry_ids?: number[];
  expense_ids?: number[];
  taxes?: Array<{ percentage: number; name?: string }>;
  rate_calculation?: {
    calculation_method: CalculationMethod;
    /** required for flat_rate */
    flat_rate?: number;
    /** required for standard_hourly_rate and custom_hourly_rates (the fallback) */
    standard_hourly_rate?: number;
    /** used only for custom_hourly_rates */
    custom_hourly_rates?: Array<{ user_id: number; hourly_rate: number }>;
  };
  /** labels default to a previous invoice's for the same projects, else the spec's defaults */
  customization?: Partial<
    Record<InvoiceLabel, string> & Omit<InvoiceCustomization, InvoiceLabel | 'created_at' | 'updated_at'>
  >;
}

export interface ExpenseCalls {
  listExpenses(filters?: ExpenseFilters): AsyncIterable<Expense>;
  getExpense(id: number): Promise<Expense>;
  createExpense(input: ExpenseInput): Promise<Expense>;
  updateExpense(id: number, input: ExpenseInput): Promise<Expense>;
  deleteExpense(id: number): Promise<void>;
}

/**
 * Spec 001 shows only list, show and create (and names edit, mark as paid/unpaid, adding and
 * removing entries, expenses and taxes, and delete without their paths); an invoice's entries_url
 * and expenses_url are the lists below.
 */
export interface InvoiceCalls {
  listInvoices(filters?: InvoiceFilters): AsyncIterable<Invoice>;
  getInvoice(id: number): Promise<Invoice>;
  createInvoice(input: InvoiceInput): Promise<Invoice>;
  listInvoiceEntries(id: number, filters?: EntryFilters): AsyncIterable<Entry>;
  listInvoiceExpenses(id: number, filters?: ExpenseFilters): AsyncIterable<Expense>;
}
