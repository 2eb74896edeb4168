// Readers of request input (JSON bodies and query strings) that collect every problem before
// anything is written, so a bad request changes nothing and names each bad field. Codes are the
// spec's standard ones: missing_field for a required field left out, and (decided, as the real
// service does) invalid for a value of the wrong type or form. Blank strings read as null
// (spec 000 conventions 3).
import type { ValidationErrorItem } from '../../wire/serviceTypes';
import { isDate, parseTimestamp } from '../time';
import { notFound, validationFailed } from './errors';

// Decided (the spec states no sizes): names up to 255 characters, descriptions 10,000, URLs 2048,
// id lists 1000 ids, minutes up to 999,999 (about 694 days); longer input is refused, not cut.
export const LIMITS = { name: 255, description: 10_000, url: 2048, idList: 1000, minutes: 999_999 } as const;

interface Rule {
  required?: boolean;
}

export class Fields {
  readonly errors: ValidationErrorItem[] = [];
  private readonly source: Record<string, unknown>;

  /** kind 'query' reads strings and parses them; kind 'body' wants JSON types as they are. */
  constructor(
    source: unknown,
    private readonly resource: string,
    private readonly kind: 'body' | 'query',
  ) {
    this.source = source && typeof source === 'object' ? (source as Record<string, unknown>) : {};
  }

  has(name: string): boolean {
    return Object.hasOwn(this.source, name) && this.source[name] !== undefined;
  }

  fail(field: string, code = 'invalid'): undefined {
    this.errors.push({ resource: this.resource, field, code });
    return undefined;
  }

  private raw(name: string, rule: Rule): unknown {
    const value = this.has(name) ? this.source[name] : undefined;
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (rule.required) this.fail(name, 'missing_field');
      return value === undefined ? undefined : null;
    }
    if (this.kind === 'query' && typeof value !== 'string') return this.fail(name); // a repeated parameter
    return value;
  }

  /** Text trimmed; null when blank; undefined when absent. */
  text(name: string, rule: Rule & { max?: number } = {}): string | null | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return value as null | undefined;
    if (typeof value !== 'string') return this.fail(name);
    const text = value.trim();
    if (text.length > (rule.max ?? LIMITS.description)) return this.fail(name);
    return text;
  }

  integer(name: string, rule: Rule & { min?: number; max?: number } = {}): number | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return undefined;
    const n = this.kind === 'query' ? (/^-?\d{1,15}$/.test(value as string) ? Number(value) : NaN) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) return this.fail(name);
    if (n < (rule.min ?? Number.MIN_SAFE_INTEGER) || n > (rule.max ?? Number.MAX_SAFE_INTEGER)) return this.fail(name);
    return n;
  }

  /** An id field: a positive integer, or null when sent blank or null. */
  id(name: string, rule: Rule = {}): number | null | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return value as null | undefined;
    return this.integer(name, { min: 1 });
  }

  boolean(name: string, rule: Rule = {}): boolean | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return undefined;
    if (this.kind === 'query') {
      if (value === 'true') return true;
      if (value === 'false') return false;
      return this.fail(name);
    }
    return typeof value === 'boolean' ? value : this.fail(name);
  }

  date(name: string, rule: Rule = {}): string | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return undefined;
    return typeof value === 'string' && isDate(value) ? value : this.fail(name);
  }

  timestamp(name: string, rule: Rule = {}): string | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return undefined;
    return (typeof value === 'string' && parseTimestamp(value)) || this.fail(name);
  }

  oneOf<T extends string | number>(name: string, values: readonly T[], rule: Rule = {}): T | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return undefined;
    const candidate = this.kind === 'query' && typeof values[0] === 'number' ? Number(value) : value;
    return values.includes(candidate as T) ? (candidate as T) : this.fail(name);
  }

  /** Query lists of ids written "1,2,3". */
  ids(name: string): number[] | undefined {
    const value = this.raw(name, {});
    if (value === undefined || value === null) return undefined;
    const parts = String(value)
      .split(',')
      .map((s) => s.trim());
    if (parts.length > LIMITS.idList || !parts.every((p) => /^\d{1,15}$/.test(p) && Number(p) >= 1))
      return this.fail(name);
    return parts.map(Number);
  }

  /** Body arrays of strings. */
  strings(name: string, rule: Rule = {}): string[] | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return this.fail(name);
    return value as string[];
  }

  /** Marks every field sent that is not one of `names` with `code`, in the order sent. */
  onlyThese(names: readonly string[], code: string): void {
    for (const name of Object.keys(this.source)) if (!names.includes(name)) this.fail(name, code);
  }

  /** Throws the 400 naming every bad field, if there was any. */
  check(): void {
    if (this.errors.length) throw validationFailed(this.errors);
  }
}

export const bodyOf = (body: unknown, resource: string) => new Fields(body, resource, 'body');
export const queryOf = (query: unknown, resource: string) => new Fields(query, resource, 'query');

/** A numeric id in the path; anything else names no resource (decided: 404, not 400). */
export function pathId(value: unknown, what: string): number {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : 0;
  if (n < 1) throw notFound(`${what} not found`);
  return n;
}
