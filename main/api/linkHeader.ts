// Parser of the Link response header (RFC 8288), for following pagination exactly as the service
// writes it. Written by hand because the URLs are opaque: a query string may hold commas and
// semicolons, so the header cannot be split on them naively. Inside <...> everything is URL; in
// parameters, quoted strings may hold commas and semicolons too.

/** Relation name (lowercase) -> absolute URL. The first link of a relation wins. */
export type Links = Record<string, string>;

export function parseLinkHeader(header: string | string[] | null | undefined, baseUrl?: string): Links {
  const text = Array.isArray(header) ? header.join(', ') : (header ?? '');
  const links: Links = {};
  let i = 0;

  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  // After a malformed link, resume at the next comma outside quotes and angle brackets.
  const skipToNextLink = () => {
    let quoted = false;
    let angled = false;
    for (; i < text.length; i++) {
      const c = text[i];
      if (quoted) {
        if (c === '\\') i++;
        else if (c === '"') quoted = false;
      } else if (angled) {
        if (c === '>') angled = false;
      } else if (c === '"') quoted = true;
      else if (c === '<') angled = true;
      else if (c === ',') {
        i++;
        return;
      }
    }
  };

  while (i < text.length) {
    skipSpace();
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (i >= text.length) break;
    if (text[i] !== '<') {
      skipToNextLink();
      continue;
    }
    const close = text.indexOf('>', i + 1);
    if (close < 0) break;
    const target = text.slice(i + 1, close).trim();
    i = close + 1;

    const params = readParams();
    const rel = params.get('rel');
    const url = resolve(target, baseUrl);
    if (rel === undefined || url === null) continue;
    // rel may name several relations separated by spaces: rel="next last"
    for (const name of rel.toLowerCase().split(/\s+/).filter(Boolean)) {
      if (!(name in links)) links[name] = url;
    }
  }
  return links;

  // Reads `; key=value` parameters up to the comma that ends this link (or the end).
  function readParams(): Map<string, string> {
    const params = new Map<string, string>();
    for (;;) {
      skipSpace();
      if (i >= text.length) return params;
      if (text[i] === ',') {
        i++;
        return params;
      }
      if (text[i] !== ';') {
        skipToNextLink();
        return params;
      }
      i++;
      skipSpace();
      const nameStart = i;
      while (i < text.length && /[^\s=;,]/.test(text[i]!)) i++;
      const name = text.slice(nameStart, i).toLowerCase();
      skipSpace();
      let value = '';
      if (text[i] === '=') {
        i++;
        skipSpace();
        if (text[i] === '"') {
          i++;
          while (i < text.length && text[i] !== '"') {
            if (text[i] === '\\' && i + 1 < text.length) i++;
            value += text[i];
            i++;
          }
          i++; // closing quote
        } else {
          const start = i;
          while (i < text.length && /[^\s;,]/.test(text[i]!)) i++;
          value = text.slice(start, i);
        }
      }
      // RFC 8288 3.3: a second rel parameter is ignored
      if (name && !params.has(name)) params.set(name, value);
    }
  }
}

// An absolute URL is returned untouched (followed exactly as given); a relative one is resolved
// against the URL of the response that carried it.
function resolve(target: string, baseUrl: string | undefined): string | null {
  if (URL.canParse(target)) return target;
  if (baseUrl && URL.canParse(target, baseUrl)) return new URL(target, baseUrl).href;
  return null;
}
