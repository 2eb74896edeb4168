// The client's inputs written as v1 attributes (spec 002). Keys: JSON writes project-id,
// project-name, budget-minutes and color-hex with hyphens, XML with underscores (the service
// refuses the other spelling). Minutes go out as the time string H:MM, the form spec 002
// recommends for clients that parse their own input: it means the same to every parser, where a
// bare "5" would be 5 hours.
import { formatMinutes } from '../../../common/format';
import { ApiError } from '../errors';
import type { LegacyEntryInput, LegacyEntryOptions, LegacyProjectInput, LegacyUserInput } from './types';

export type Format = 'json' | 'xml';
type Value = string | number | boolean | null | undefined;

const key = (name: string, format: Format) => (format === 'json' ? name.replace(/_/g, '-') : name);

/** A refusal of the client's own input, before anything is sent. */
export const badInput = (message: string, method = '', url = '') =>
  new ApiError({ kind: 'validation', message, method, url });

export function minutesText(minutes: number, where = 'minutes'): string {
  if (!Number.isSafeInteger(minutes) || minutes < 0)
    throw badInput(`${where} must be a whole number of minutes, 0 or more, not ${String(minutes)}`);
  return formatMinutes(minutes);
}

/** The attributes of an entry; absent inputs are left out (an update keeps them). */
export function entryAttributes(
  input: Partial<LegacyEntryInput>,
  options: LegacyEntryOptions,
  format: Format,
  where = 'minutes',
): Record<string, Value> {
  return {
    minutes: input.minutes === undefined ? undefined : minutesText(input.minutes, where),
    date: input.date,
    user: input.user === undefined ? undefined : String(input.user),
    [key('project_id', format)]: input.projectId,
    [key('project_name', format)]: input.projectName,
    description: input.description,
    allow_hashtags: options.allowHashtags ? true : undefined,
  };
}

export function projectAttributes(input: LegacyProjectInput): Record<string, Value> {
  return {
    name: input.name,
    group_name: input.groupName,
    billable: input.billable,
    'budget-minutes': input.budgetMinutes,
    'color-hex': input.colorHex,
  };
}

export function userAttributes(input: LegacyUserInput): Record<string, Value> {
  return { first_name: input.firstName, last_name: input.lastName, email: input.email };
}

/** For XML, where every value is text: null as empty (the service reads blank as null), undefined left out. */
export function asText(attributes: Record<string, Value>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(attributes).map(([k, v]) => [k, v === undefined ? undefined : v === null ? '' : String(v)]),
  );
}
