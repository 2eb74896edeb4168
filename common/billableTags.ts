// How an entry is made billable or unbillable the service's way: the spec gives an entry no
// billable field to send; an entry is unbillable when its project is, or when its description
// carries an unbillable tag, written with a trailing * (#vacation*: GAPS.md "Tags"). So the entry
// editor's Billable checkbox edits the description: unticked adds #unbillable*, ticked takes the
// unbillable tags out again. The hashtag rule is the service's (service/domain/hashtags.ts).

/** The tag the Billable checkbox adds: a new tag with a * is created unbillable. */
export const UNBILLABLE_TAG = '#unbillable*';

// A # glued to a word ("C#", "&#39;") starts no tag; a name is letters, digits, _ and -.
const HASHTAG = /(?<![\p{L}\p{N}_&#])#([\p{L}\p{N}_-]+)(\*?)/gu;
/** A longer name is no tag to the service. */
const MAX_NAME = 255;
const fold = (name: string) => name.toLowerCase();

/**
 * Whether a description makes its entry unbillable: a tag written with a * (#vacation*), or a
 * mention of one of the entry's tags the service said are unbillable (`unbillableTags`, names).
 */
export function marksUnbillable(description: string | null, unbillableTags: readonly string[] = []): boolean {
  const known = new Set(unbillableTags.map(fold));
  for (const [, name, star] of (description ?? '').matchAll(HASHTAG))
    if (name!.length <= MAX_NAME && (star === '*' || known.has(fold(name!)))) return true;
  return false;
}

/** The description with #unbillable* added (once), unless it already makes the entry unbillable. */
export function markUnbillable(description: string | null, unbillableTags: readonly string[] = []): string {
  const text = description ?? '';
  if (marksUnbillable(text, unbillableTags)) return text;
  return text.trim() ? `${text.trimEnd()} ${UNBILLABLE_TAG}` : UNBILLABLE_TAG;
}

/**
 * The description without what makes the entry unbillable: #unbillable* goes whole (Stint put it
 * there); any other unbillable tag leaves its word, as the service does when a tag is deleted
 * ("#vacation*" -> "vacation"), so no word the user wrote is lost.
 */
export function markBillable(description: string | null, unbillableTags: readonly string[] = []): string {
  const known = new Set(unbillableTags.map(fold));
  return (description ?? '')
    .replace(HASHTAG, (mention, name: string, star: string) => {
      if (name.length > MAX_NAME) return mention;
      if (fold(name) === 'unbillable' && star === '*') return '';
      return star === '*' || known.has(fold(name)) ? name : mention;
    })
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
