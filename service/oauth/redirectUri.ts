// The redirect_uri rule of spec 000 step 1: host and port equal to the configured callback URL's,
// path equal to or below the configured path, scheme free (between http and https). Anything
// else is refused, and the caller shows an error page instead of redirecting: sending the user
// to an unchecked address would make the service an open redirect.

function parse(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

const WEB = new Set(['http:', 'https:']);

/**
 * Where step 2 redirects: the given redirect_uri when it obeys the rule, the configured callback
 * when none is given, null when the given one is refused.
 */
export function redirectTarget(configured: string, given: string | undefined): URL | null {
  const callback = parse(configured);
  if (!callback) return null;
  if (given === undefined) return callback;
  const uri = parse(given);
  if (!uri) return null;
  // Other schemes (javascript:, data:, custom app schemes) would leave the web; a fragment is
  // forbidden by RFC 6749 §3.1.2; user info has no business in a callback and disguises hosts.
  if (!WEB.has(uri.protocol) || given.includes('#') || uri.username || uri.password) return null;
  // URL lower-cases hosts, and leaves the port empty when it is the scheme's default, so
  // https://app.test/cb and http://app.test/cb count as the same host and port.
  if (uri.hostname !== callback.hostname || uri.port !== callback.port) return null;
  // Paths are compared after URL resolved dot segments (also %2e%2e), so /cb/../x is /x, above.
  const base = callback.pathname.endsWith('/') ? callback.pathname : callback.pathname + '/';
  if (uri.pathname !== callback.pathname && !uri.pathname.startsWith(base)) return null;
  return uri;
}

/** The target with the response parameters added (those already in its query are kept). */
export function withParameters(target: URL, parameters: Record<string, string | undefined>): string {
  const url = new URL(target.href);
  url.hash = '';
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}
