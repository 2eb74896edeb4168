// The redirect_uri rule of spec 000 step 1: host and port equal to the configured callback URL's,
// path equal to or below the configured path, scheme free (between http and https). Anything
// else is refused, and the caller shows an error page instead of redirecting: sending the user
// to an unchecked address would make the service an open redirect.
// - The port is the one each URI connects to (a default port written or left out): the spec lets
//   the scheme differ, not the port, so http://h/cb (80, cleartext) is not https://h/cb (443).
// - Below the configured path, a segment that is a dot segment once decoded (..%2f, %2e%2e%2f,
//   %252e%252e, ..;) or that holds an encoded slash or backslash is refused: URL parsing leaves
//   them be, but the application's server may decode them and climb out of the path.

function parse(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

const WEB = new Set(['http:', 'https:']);

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** The port the URL connects to: its own, else its scheme's default. */
const effectivePort = (url: URL): string => url.port || DEFAULT_PORT[url.protocol] || '';

/** Percent-decoded until nothing changes (a few rounds at most), null when it is not valid encoding. */
function decoded(text: string): string | null {
  let current = text;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** A path below the configured one (after its '/') that stays below it, however a server decodes it. */
function staysBelow(rest: string): boolean {
  if (/%(2f|5c)/i.test(rest)) return false;
  return rest.split('/').every((segment) => {
    const plain = decoded(segment);
    if (plain === null || /[/\\]/.test(plain)) return false;
    // A path parameter (;...) is dropped by some servers before dot segments are resolved.
    const name = plain.split(';')[0]!;
    return name !== '.' && name !== '..';
  });
}

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
  // URL lower-cases hosts, and leaves the port empty when it is the scheme's default: the ports
  // compared are the ones connected to, so https://app.test/cb (443) and http://app.test/cb (80) differ.
  if (uri.hostname !== callback.hostname || effectivePort(uri) !== effectivePort(callback)) return null;
  // Paths are compared after URL resolved dot segments (also %2e%2e), so /cb/../x is /x, above;
  // what URL leaves encoded below the path (..%2f, %2e%2e%2f) must not climb out when decoded.
  if (uri.pathname === callback.pathname) return uri;
  const base = callback.pathname.endsWith('/') ? callback.pathname : `${callback.pathname}/`;
  if (!uri.pathname.startsWith(base) || !staysBelow(uri.pathname.slice(base.length))) return null;
  return uri;
}

/** The target with the response parameters added (those already in its query are kept). */
export function withParameters(target: URL, parameters: Record<string, string | undefined>): string {
  const url = new URL(target.href);
  url.hash = '';
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}
