// Parser of the Link response header (RFC 8288), for following pagination exactly as the service
// writes it. Written by hand because the URLs are opaque: a query string may hold commas and
// semicolons, so the header cannot be split on them naively. Inside <...> everything is URL; in
// parameters, quoted strings may hold commas and semicolons too.

/** Relation name (lowercase) -> absolute URL. The first link of a relation wins. */
export type Links = Record<string, string>;

export function parseLinkHeader(header: string | string[] | null | undefined, baseUrl?: string): Links {
  const at: Cursor = { text: Array.isArray(header) ? header.join(', ') : (header ?? ''), i: 0 };
  const { text } = at;
  const links: Links = {};

  while (at.i < text.length) {
    skipSpace(at);
    if (text[at.i] === ',') {
      at.i++;
      continue;
    }
    if (at.i >= text.length) break;
    if (text[at.i] !== '<') {
      skipToNextLink(at);
      continue;
    }
    const close = text.indexOf('>', at.i + 1);
    if (close < 0) break;
    const target = text.slice(at.i + 1, close).trim();
    at.i = close + 1;

    const params = readParams(at);
    const rel = params.get('rel');
    const url = resolve(target, baseUrl);
    if (rel === undefined || url === null) continue;
    // rel may name several relations separated by spaces: rel="next last"
    for (const name of rel.toLowerCase().split(/\s+/).filter(Boolean)) {
      if (!(name in links)) links[name] = url;
    }
  }
  return links;
}

/** The header being read, and where. */
interface Cursor {
  readonly text: string;
  i: number;
}

function skipSpace(at: Cursor): void {
  while (at.i < at.text.length && /\s/.test(at.text[at.i]!)) at.i++;
}

// After a malformed link, resume at the next comma outside quotes and angle brackets.
function skipToNextLink(at: Cursor): void {
  const { text } = at;
  let quoted = false;
  let angled = false;
  for (; at.i < text.length; at.i++) {
    const c = text[at.i];
    if (quoted) {
      if (c === '\\') at.i++;
      else if (c === '"') quoted = false;
    } else if (angled) {
      if (c === '>') angled = false;
    } else if (c === '"') quoted = true;
    else if (c === '<') angled = true;
    else if (c === ',') {
      at.i++;
      return;
    }
  }
}

// Reads `; key=value` parameters up to the comma that ends this link (or the end).
function readParams(at: Cursor): Map<string, string> {
  const { text } = at;
  const params = new Map<string, string>();
  for (;;) {
    skipSpace(at);
    if (at.i >= text.length) return params;
    if (text[at.i] === ',') {
      at.i++;
      return params;
    }
    if (text[at.i] !== ';') {
      skipToNextLink(at);
      return params;
    }
    at.i++;
    skipSpace(at);
    const nameStart = at.i;
    while (at.i < text.length && /[^\s=;,]/.test(text[at.i]!)) at.i++;
    const name = text.slice(nameStart, at.i).toLowerCase();
    skipSpace(at);
    const value = readValue(at);
    // RFC 8288 3.3: a second rel parameter is ignored
    if (name && !params.has(name)) params.set(name, value);
  }
}

// A parameter's `=value` (quoted or not); empty when the parameter has none.
function readValue(at: Cursor): string {
  const { text } = at;
  let value = '';
  if (text[at.i] === '=') {
    at.i++;
    skipSpace(at);
    if (text[at.i] === '"') {
      at.i++;
      while (at.i < text.length && text[at.i] !== '"') {
        if (text[at.i] === '\\' && at.i + 1 < text.length) at.i++;
        value += text[at.i];
        at.i++;
      }
      at.i++; // closing quote
    } else {
      const start = at.i;
      while (at.i < text.length && /[^\s;,]/.test(text[at.i]!)) at.i++;
      value = text.slice(start, at.i);
    }
  }
  return value;
}

// An absolute URL is returned untouched (followed exactly as given); a relative one is resolved
// against the URL of the response that carried it.
function resolve(target: string, baseUrl: string | undefined): string | null {
  if (URL.canParse(target)) return target;
  if (baseUrl && URL.canParse(target, baseUrl)) return new URL(target, baseUrl).href;
  return null;
}
