// Exact money arithmetic. Amounts are integer cents, tax percentages integer thousandths of a
// percent; divisions round once, half away from zero, so a credit (negative amount) rounds like
// the same debit. The wire shows decimals (cents / 100).

/** Decided: the largest amount, rate or price accepted, in either direction (a billion). */
export const MAX_MONEY_CENTS = 100_000_000_000;
/** Decided: percentages from 0 to 100 with up to three decimals. */
export const MAX_PERCENT_THOUSANDTHS = 100_000;

const DECIMAL = (places: number) => new RegExp(`^(-?)(\\d{1,12})(?:\\.(\\d{1,${places}}))?$`);
const TWO_PLACES = DECIMAL(2);
const THREE_PLACES = DECIMAL(3);

/**
 * A decimal with at most `places` decimals, scaled to an integer (12.5 with 2 places -> 1250).
 * Accepts a JSON number or a decimal string ("12.50": many clients send decimals as strings).
 * A number is accepted when it is within float noise of such a decimal (0.1 + 0.2 is 0.30); one
 * that needs more places (10.125 as money) is refused, never rounded. null when not one.
 */
export function scaledDecimal(value: unknown, places: 2 | 3): number | null {
  const scale = places === 2 ? 100 : 1000;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > 1e12) return null;
    const scaled = Math.round(value * scale);
    return Math.abs(scaled - value * scale) < 1e-6 * Math.max(1, Math.abs(value)) ? scaled || 0 : null;
  }
  if (typeof value !== 'string') return null;
  const m = (places === 2 ? TWO_PLACES : THREE_PLACES).exec(value.trim());
  if (!m) return null;
  const magnitude = Number(m[2]) * scale + Number((m[3] ?? '').padEnd(places, '0'));
  return m[1] === '-' ? -magnitude || 0 : magnitude;
}

/** Cents of a money value in range, or null. */
export function parseCents(value: unknown, options: { min?: number; max?: number } = {}): number | null {
  const cents = scaledDecimal(value, 2);
  if (cents === null) return null;
  if (cents < (options.min ?? -MAX_MONEY_CENTS) || cents > (options.max ?? MAX_MONEY_CENTS)) return null;
  return cents;
}

/** Thousandths of a percentage from 0 to 100, or null. */
export function parsePercent(value: unknown): number | null {
  const thousandths = scaledDecimal(value, 3);
  return thousandths === null || thousandths < 0 || thousandths > MAX_PERCENT_THOUSANDTHS ? null : thousandths;
}

/** numerator / denominator rounded half away from zero; exact for integers below 2^53. */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const q = Math.floor(n / d);
  const r = n - q * d;
  return sign * (2 * r >= d ? q + 1 : q) || 0;
}

export const centsToDecimal = (cents: number) => cents / 100;
export const thousandthsToDecimal = (thousandths: number) => thousandths / 1000;

/**
 * An amount with its currency symbol, for the *_with_currency fields: the symbol before the
 * amount, two decimals, comma thousands separators, a minus sign first ("-$1,234.50"). Decided:
 * one deterministic form whatever the locale, since the spec shows none.
 */
export function withCurrency(cents: number, symbol: string): string {
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}${symbol}${units}.${String(abs % 100).padStart(2, '0')}`;
}
