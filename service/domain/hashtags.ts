// Tags in v2 are #hashtags of a description (GAPS.md "Tags"); a trailing * marks the tag
// unbillable (#vacation*). Decided: a tag name is letters, digits, _ and -, up to 255
// characters, and a # glued to a word ("C#", "a#b", "&#39;") starts no tag.
export interface ParsedTag {
  name: string;
  billable: boolean;
}

const NAME = /^[\p{L}\p{N}_-]{1,255}$/u;
const HASHTAG = /(?<![\p{L}\p{N}_&#])#([\p{L}\p{N}_-]+)(\*?)/gu;

/** ASCII-only case folding: the database compares tag names COLLATE NOCASE, which folds only A-Z. */
const fold = (name: string) => name.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * Rewrites every mention of the tag `name` (in any letter case) in a text, exactly where
 * parseHashtags would find it: `to` a new name keeps the mention's `*` as written; `to` null
 * (the tag is deleted) leaves the bare word, dropping `#` and `*` ("#vacation*" -> "vacation").
 */
export function replaceHashtag(text: string, name: string, to: string | null): string {
  const key = fold(name);
  return text.replace(HASHTAG, (mention, found: string, star: string) => {
    if (fold(found) !== key) return mention;
    return to === null ? found : `#${to}${star}`;
  });
}

/** The distinct tags of a text, by first appearance; letter case does not make a new tag. */
export function parseHashtags(text: string | null | undefined): ParsedTag[] {
  const found = new Map<string, ParsedTag>();
  for (const m of (text ?? '').matchAll(HASHTAG)) {
    const name = m[1]!;
    if (!NAME.test(name)) continue;
    const key = name.toLowerCase();
    if (!found.has(key)) found.set(key, { name, billable: m[2] !== '*' });
  }
  return [...found.values()];
}

/** A name given to POST /v2/tags: an optional leading #, an optional trailing *; null if unusable. */
export function parseTagName(raw: string): ParsedTag | null {
  const m = /^#?(.*?)(\*?)$/su.exec(raw.trim())!;
  return NAME.test(m[1]!) ? { name: m[1]!, billable: m[2] !== '*' } : null;
}
