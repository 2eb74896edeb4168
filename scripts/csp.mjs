// The renderer's Content-Security-Policy, written once for both places that serve the page: the
// build (scripts/build.mjs) puts ELECTRON_CSP into the Electron page's meta element, and the web
// host (web/host.ts) sends WEB_HOST_CSP as a header. renderer/index.html itself carries only
// `default-src 'none'`, so a page that missed both loads nothing at all.

/** What both pages need: their own script and stylesheet, and the `data:,` favicon. Nothing else. */
const PAGE = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
];

/**
 * Electron's window talks to main over IPC only, so it connects nowhere (connect-src falls back to
 * default-src 'none'). A meta element cannot carry frame-ancestors (Chromium ignores it there with
 * a warning), and nothing can frame Electron's window anyway.
 */
export const ELECTRON_CSP = PAGE.join('; ');

/**
 * The web host's page needs its own WebSocket (/bridge on the host that served it): 'self', which
 * covers ws: on the same host and port (CSP Level 3; the e2e run loads the page with no refusal).
 * As a header it can forbid framing too.
 */
export const WEB_HOST_CSP = [...PAGE, "connect-src 'self'", "frame-ancestors 'none'"].join('; ');

const META = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>/g;

/**
 * The page with its CSP meta element's policy replaced by `policy`, or the element removed when
 * `policy` is null (a page whose policy comes as a header). Throws unless the page has exactly one
 * such element, so a changed index.html cannot silently lose its policy.
 */
export function withCspMeta(html, policy) {
  const found = html.match(META)?.length ?? 0;
  if (found !== 1) throw new Error(`expected one Content-Security-Policy meta element in the page, found ${found}`);
  if (policy?.includes('"')) throw new Error('a policy cannot hold a double quote');
  return html.replace(
    META,
    policy === null ? '' : () => `<meta http-equiv="Content-Security-Policy" content="${policy}" />`,
  );
}
