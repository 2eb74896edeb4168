// The shipped bundle, built for one test file into a folder of its own right below the project's
// root (.scratch/, so that it finds node_modules as dist/'s does), with scripts/build.mjs's own
// buildAll: the same files `npm run dist` packages, without two files' builds writing dist/ while
// a third boots from it (the e2e files run two at a time).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from '../../scripts/build.mjs';
import { root } from '../../scripts/electronBinary.mjs';

export interface TestBundle {
  dir: string;
  /** main/index.cjs, for bootBundle's `bundle`. */
  main: string;
  /** The `stint` command line (package.json bin). */
  cli: string;
  remove(): void;
}

export async function buildTestBundle(
  name: string,
  /** buildAll's test-only swaps: the update tests' release key and updates delay. */
  swaps: { releaseKey?: string; updatesLoadDelayMs?: number } = {},
): Promise<TestBundle> {
  mkdirSync(join(root, '.scratch'), { recursive: true });
  const dir = mkdtempSync(join(root, '.scratch', `${name}-bundle-`));
  await buildAll({ out: dir, ...swaps });
  return {
    dir,
    main: join(dir, 'main', 'index.cjs'),
    cli: join(dir, 'cli', 'stint.cjs'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
