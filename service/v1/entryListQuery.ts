// The query of GET /api/entries (spec 002): per_page (1 to 1000, default 100), page (decided:
// spec 000's page parameter, from 1), search[people] and search[projects] (comma-separated ids),
// search[tags] (tag ids or names, mixable; several tags combine with AND), search[from],
// search[to] (dates) and search[billable] (true or false). A bad value answers 422.
//
// Decided for search[tags]: a piece of digits is the id of a tag of the account if there is one,
// else a name (a classic tag may be called "2024"); a name is compared without ASCII letter
// case; a tag that does not exist matches no entry (AND with nothing).
import type { ValidationErrorItem } from '../../wire/serviceTypes';
import type { EntryFilters } from '../domain/entries';
import { findTagByName, getTag } from '../domain/tags';
import { LIMITS } from '../http/fields';
import type { Page } from '../http/pagination';
import type { Queryable } from '../storage/store';
import { isDate } from '../time';
import { invalid } from './errors';

export const V1_PER_PAGE = 100;
export const V1_MAX_PER_PAGE = 1000;

export async function readEntryListQuery(
  db: Queryable,
  accountId: number,
  query: Record<string, unknown>,
): Promise<{ filters: EntryFilters; page: Page }> {
  const errors: ValidationErrorItem[] = [];
  const messages: string[] = [];
  const fail = (field: string, message: string) => {
    errors.push({ resource: 'Entry', field, code: 'invalid' });
    messages.push(`${field} ${message}`);
    return undefined;
  };
  const text = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') return fail(name, 'is given more than once');
    return value.trim();
  };
  const whole = (name: string, min: number, max: number, fallback: number) => {
    const value = text(name);
    if (value === undefined) return fallback;
    const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    return n >= min && n <= max ? n : (fail(name, `must be a whole number from ${min} to ${max}`) ?? fallback);
  };
  const ids = (name: string) => {
    const value = text(name);
    if (value === undefined) return undefined;
    const parts = value.split(',').map((p) => p.trim());
    if (parts.length > LIMITS.idList || !parts.every((p) => /^\d{1,15}$/.test(p) && Number(p) >= 1))
      return fail(name, 'must be ids separated by commas');
    return parts.map(Number);
  };
  const date = (name: string) => {
    const value = text(name);
    if (value === undefined) return undefined;
    return isDate(value) ? value : fail(name, 'must be a date written YYYY-MM-DD');
  };
  const tagIds = async () => {
    const value = text('search[tags]');
    if (value === undefined) return undefined;
    const parts = value
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length === 0 || parts.length > LIMITS.idList)
      return fail('search[tags]', 'must be tag ids or names separated by commas');
    // Id 0 names no tag: an unknown tag leaves the AND unmatched.
    const found: number[] = [];
    for (const p of parts)
      found.push(
        /^\d{1,15}$/.test(p) && (await getTag(db, accountId, Number(p)))
          ? Number(p)
          : ((await findTagByName(db, accountId, p))?.id ?? 0),
      );
    return found;
  };
  const billable = () => {
    const value = text('search[billable]');
    if (value === undefined) return undefined;
    if (value === 'true' || value === 'false') return value === 'true';
    return fail('search[billable]', 'must be true or false');
  };

  const perPage = whole('per_page', 1, V1_MAX_PER_PAGE, V1_PER_PAGE);
  const page = whole('page', 1, 999_999_999, 1);
  const filters: EntryFilters = {
    user_ids: ids('search[people]'),
    project_ids: ids('search[projects]'),
    tag_ids: await tagIds(),
    from: date('search[from]'),
    to: date('search[to]'),
    billable: billable(),
  };
  if (errors.length) throw invalid(`Invalid data: ${messages.join('; ')}`, errors);
  return { filters, page: { page, perPage, offset: (page - 1) * perPage } };
}
