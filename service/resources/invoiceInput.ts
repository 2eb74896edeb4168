// The body of POST /v2/invoices (spec 001 "Invoice creation input"), read whole before anything is
// written: every bad field, nested ones included, is named in one 400 (nested ones as
// `rate_calculation.flat_rate`, `taxes.percentage`, `customization.title`).
//
// Decided where the spec is silent:
// - Text sizes: reference, names and labels up to 255 characters; details, description, footer and
//   custom_html up to 10,000; at most 100 taxes and 1000 custom rates, entry_ids and expense_ids.
// - Rates and the flat rate are money (at most two decimals) from 0; percentages from 0 to 100
//   with up to three decimals.
// - rate_calculation may be left out when no entries are invoiced (an invoice of expenses alone);
//   it is then standard_hourly_rate at 0. With entries it is required.
// - customization takes the labels, custom_html, currency_name, currency_code (ISO 4217, three
//   letters), currency_symbol (up to 10 characters), locale (a BCP 47 tag such as en-US) and the
//   online-payment settings. A label sent blank takes its default.
import { CALCULATION_METHODS, type CalculationMethod } from '../../wire/serviceTypesMoney';
import { LABELS, type StoredCustomization } from '../domain/invoiceCustomization';
import type { InvoiceText } from '../domain/invoices';
import { LIMITS, type Fields } from '../http/fields';
import { nestedFields, readCents, readIdArray, readObject, readObjects, readPercent } from '../http/moneyFields';

export const MAX_TAXES = 100;

export interface RateChoice {
  method: CalculationMethod;
  standardCents: number | null;
  flatCents: number | null;
  customRates: Array<{ userId: number; cents: number }>;
}

export interface InvoiceInput {
  /** without reference, which may be absent */
  text: Omit<InvoiceText, 'reference'> & { reference: string | undefined };
  entryIds: number[];
  expenseIds: number[];
  taxes: Array<{ name: string | null; thousandths: number }>;
  /** undefined when not sent */
  rate: RateChoice | undefined;
  customization: Partial<StoredCustomization>;
}

const LOCALE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const CURRENCY = /^[A-Za-z]{3}$/;

function readRate(f: Fields, body: unknown): RateChoice | undefined {
  const source = readObject(f, body, 'rate_calculation');
  if (!source) return undefined;
  const r = nestedFields(f, source, 'rate_calculation');
  const method = r.oneOf('calculation_method', CALCULATION_METHODS, { required: true });
  const standardCents = readCents(r, source, 'standard_hourly_rate', {
    required: method === 'standard_hourly_rate' || method === 'custom_hourly_rates',
    min: 0,
  });
  const flatCents = readCents(r, source, 'flat_rate', { required: method === 'flat_rate', min: 0 });
  const customRates: RateChoice['customRates'] = [];
  const list = readObjects(r, source, 'custom_hourly_rates');
  for (const item of list ?? []) {
    const c = nestedFields(f, item, 'rate_calculation.custom_hourly_rates');
    const userId = c.id('user_id', { required: true });
    const cents = readCents(c, item, 'hourly_rate', { required: true, min: 0 });
    if (typeof userId === 'number' && cents !== undefined) {
      if (customRates.some((x) => x.userId === userId))
        c.fail('user_id'); // one rate per user
      else customRates.push({ userId, cents });
    }
  }
  if (!method) return undefined;
  return {
    method,
    standardCents: method === 'flat_rate' ? (standardCents ?? null) : (standardCents ?? 0),
    flatCents: method === 'flat_rate' ? (flatCents ?? 0) : null,
    // Custom rates count only for custom_hourly_rates (spec 001); elsewhere they are not kept.
    customRates: method === 'custom_hourly_rates' ? customRates : [],
  };
}

function readTaxes(f: Fields, body: unknown): InvoiceInput['taxes'] {
  const taxes: InvoiceInput['taxes'] = [];
  for (const item of readObjects(f, body, 'taxes', MAX_TAXES) ?? []) {
    const t = nestedFields(f, item, 'taxes');
    const thousandths = readPercent(t, item, 'percentage', { required: true });
    const name = t.text('name', { max: LIMITS.name }) ?? null;
    if (thousandths !== undefined) taxes.push({ name, thousandths });
  }
  return taxes;
}

function readCustomization(f: Fields, body: unknown): Partial<StoredCustomization> {
  const source = readObject(f, body, 'customization');
  if (!source) return {};
  const c = nestedFields(f, source, 'customization');
  const given: Partial<Record<keyof StoredCustomization, unknown>> = {};
  for (const label of [...LABELS, 'currency_name'] as const) {
    const text = c.text(label, { max: LIMITS.name });
    if (text) given[label] = text; // blank or null: the default
  }
  const html = c.text('custom_html', { max: LIMITS.description });
  if (html !== undefined) given.custom_html = html;
  const locale = c.text('locale', { max: 35 });
  if (locale) given.locale = LOCALE.test(locale) ? locale : c.fail('locale');
  const code = c.text('currency_code', { max: 3 });
  if (code) given.currency_code = CURRENCY.test(code) ? code.toUpperCase() : c.fail('currency_code');
  const symbol = c.text('currency_symbol', { max: 10 });
  if (symbol) given.currency_symbol = symbol;
  for (const flag of ['allow_alpha_invoice', 'allow_beta_connect_payment'] as const) {
    const value = c.boolean(flag);
    if (value !== undefined) given[flag] = value;
  }
  for (const setting of [
    'alpha_invoice_title',
    'alpha_currency_code',
    'alpha_address',
    'beta_connect_payment_description',
    'beta_connect_currency_code',
  ] as const) {
    const value = c.text(setting, { max: LIMITS.name });
    if (value !== undefined) given[setting] = value;
  }
  return given as Partial<StoredCustomization>;
}

/** Reads the whole body; throws the 400 naming every bad field. */
export function readInvoiceInput(f: Fields, body: unknown): InvoiceInput {
  const long = { max: LIMITS.description };
  const short = { max: LIMITS.name };
  const text: InvoiceInput['text'] = {
    invoice_date: f.date('invoice_date', { required: true })!,
    reference: f.text('reference', short) ?? undefined,
    project_name: f.text('project_name', short) ?? null,
    company_name: f.text('company_name', short) ?? null,
    company_details: f.text('company_details', long) ?? null,
    recipient_details: f.text('recipient_details', long) ?? null,
    description: f.text('description', long) ?? null,
    footer: f.text('footer', long) ?? null,
    show_hours_worked: f.boolean('show_hours_worked') ?? true,
    show_full_report: f.boolean('show_full_report') ?? false,
    show_user_summaries: f.boolean('show_user_summaries') ?? false,
    show_project_summaries: f.boolean('show_project_summaries') ?? false,
    show_project_name_for_expenses: f.boolean('show_project_name_for_expenses') ?? false,
  };
  const input: InvoiceInput = {
    text,
    entryIds: readIdArray(f, body, 'entry_ids') ?? [],
    expenseIds: readIdArray(f, body, 'expense_ids') ?? [],
    taxes: readTaxes(f, body),
    rate: readRate(f, body),
    customization: readCustomization(f, body),
  };
  if (input.entryIds.length > 0 && !input.rate && !f.errors.some((e) => e.field.startsWith('rate_calculation')))
    f.fail('rate_calculation', 'missing_field');
  f.check();
  return input;
}
