// Which input each entry of an import's answer belongs to. The service answers the created
// entries in the order of the body, leaving out the ones it skipped: spec 002 skips an entry whose
// user is missing or inactive and makes the others. Only an input that names a `user` can be
// skipped (without one, the entry is the token's user's, who is active, or the request would have
// been refused), and every created entry carries the date and minutes it was given (an import
// stores minutes as given), so the answer is matched to the inputs in one pass.
//
// Limit: when an input whose user was skipped is followed by one with the same date and minutes
// whose user is not given as an id, the first is taken for the created one. Callers that need
// certainty name users by id or leave `user` out.
import type { LegacyEntryInput, LegacyImportedEntry } from './types';

const matches = (input: LegacyEntryInput, entry: LegacyImportedEntry) =>
  entry.date === input.date &&
  entry.minutes === input.minutes &&
  (!isId(input.user) || entry['user-id'] === Number(input.user));

const isId = (user: LegacyEntryInput['user']) =>
  typeof user === 'number' || (typeof user === 'string' && /^\d+$/.test(user.trim()));

/** The created entry of each input in order, null for a skipped one; null overall when the answer cannot be matched. */
export function alignImported(
  inputs: readonly LegacyEntryInput[],
  created: readonly LegacyImportedEntry[],
): Array<LegacyImportedEntry | null> | null {
  if (created.length === inputs.length) return [...created];
  const out: Array<LegacyImportedEntry | null> = [];
  let next = 0;
  for (const input of inputs) {
    const entry = created[next];
    if (entry && matches(input, entry)) {
      out.push(entry);
      next++;
    } else if (input.user !== undefined) {
      out.push(null);
    } else {
      return null;
    }
  }
  return next === created.length ? out : null;
}
