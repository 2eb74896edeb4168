// The service writes SQL with SQLite's `?` placeholders; PostgreSQL numbers them ($1, $2...).
// A `?` inside a string literal ('...', E'...'), a quoted identifier ("..."), a dollar-quoted
// string ($tag$...$tag$) or a comment (-- and nested /* */) is text, not a placeholder, and is
// left as it is. (PostgreSQL's jsonb operators ?, ?| and ?& cannot be written through this
// translation; the service's SQL, which SQLite also reads, has none.)

const identifierChar = /[A-Za-z0-9_$]/;

/** Where the quoted text opened at `start` ends (just past its closing quote). */
function endOfQuoted(text: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === quote && text[i + 1] === quote) i += 2;
    else if (c === quote) return i + 1;
    else i++;
  }
  return text.length;
}

function endOfBlockComment(text: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    if (text.startsWith('/*', i)) {
      depth++;
      i += 2;
    } else if (text.startsWith('*/', i)) {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  return text.length;
}

/** The end of the text that is not SQL (literal, identifier, comment) starting at i, or i when there is none. */
function endOfNonCode(text: string, i: number): number {
  const c = text[i]!;
  const before = i > 0 ? text[i - 1]! : '';
  if (c === "'") {
    const escaped = (before === 'E' || before === 'e') && (i < 2 || !identifierChar.test(text[i - 2]!));
    return endOfQuoted(text, i, "'", escaped);
  }
  if (c === '"') return endOfQuoted(text, i, '"', false);
  if (c === '-' && text[i + 1] === '-') {
    const newline = text.indexOf('\n', i);
    return newline === -1 ? text.length : newline;
  }
  if (c === '/' && text[i + 1] === '*') return endOfBlockComment(text, i);
  if (c === '$' && !identifierChar.test(before)) {
    const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 64))?.[0];
    if (tag) {
      const close = text.indexOf(tag, i + tag.length);
      return close === -1 ? text.length : close + tag.length;
    }
  }
  return i;
}

/** `text` with each `?` placeholder numbered as PostgreSQL's $1, $2... */
export function numberPlaceholders(text: string): string {
  let out = '';
  let copiedTo = 0;
  let count = 0;
  let i = 0;
  while (i < text.length) {
    const skipTo = endOfNonCode(text, i);
    if (skipTo > i) {
      i = skipTo;
    } else if (text[i] === '?') {
      out += `${text.slice(copiedTo, i)}$${++count}`;
      copiedTo = ++i;
    } else i++;
  }
  return out + text.slice(copiedTo);
}
