import { projectNameToType, type ProjectSuggestions } from '../common/quickEntry';

/**
 * The text once a suggested project replaces what was typed after the @, and where the cursor
 * goes: just past the name and one space. The rest of a word the cursor was inside is replaced too.
 * A name with a space goes in quotes (`@"Acme Corp"`), so the line reads the same whatever it is.
 */
export function applySuggestion(
  text: string,
  at: Pick<ProjectSuggestions, 'from' | 'to'>,
  name: string,
): { text: string; cursor: number } {
  const wordRest = /^\S*/.exec(text.slice(at.to))![0];
  const head = `${text.slice(0, at.from)}${projectNameToType(name)} `;
  const tail = text.slice(at.to + wordRest.length).replace(/^\s+/, '');
  return { text: head + tail, cursor: head.length };
}
