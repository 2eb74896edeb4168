// The main bundle is CommonJS (Electron's main process) and leaves packages to node_modules, but
// conf is ESM-only, which a CommonJS require() cannot load in Node 20. The build bundles it; this
// proves a CommonJS bundle made the same way opens and writes a real settings store.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { externalExceptEsmOnly } from '../../../scripts/build.mjs';
import type { openSettingsStore as OpenSettingsStore } from '../../../main/core/settings/file';
import { makeTempDir } from '../../support/tempDir';

const work = makeTempDir('stint-esm-bundle-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function bundle(plugins: Parameters<typeof build>[0]['plugins'], packages?: 'external'): Promise<string> {
  const outfile = join(work, `settings-${plugins?.length ?? 0}.cjs`);
  await build({
    entryPoints: ['main/core/settings/file.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'silent',
    ...(plugins ? { plugins } : {}),
    ...(packages ? { packages } : {}),
  });
  return outfile;
}

describe('the ESM-only settings library in the CommonJS main bundle', () => {
  it('loads and writes settings when bundled as the build does', async () => {
    const file = await bundle([externalExceptEsmOnly(['conf'])]);
    expect(readFileSync(file, 'utf8')).not.toContain('require("conf")');
    const { openSettingsStore } = createRequire(import.meta.url)(file) as {
      openSettingsStore: typeof OpenSettingsStore;
    };
    const dir = join(work, 'data');
    const store = openSettingsStore(dir);
    store.update({ theme: 'dark' });
    expect(openSettingsStore(dir).get().theme).toBe('dark');
  });

  it('would leave conf to a require() that Node 20 refuses, were every package external', async () => {
    const file = await bundle(undefined, 'external');
    expect(readFileSync(file, 'utf8')).toContain('require("conf")');
  });
});
