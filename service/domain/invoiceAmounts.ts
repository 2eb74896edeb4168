// The amounts of an invoice (spec 001 Invoice: taxable_amount, taxfree_amount, tax_total_amount,
// total_amount), computed in integer cents with BigInt so no sum of many entries loses a cent.
//
// Decided where the spec is silent:
// - Work: standard_hourly_rate charges the billable minutes at the rate; custom_hourly_rates
//   charges each user's billable minutes at their rate, the standard rate for users without one;
//   flat_rate charges the flat rate however many minutes there are. The sum is divided by 60 once
//   and rounded half away from zero to the cent.
// - Unbillable entries (their project or a tag unbillable) may be put on an invoice and are
//   locked with it, but are charged nothing.
// - Work is taxable; an expense is taxable when its taxable flag says so. Negative prices are
//   credits and lower the amounts.
// - Each tax is taxable_amount × percentage, rounded to the cent on its own (an invoice shows one
//   line per tax); tax_total_amount is their sum; total = taxable + taxfree + tax total.
import type { CalculationMethod } from '../../wire/serviceTypesMoney';

export interface RateInput {
  method: CalculationMethod;
  standardCents: number | null;
  flatCents: number | null;
  /** user id -> hourly rate in cents */
  customCents: Map<number, number>;
}

export interface AmountInput {
  rate: RateInput;
  entries: Array<{ user_id: number; minutes: number; billable: number | boolean }>;
  expenses: Array<{ price_cents: number; taxable: number | boolean }>;
  /** thousandths of a percent, per tax in order */
  taxes: number[];
}

export interface Amounts {
  workCents: number;
  taxableCents: number;
  taxfreeCents: number;
  /** per tax, in the order given */
  taxCents: number[];
  taxTotalCents: number;
  totalCents: number;
}

/** Decided: an invoice above ten trillion cents (a hundred billion in the currency) is refused. */
export const MAX_INVOICE_CENTS = 10_000_000_000_000n;

/** a / b rounded half away from zero. */
function divide(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const n = a < 0n ? -a : a;
  const d = b < 0n ? -b : b;
  const q = n / d;
  const rounded = 2n * (n % d) >= d ? q + 1n : q;
  return negative ? -rounded : rounded;
}

function work(input: AmountInput): bigint {
  const { rate } = input;
  if (rate.method === 'flat_rate') return BigInt(rate.flatCents ?? 0);
  let minuteCents = 0n;
  for (const e of input.entries) {
    if (!e.billable) continue;
    const perHour =
      rate.method === 'custom_hourly_rates'
        ? (rate.customCents.get(e.user_id) ?? rate.standardCents ?? 0)
        : (rate.standardCents ?? 0);
    minuteCents += BigInt(e.minutes) * BigInt(perHour);
  }
  return divide(minuteCents, 60n);
}

/** The amounts, or null when one of them is beyond MAX_INVOICE_CENTS. */
export function invoiceAmounts(input: AmountInput): Amounts | null {
  const workCents = work(input);
  let taxable = workCents;
  let taxfree = 0n;
  for (const x of input.expenses) {
    if (x.taxable) taxable += BigInt(x.price_cents);
    else taxfree += BigInt(x.price_cents);
  }
  const taxes = input.taxes.map((thousandths) => divide(taxable * BigInt(thousandths), 100_000n));
  const taxTotal = taxes.reduce((sum, t) => sum + t, 0n);
  const total = taxable + taxfree + taxTotal;
  const all = [workCents, taxable, taxfree, taxTotal, total];
  if (all.some((v) => v > MAX_INVOICE_CENTS || v < -MAX_INVOICE_CENTS)) return null;
  return {
    workCents: Number(workCents),
    taxableCents: Number(taxable),
    taxfreeCents: Number(taxfree),
    taxCents: taxes.map(Number),
    taxTotalCents: Number(taxTotal),
    totalCents: Number(total),
  };
}
