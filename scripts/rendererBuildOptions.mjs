// The esbuild options the window's bundle is built with in both places that build it: the app's
// (scripts/build.mjs) and the web host's (web/rendererBundle.ts), so the browser runs the very code
// the app's window runs.

/**
 * The ICU parser left out of the window: main hands it each catalog already parsed
 * (platform/catalogFiles.ts windowCatalog), so intl-messageformat never parses there, and its
 * no-parser build (types only) takes the parser's place: 13 KB gzipped less.
 */
export const RENDERER_ALIAS = {
  '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
};
