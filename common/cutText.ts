// Text cut where it cannot wrap or would drown what is around it: a project name in the middle of
// a sentence ("0:04 rounded up to …'s 15 minutes"), a screen reader's name for a button. The
// whole text stays where it is shown on its own (and on hover).

/** The longest name shown whole inside a sentence, as the tray shows names (main/core/views/trayText.ts). */
export const NAME_IN_SENTENCE_MAX = 40;
/** The longest description a screen reader's name for a control carries, as the lists clamp it to a few lines. */
export const DESCRIPTION_IN_LABEL_MAX = 100;
/** The longest summary ("Deleted 1:30 on Website: …") a screen reader's name for a control carries. */
export const SUMMARY_IN_LABEL_MAX = 140;

/** `text` cut to at most `max` characters (whole code points, spaces before the cut dropped), ending in "…". */
export function ellipsize(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
