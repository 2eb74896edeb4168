// Tag parsing of a v1 description in the classic way (spec 002 "Tag parsing of description in
// classic accounts without allow_hashtags"; GAPS.md "Tags": "follows 002 exactly"). The spec's
// rules, as this file reads them:
//
//   R1 a tag is a piece of the description that starts and ends at the text boundary or a comma;
//   R2 ... that is one or two words;
//   R3 ... that is at most 30 characters;
//   R4 ... that does not start with ! (a leading ! keeps the piece as text);
//   R5 ... that is not preceded by !!: a !! anywhere stops tag parsing after it;
//   R6 descriptions are normalised: extra whitespace removed, tags moved to the front in
//      alphabetical order.
//
// Decided where the rules are silent, each chosen so that normalising a normalised description
// changes nothing (what v1 stores reads back as the same tags):
//   - whitespace: every run of whitespace becomes one space, and each piece is trimmed;
//   - pieces are joined again with ", "; empty pieces (",,", a trailing comma) are dropped;
//   - a piece that holds the !! or comes after it is text, and so is the rest of the text;
//   - a ! stays in the text as written (dropping it would make the piece a tag when read again);
//   - a word is a run of characters without a space; characters are counted as code points;
//   - alphabetical order ignores ASCII letter case (then the code units decide), and a tag
//     written twice, in any ASCII letter case, is one tag in its first spelling, written once
//     (the database holds one tag per name whatever its ASCII case).
export interface ClassicDescription {
  /** The normalised description; null when nothing is left. */
  description: string | null;
  /** Tag names in the order of the normalised description. */
  tags: string[];
}

export const MAX_TAG_LENGTH = 30;

/** ASCII-only case folding, as the database compares tag names (COLLATE NOCASE). */
const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

function isTag(piece: string): boolean {
  if (piece.startsWith('!')) return false; // R4
  const words = piece.split(' ').length; // R2 (the piece is trimmed and single-spaced)
  return words <= 2 && [...piece].length <= MAX_TAG_LENGTH; // R3
}

export function parseClassicDescription(text: string | null | undefined): ClassicDescription {
  const normalised = (text ?? '').replace(/\s+/g, ' ').trim(); // R6: extra whitespace
  const stop = normalised.indexOf('!!'); // R5
  const tags = new Map<string, string>();
  const rest: string[] = [];
  let start = 0;
  for (const raw of normalised.split(',')) {
    const end = start + raw.length; // where the piece's comma (or the text's end) is
    const piece = raw.trim();
    const beforeStop = stop < 0 || end <= stop;
    if (piece !== '') {
      if (beforeStop && isTag(piece)) {
        if (!tags.has(fold(piece))) tags.set(fold(piece), piece);
      } else rest.push(piece);
    }
    start = end + 1;
  }
  // R6: tags first, alphabetically.
  const sorted = [...tags.values()].sort((a, b) => {
    const [x, y] = [fold(a), fold(b)];
    return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
  });
  const description = [...sorted, ...rest].join(', ');
  return { description: description === '' ? null : description, tags: sorted };
}
