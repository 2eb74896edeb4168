// Readers for the inputs of the money and event resources that http/fields.ts has no reader
// for: decimals (money, percentages), arrays of ids, nested objects. They report into the same
// Fields, so one request still answers every bad field at once and writes nothing.
import { parseCents, parsePercent } from '../domain/money';
import { Fields, LIMITS } from './fields';

interface Rule {
  required?: boolean;
}

function ownValue(source: unknown, name: string): unknown {
  if (!source || typeof source !== 'object' || !Object.hasOwn(source, name)) return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/** Absent or null (blank) counts as not given; a required one is then missing_field. */
function given(f: Fields, source: unknown, name: string, rule: Rule): unknown {
  const value = ownValue(source, name);
  if (value === undefined || value === null) {
    if (rule.required) f.fail(name, 'missing_field');
    return undefined;
  }
  return value;
}

/** A money value in cents (JSON number or decimal string, at most two decimals). */
export function readCents(
  f: Fields,
  source: unknown,
  name: string,
  rule: Rule & { min?: number } = {},
): number | undefined {
  const value = given(f, source, name, rule);
  if (value === undefined) return undefined;
  return parseCents(value, { min: rule.min }) ?? f.fail(name);
}

/** A percentage in thousandths (0 to 100, at most three decimals). */
export function readPercent(f: Fields, source: unknown, name: string, rule: Rule = {}): number | undefined {
  const value = given(f, source, name, rule);
  if (value === undefined) return undefined;
  return parsePercent(value) ?? f.fail(name);
}

/** A JSON array of positive integer ids, up to LIMITS.idList; duplicates are kept once. */
export function readIdArray(f: Fields, source: unknown, name: string, rule: Rule = {}): number[] | undefined {
  const value = given(f, source, name, rule);
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > LIMITS.idList || !value.every((v) => Number.isSafeInteger(v) && v >= 1))
    return f.fail(name);
  return [...new Set(value as number[])];
}

/** A JSON object (the source of a nested Fields), or undefined when absent or refused. */
export function readObject(
  f: Fields,
  source: unknown,
  name: string,
  rule: Rule = {},
): Record<string, unknown> | undefined {
  const value = given(f, source, name, rule);
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) return f.fail(name);
  return value as Record<string, unknown>;
}

/** A JSON array of objects, up to `max` items. */
export function readObjects(
  f: Fields,
  source: unknown,
  name: string,
  max: number = LIMITS.idList,
): Record<string, unknown>[] | undefined {
  const value = given(f, source, name, {});
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    value.length > max ||
    !value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))
  )
    return f.fail(name);
  return value as Record<string, unknown>[];
}

/** Fields of a nested object whose problems are reported as `<prefix>.<field>` in the parent. */
export function nestedFields(parent: Fields, source: unknown, prefix: string): Fields {
  const nested = new Fields(source, '', 'body');
  // Report straight into the parent's list, renamed, so check() on the parent sees them.
  nested.fail = (field: string, code = 'invalid') => parent.fail(`${prefix}.${field}`, code);
  return nested;
}
