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

/** `text` with the project written `@from` (or `@"from"`) renamed `to` (quoted if it has a space), and where the caret goes after it; null when it is not there. */
export function renameProject(text: string, from: string, to: string): { text: string; cursor: number } | null {
  const written = [`@"${from}"`, `@“${from}”`, `@${from}`].find((w) => text.includes(w));
  if (!written) return null;
  const at = text.indexOf(written);
  const typed = projectNameToType(to);
  return { text: `${text.slice(0, at + 1)}${typed}${text.slice(at + written.length)}`, cursor: at + 1 + typed.length };
}
