// User text (project names, notes, tags) inside the sentences Stint writes: a right-to-left
// override (U+202E) or right-to-left script in a name would otherwise reorder the words after it
// ("Logged 0:30 on ‮etisbeW yesterday" reading "yadretsey" and out of place). Plain-text
// isolation, the <bdi> of strings: the text between U+2068 (first strong isolate) and U+2069 (pop
// directional isolate) is laid out on its own, and any embedding or override inside it ends there.

const FSI = '\u2068';
const PDI = '\u2069';
/** Explicit direction marks and controls, and right-to-left scripts (Hebrew to Arabic, their presentation forms). */
const BIDI = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
/** Isolates in the text itself: one left open would take the words after it in, a stray close would end ours early. */
const ISOLATES = /[\u2066-\u2069]/g;

/** `text` isolated from the sentence around it when it has anything that could reorder it; otherwise as it is. */
export function isolated(text: string): string {
  if (!BIDI.test(text)) return text;
  return `${FSI}${text.replace(ISOLATES, '')}${PDI}`;
}
