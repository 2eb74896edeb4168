// The one rule for a project name typed where an entry is made or changed (quick entry, the entry
// editor, the Not-saved editor): a known project is used; a new name is accepted, and the service
// creates that project; a name longer than the service takes is refused at the field; a new name
// within a couple of typos of a known one is flagged ("Did you mean Remote?") before anything is
// created, since "Remtoe" is far more often a slip than a wish for a second project.

import type { MessageRef } from './result';

/** The service's longest project name (service/http/fields.ts LIMITS.name: 255 characters). */
export const MAX_PROJECT_NAME = 255;

/** Edits (insert, delete, change, swap two neighbours) that still read as a slip of the fingers. */
const TYPO_DISTANCE = 2;

export type ProjectNameCheck =
  | { ok: true; known: true; name: string }
  | {
      ok: true;
      known: false;
      name: string;
      /** A known project the name is probably a typo of; null when it looks deliberately new. */
      didYouMean: string | null;
    }
  | {
      ok: false;
      message: string;
      /** The same sentence as a catalog message (refusals.projectNameTooLong). */
      words: MessageRef;
    };

/** Spaces tidied, an @ in front dropped (as quick entry writes it). */
export const tidyProjectName = (typed: string): string => {
  const trimmed = typed.trim();
  return (trimmed.startsWith('@') ? trimmed.slice(1) : trimmed).trim().replace(/\s+/g, ' ');
};

export const tooLongMessage = (length: number) =>
  `A project name can be at most ${MAX_PROJECT_NAME} characters; this one has ${length}.`;

/** tooLongMessage as a catalog message: both numbers are counted, so each language's plurals apply. */
export const tooLongWords = (length: number): MessageRef => ({
  id: 'refusals.projectNameTooLong',
  values: { max: MAX_PROJECT_NAME, count: length },
});

/** Checks a non-empty typed name against the user's projects (compared without case). */
export function checkProjectName(typed: string, knownNames: readonly string[]): ProjectNameCheck {
  const name = tidyProjectName(typed);
  const lower = name.toLowerCase();
  const known = knownNames.find((n) => n.toLowerCase() === lower);
  if (known !== undefined) return { ok: true, known: true, name: known };
  if (name.length > MAX_PROJECT_NAME)
    return { ok: false, message: tooLongMessage(name.length), words: tooLongWords(name.length) };
  return { ok: true, known: false, name, didYouMean: likelyTypoOf(name, knownNames) };
}

/** The known name closest to `name` (without case) when few enough edits apart to read as a typo of it. */
export function likelyTypoOf(name: string, knownNames: readonly string[]): string | null {
  const lower = name.toLowerCase();
  let best: string | null = null;
  let bestDistance = TYPO_DISTANCE + 1;
  for (const known of knownNames) {
    const other = known.toLowerCase();
    if (Math.abs(other.length - lower.length) > TYPO_DISTANCE) continue;
    const limit = typoAllowance(Math.min(other.length, lower.length));
    const d = editDistance(lower, other);
    if (d > 0 && d <= limit && d < bestDistance) {
      best = known;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * How many edits still read as a typo for a name this long: none up to 4 characters ("QB" is no
 * slip of "QA"), one up to 7 ("Remtoe", "remot" for "Remote", not "Remodel"), two from 8 on.
 */
const typoAllowance = (length: number) => (length <= 4 ? 0 : length <= 7 ? 1 : TYPO_DISTANCE);

/** Optimal string alignment distance: Levenshtein plus a swap of two neighbours as one edit. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(d);
    }
  }
  return rows[a.length]![b.length]!;
}
