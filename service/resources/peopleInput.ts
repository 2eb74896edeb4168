// Body arrays of ids for users and teams (project_ids, user_ids: "array of integers" in spec 001).
// Problems go into the request's Fields, so one 400 names every bad field. Decided, as for every
// id list: at most LIMITS.idList ids, each a whole number from 1; duplicates count once.
// (The same reader as http/idArray.ts of the projects area, written here so this area stands
// on its own; the two can become one.)
import { LIMITS, type Fields } from '../http/fields';

export function bodyIds(f: Fields, body: unknown, name: string, rule: { required?: boolean } = {}): number[] | undefined {
  const value = body && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined;
  if (value === undefined || value === null) {
    if (rule.required) f.fail(name, 'missing_field');
    return undefined;
  }
  if (!Array.isArray(value) || value.length > LIMITS.idList || !value.every((v) => Number.isSafeInteger(v) && (v as number) >= 1)) return f.fail(name);
  return [...new Set(value as number[])];
}
