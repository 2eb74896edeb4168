// The reference of a new invoice made without one (spec 001: "generated from earlier invoices").
// Decided: take the earlier reference that ends in the highest number, keep its prefix and the
// width of its number, and count one up ("INV-0041" -> "INV-0042", "9" -> "10"); with no earlier
// number, start at "1". References are unique per account, so a number already used (a reference
// given by hand) is skipped.
import type { Queryable } from '../storage/store';

const TRAILING_NUMBER = /^(.*?)(\d+)$/;

export async function nextInvoiceReference(db: Queryable, accountId: number): Promise<string> {
  const references = await db.column<string>(
    'SELECT reference FROM invoices WHERE account_id = ? ORDER BY id DESC',
    accountId,
  );
  let best: { prefix: string; digits: string; value: bigint } | null = null;
  for (const reference of references) {
    const m = TRAILING_NUMBER.exec(reference);
    if (!m) continue;
    const value = BigInt(m[2]!);
    if (!best || value > best.value) best = { prefix: m[1]!, digits: m[2]!, value };
  }
  const taken = new Set(references);
  const prefix = best?.prefix ?? '';
  let value = best ? best.value + 1n : 1n;
  const width = best?.digits.length ?? 1;
  let candidate = prefix + value.toString().padStart(width, '0');
  while (taken.has(candidate)) candidate = prefix + (++value).toString().padStart(width, '0');
  return candidate;
}
