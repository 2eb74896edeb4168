// Body arrays of ids (project_ids, tag_ids): the spec writes them "array of integers". Read from
// the raw body because Fields keeps its source to itself; problems go into the same Fields, so
// one 400 still names every bad field. Decided: at most LIMITS.idList ids; duplicates count once.
import { LIMITS, type Fields } from './fields';

export function idArray(
  f: Fields,
  body: unknown,
  name: string,
  rule: { required?: boolean } = {},
): number[] | undefined {
  const value =
    body && typeof body === 'object' && !Array.isArray(body) && Object.hasOwn(body, name)
      ? (body as Record<string, unknown>)[name]
      : undefined;
  if (value === undefined || value === null) {
    if (rule.required) f.fail(name, 'missing_field');
    return undefined;
  }
  if (
    !Array.isArray(value) ||
    value.length > LIMITS.idList ||
    !value.every((v) => Number.isSafeInteger(v) && (v as number) >= 1)
  )
    return f.fail(name);
  return [...new Set(value as number[])];
}
