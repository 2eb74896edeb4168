// The main bundle is CommonJS (Electron's main process) and leaves packages to node_modules; an
// ESM-only package, which a CommonJS require() cannot load in Node 20, the build bundles instead
// (scripts/build.mjs externalExceptEsmOnly). conf was one; the settings file now needs none. This
// proves a CommonJS bundle made the same way opens and writes a real settings store.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { externalExceptEsmOnly } from '../../../scripts/build.mjs';
import type { openSettingsStore as OpenSettingsStore } from '../../../main/core/settings/file';
import { root } from '../../../scripts/electronBinary.mjs';

// Inside the project, as dist/main is: the bundle's packages (zod) load from its node_modules.
mkdirSync(join(root, 'dist'), { recursive: true });
const work = mkdtempSync(join(root, 'dist', '.settings-bundle-'));
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

describe('the settings file in the CommonJS main bundle', () => {
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

  it('needs no ESM-only package: with every package left to require(), it still loads and writes', async () => {
    const file = await bundle(undefined, 'external');
    expect(readFileSync(file, 'utf8')).not.toContain('require("conf")');
    const { openSettingsStore } = createRequire(import.meta.url)(file) as {
      openSettingsStore: typeof OpenSettingsStore;
    };
    const dir = join(work, 'external');
    openSettingsStore(dir).update({ theme: 'light' });
    expect(openSettingsStore(dir).get().theme).toBe('light');
  });
});
