// Stint's version, for the User-Agent the spec requires on every request ("<name>/<version>").
// A constant rather than a read of package.json at run time: main/ is bundled by esbuild into one
// CommonJS file where no package.json sits beside it. test/unit/api/version.test.ts keeps the two equal.
export const STINT_VERSION = '0.1.0';

export const DEFAULT_USER_AGENT = `Stint/${STINT_VERSION}`;
