// Exact money arithmetic (service/domain/money.ts) and invoice amounts (invoiceAmounts.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceAmounts, type AmountInput } from '../../../service/domain/invoiceAmounts';
import { divideRounded, parseCents, parsePercent, scaledDecimal, withCurrency } from '../../../service/domain/money';

describe('decimals', () => {
  it('reads numbers and decimal strings with at most the allowed places, exactly', () => {
    expect(scaledDecimal(12.5, 2)).toBe(1250);
    expect(scaledDecimal('12.50', 2)).toBe(1250);
    expect(scaledDecimal('-0.07', 2)).toBe(-7);
    expect(scaledDecimal(0.1 + 0.2, 2)).toBe(30);
    expect(scaledDecimal(-0, 2)).toBe(0);
    expect(scaledDecimal('-0', 2)).toBe(0);
    expect(scaledDecimal('8.875', 3)).toBe(8875);
    for (const bad of [10.125, '10.125', '1e3', '12,5', '', ' ', '.5', '5.', NaN, Infinity, 1e13, null, true, [1], {}])
      expect(scaledDecimal(bad, 2), String(bad)).toBeNull();
  });

  it('keeps money within a billion and percentages within 0 to 100', () => {
    expect(parseCents(1_000_000_000)).toBe(100_000_000_000);
    expect(parseCents(-1_000_000_000.01)).toBeNull();
    expect(parseCents(-1, { min: 0 })).toBeNull();
    expect(parsePercent(100)).toBe(100_000);
    expect(parsePercent(100.001)).toBeNull();
    expect(parsePercent(-0.001)).toBeNull();
  });

  it('any two-decimal value survives the round trip through a number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (cents) => {
        expect(parseCents(cents / 100)).toBe(cents);
        expect(parseCents((cents / 100).toFixed(2))).toBe(cents);
      }),
    );
  });

  it('divides rounding half away from zero', () => {
    expect([
      divideRounded(5, 2),
      divideRounded(-5, 2),
      divideRounded(4, 3),
      divideRounded(-4, 3),
      divideRounded(0, 7),
    ]).toEqual([3, -3, 1, -1, 0]);
  });

  it('writes amounts with the symbol, two decimals and thousands separators', () => {
    expect(withCurrency(0, '$')).toBe('$0.00');
    expect(withCurrency(5, '$')).toBe('$0.05');
    expect(withCurrency(-123456789, '€')).toBe('-€1,234,567.89');
    expect(withCurrency(100000, 'CHF ')).toBe('CHF 1,000.00');
  });
});

describe('invoice amounts', () => {
  const base: AmountInput = {
    rate: { method: 'standard_hourly_rate', standardCents: 8000, flatCents: null, customCents: new Map() },
    entries: [
      { user_id: 1, minutes: 90, billable: 1 },
      { user_id: 2, minutes: 30, billable: 1 },
      { user_id: 1, minutes: 60, billable: 0 },
    ],
    expenses: [
      { price_cents: 1250, taxable: 1 },
      { price_cents: 725, taxable: 0 },
    ],
    taxes: [19_000],
  };

  it('charges billable minutes at the rate, divides once, taxes the taxable part, adds the tax-free part', () => {
    // 120 min at 80.00 = 160.00; taxable 172.50; VAT 32.775 -> 32.78; total 172.50 + 7.25 + 32.78 = 212.53
    expect(invoiceAmounts(base)).toEqual({
      workCents: 16000,
      taxableCents: 17250,
      taxfreeCents: 725,
      taxCents: [3278],
      taxTotalCents: 3278,
      totalCents: 21253,
    });
  });

  it('rounds the work once, to the cent: three 1-minute entries at 0.01/h are 0.05 of a cent (0.00); 30 minutes are half a cent (0.01)', () => {
    const tiny = { ...base, expenses: [], taxes: [], rate: { ...base.rate, standardCents: 1 } };
    expect(
      invoiceAmounts({ ...tiny, entries: [1, 2, 3].map(() => ({ user_id: 1, minutes: 1, billable: 1 })) })!.workCents,
    ).toBe(0);
    expect(invoiceAmounts({ ...tiny, entries: [{ user_id: 1, minutes: 30, billable: 1 }] })!.workCents).toBe(1); // 0.5 cent rounds up
  });

  it("uses each user's custom rate and the standard one for the others; a flat rate ignores minutes", () => {
    const custom = {
      ...base,
      rate: {
        method: 'custom_hourly_rates' as const,
        standardCents: 8000,
        flatCents: null,
        customCents: new Map([[2, 12000]]),
      },
    };
    expect(invoiceAmounts(custom)!.workCents).toBe(12000 + 6000);
    const flat = {
      ...base,
      rate: { method: 'flat_rate' as const, standardCents: null, flatCents: 50000, customCents: new Map() },
    };
    expect(invoiceAmounts(flat)!.workCents).toBe(50000);
  });

  it('refuses amounts beyond what an invoice holds instead of losing precision', () => {
    const huge = {
      ...base,
      rate: { ...base.rate, standardCents: 100_000_000_000 },
      entries: [{ user_id: 1, minutes: 999_999_999, billable: 1 }],
    };
    expect(invoiceAmounts(huge)).toBeNull();
  });

  it('total is always taxable + tax-free + the sum of the taxes, each tax rounded on its own', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ price_cents: fc.integer({ min: -1_000_000, max: 1_000_000 }), taxable: fc.boolean() }), {
          maxLength: 5,
        }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 3 }),
        (expenses, taxes) => {
          const a = invoiceAmounts({ ...base, expenses, taxes })!;
          expect(a.totalCents).toBe(a.taxableCents + a.taxfreeCents + a.taxTotalCents);
          expect(a.taxTotalCents).toBe(a.taxCents.reduce((s, t) => s + t, 0));
          for (const [i, t] of a.taxCents.entries()) {
            expect(Math.abs(t - (a.taxableCents * taxes[i]!) / 100_000)).toBeLessThanOrEqual(0.5);
          }
        },
      ),
    );
  });
});
