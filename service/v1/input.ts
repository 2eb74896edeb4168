// Readers of v1 attributes that collect every problem before anything is written, so a bad
// request changes nothing and names each bad field (as http/fields.ts does for v2).
//
// Key spelling (spec 002 "Format"): JSON writes project-id and project-name with hyphens, XML
// with underscores; the same holds (decided) for the other compound keys the spec writes with
// hyphens, budget-minutes and color-hex. Every other key is written alike in both. A key spelled
// the other format's way is refused with the right spelling named, rather than ignored: a
// client whose project-id is silently dropped would log time in no project.
//
// Values: JSON sends its own types or strings; XML sends strings. Decided: an integer may be a
// JSON number or a string of digits, a boolean true/false or "true"/"false". A value of another
// type is a wrong data type (spec 002: 400 on project update, else 422 like any invalid data).
import type { ValidationErrorItem } from '../../wire/serviceTypes';
import { LIMITS } from '../http/fields';
import { isDate } from '../time';
import type { Attributes } from './body';
import { invalid, V1Error } from './errors';
import type { Format } from './format';
import { parseV1Minutes } from './minutes';

const HYPHENATED = new Set(['project_id', 'project_name', 'budget_minutes', 'color_hex']);

interface Rule {
  required?: boolean;
}

export class V1Input {
  readonly errors: ValidationErrorItem[] = [];
  private readonly messages: string[] = [];
  private wrongType = false;

  /** `prefix` names the item in a list ("entries[2]."), for import. */
  constructor(
    private readonly source: Attributes,
    private readonly format: Format,
    private readonly resource: string,
    private readonly prefix = '',
  ) {}

  /** The key as this format spells it. */
  key(name: string): string {
    return this.format === 'json' && HYPHENATED.has(name) ? name.replace(/_/g, '-') : name;
  }

  fail(name: string, code: string, message: string): undefined {
    this.errors.push({ resource: this.resource, field: this.prefix + this.key(name), code });
    this.messages.push(`${this.prefix}${this.key(name)} ${message}`);
    return undefined;
  }

  private typeFail(name: string, expected: string): undefined {
    this.wrongType = true;
    return this.fail(name, 'invalid', `must be ${expected}`);
  }

  /** Whether the attribute was sent at all (null and blank included). */
  has(name: string): boolean {
    return Object.hasOwn(this.source, this.key(name));
  }

  /** The value as sent; undefined when absent, null when null or blank. */
  private raw(name: string, rule: Rule): unknown {
    const key = this.key(name);
    if (HYPHENATED.has(name)) {
      const other = this.format === 'json' ? name : name.replace(/_/g, '-');
      if (Object.hasOwn(this.source, other))
        this.fail(name, 'invalid', `is written "${key}" in ${this.format === 'json' ? 'JSON' : 'XML'}, not "${other}"`);
    }
    const value = Object.hasOwn(this.source, key) ? this.source[key] : undefined;
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (rule.required) this.fail(name, 'missing_field', 'is required');
      return value === undefined ? undefined : null;
    }
    return value;
  }

  text(name: string, rule: Rule & { max?: number } = {}): string | null | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return value as null | undefined;
    if (typeof value !== 'string') return this.typeFail(name, 'a string');
    const text = value.trim();
    const max = rule.max ?? LIMITS.description;
    if (text.length > max) return this.fail(name, 'invalid', `is longer than ${max} characters`);
    return text;
  }

  integer(name: string, rule: Rule & { min?: number; max?: number } = {}): number | null | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return value as null | undefined;
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())
          ? Number(value)
          : NaN;
    if (!Number.isSafeInteger(n)) return this.typeFail(name, 'a whole number');
    const [min, max] = [rule.min ?? Number.MIN_SAFE_INTEGER, rule.max ?? Number.MAX_SAFE_INTEGER];
    if (n < min || n > max) return this.fail(name, 'invalid', `must be from ${min} to ${max}`);
    return n;
  }

  boolean(name: string, rule: Rule = {}): boolean | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return undefined;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    return this.typeFail(name, 'true or false');
  }

  date(name: string, rule: Rule = {}): string | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') return this.typeFail(name, 'a date written YYYY-MM-DD');
    return isDate(value.trim()) ? value.trim() : this.fail(name, 'invalid', 'must be a date written YYYY-MM-DD');
  }

  /** A time string (v1/minutes.ts) as whole minutes. */
  minutes(name: string, rule: Rule = {}): number | undefined {
    const value = this.raw(name, rule);
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number')
      return this.typeFail(name, 'a time such as 1:30, 1.5, 90m or 1h 30m');
    const parsed = parseV1Minutes(value);
    return parsed.ok
      ? parsed.minutes
      : this.fail(name, 'invalid', `"${String(value).trim()}" was not read: ${parsed.message}`);
  }

  /** A reference to a user: an id (number or digits), an e-mail address or a full name. */
  userReference(name: string): string | undefined {
    const value = this.raw(name, {});
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
    if (typeof value !== 'string') return this.typeFail(name, 'a user id, e-mail address or full name');
    if (value.length > LIMITS.name) return this.fail(name, 'invalid', `is longer than ${LIMITS.name} characters`);
    return value.trim();
  }

  /** Refuses the attribute outright (for example a password, which v1 cannot set). */
  refuse(name: string, message: string): void {
    if (this.has(name)) this.fail(name, 'invalid', message);
  }

  get problems(): { errors: ValidationErrorItem[]; message: string; wrongType: boolean } {
    return { errors: this.errors, message: this.messages.join('; '), wrongType: this.wrongType };
  }

  /** Throws the 422 naming every bad field (400 if asked for wrong data types: spec 002, project update). */
  check(wrongTypeStatus = 422): void {
    if (this.errors.length === 0) return;
    const status = this.wrongType ? wrongTypeStatus : 422;
    throw status === 422
      ? invalid(`Invalid data: ${this.messages.join('; ')}`, this.errors)
      : new V1Error(status, `Wrong data type: ${this.messages.join('; ')}`, this.errors);
  }
}
