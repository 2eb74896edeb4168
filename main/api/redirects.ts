// Redirects, handled by the client itself (spec 000 convention 8): 301 means "repeat this and all
// future requests at the new URI", so it is remembered for the life of the client; 302 and 307
// mean "repeat verbatim there, but keep using the original URI", so they are not.
//
// A 301 usually moves the whole API (new host or path prefix): when the old and new URLs end in
// the same path, the differing prefix is remembered as a base rewrite, so later requests to other
// paths (and Link URLs that still name the old base) go to the new place directly. Otherwise
// only that exact URL is remembered.
//
// The credential goes along to the new place, even to another host: the spec tells clients to
// repeat the request there, and a service moving hosts is the reason a 301 exists. Only a
// downgrade from HTTPS to plain HTTP is refused (redirectTarget), since the spec accepts HTTPS only.

export const MAX_REDIRECTS = 5;

export interface RedirectMemory {
  /** Where a request for `url` should go now, after the 301s seen so far. */
  resolve(url: string): string;
  /** Remembers a 301 from `from` to the absolute `to`. */
  remember(from: string, to: string): void;
}

export function createRedirectMemory(): RedirectMemory {
  const exact = new Map<string, string>();
  const prefixes: Array<{ from: string; to: string }> = [];

  const rewriteOnce = (url: string): string => {
    const hit = exact.get(url);
    if (hit !== undefined) return hit;
    for (const rule of prefixes) {
      if (url.startsWith(rule.from) && isBoundary(url[rule.from.length])) return rule.to + url.slice(rule.from.length);
    }
    return url;
  };

  return {
    resolve(url) {
      // Follow chains of remembered moves, but never loop on a cycle of them.
      const seen = new Set<string>([url]);
      for (let i = 0; i < MAX_REDIRECTS; i++) {
        const next = rewriteOnce(url);
        if (next === url || seen.has(next)) return url;
        seen.add(next);
        url = next;
      }
      return url;
    },
    remember(from, to) {
      const rule = basePrefixRule(from, to);
      if (rule) {
        // Newest first: a later move of the same base overrides an earlier one.
        prefixes.unshift(rule);
      } else {
        exact.set(from, to);
      }
    },
  };
}

export const isRedirect = (status: number) => status === 301 || status === 308 || status === 302 || status === 307;
export const isPermanent = (status: number) => status === 301 || status === 308;

/**
 * Where to repeat a request answered with a redirect, or why not: no usable Location, a loop,
 * more than MAX_REDIRECTS hops, or a downgrade from HTTPS to plain HTTP (the credential travels
 * with the request). `visited` holds the URLs this call has requested so far.
 */
export function redirectTarget(
  location: string | string[] | undefined,
  url: string,
  visited: readonly string[],
): { target: string } | { refused: string } {
  const target = locationOf(location, url);
  if (!target) return { refused: 'Redirect without a usable Location' };
  if (visited.includes(target) || visited.length > MAX_REDIRECTS)
    return { refused: `Redirect loop: ${[...visited, target].join(' -> ')}` };
  if (new URL(url).protocol === 'https:' && new URL(target).protocol !== 'https:')
    return { refused: `Refused a redirect from HTTPS to ${target}` };
  return { target };
}

/** The absolute URL a Location header points to, or null when it is unusable. */
export function locationOf(header: string | string[] | undefined, requestUrl: string): string | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value || !URL.canParse(value, requestUrl)) return null;
  return new URL(value, requestUrl).href;
}

const isBoundary = (c: string | undefined) => c === undefined || c === '/' || c === '?' || c === '#';

// When `from` and `to` share the same path tail (from a "/" up to the end of the path, with the
// same query), the parts before it are the old and the new base.
function basePrefixRule(from: string, to: string): { from: string; to: string } | null {
  const a = new URL(from);
  const b = new URL(to);
  if (a.search !== b.search) return null;
  const pa = a.pathname;
  const pb = b.pathname;
  for (let i = 0; i < pa.length; i++) {
    if (pa[i] !== '/') continue;
    const tail = pa.slice(i);
    if (tail === '/' || !pb.endsWith(tail)) continue;
    const newPrefix = pb.slice(0, pb.length - tail.length);
    const rule = { from: a.origin + pa.slice(0, i), to: b.origin + newPrefix };
    return rule.from === rule.to ? null : rule;
  }
  return null;
}
