// The attributes of a v1 entry (spec 002 "Entry attributes for create and update") read from a
// body: minutes (a time string), date, user, project-id / project_id, project-name /
// project_name, description, allow_hashtags.
import { LIMITS } from '../http/fields';
import type { V1Input } from './input';

export interface EntryInput {
  minutes?: number;
  date?: string;
  /** A user id, e-mail address or full name; absent = the token's user (create) or unchanged (update). */
  user?: string;
  /** undefined = not sent; null = sent empty (no project). */
  projectId?: number | null;
  projectName?: string | null;
  /** undefined = not sent (an update keeps the description and its tags). */
  description?: string | null;
  allowHashtags: boolean;
}

/** `creating`: minutes and date are required (spec 002); an update takes any of them. */
export function readEntryInput(input: V1Input, creating: boolean): EntryInput {
  return {
    minutes: input.minutes('minutes', { required: creating }),
    date: input.date('date', { required: creating }),
    user: input.userReference('user'),
    projectId: input.integer('project_id', { min: 1 }),
    projectName: input.text('project_name', { max: LIMITS.name }),
    description: input.text('description', { max: LIMITS.description }),
    allowHashtags: input.boolean('allow_hashtags') ?? false,
  };
}
