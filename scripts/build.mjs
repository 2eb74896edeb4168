// Bundles the three Electron targets into dist/: main (CommonJS for Electron's main process),
// preload (one CommonJS file, as a sandboxed preload must be) and the renderer (one script,
// loaded over file:// in Electron, so not an ES module page).
import { build } from 'esbuild';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './electronBinary.mjs';

const out = join(root, 'dist');
const common = { bundle: true, sourcemap: true, logLevel: 'warning', absWorkingDir: root };

export async function buildAll() {
  await Promise.all([
    build({
      ...common,
      entryPoints: ['main/index.ts'],
      outfile: join(out, 'main/index.cjs'),
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      // Dependencies load from node_modules at run time (native ones must, and electron-builder ships them).
      packages: 'external',
    }),
    build({
      ...common,
      entryPoints: ['preload/index.ts'],
      outfile: join(out, 'preload/index.cjs'),
      platform: 'node',
      format: 'cjs',
      target: 'chrome130',
      external: ['electron'],
    }),
    build({
      ...common,
      entryPoints: ['renderer/main.tsx'],
      outfile: join(out, 'renderer/renderer.js'),
      platform: 'browser',
      format: 'iife',
      target: 'chrome130',
      minify: true,
      jsx: 'automatic',
      jsxImportSource: 'preact',
    }),
  ]);
  mkdirSync(join(out, 'renderer'), { recursive: true });
  cpSync(join(root, 'renderer/index.html'), join(out, 'renderer/index.html'));
  cpSync(join(root, 'renderer/styles.css'), join(out, 'renderer/styles.css'));
  cpSync(join(root, 'assets'), join(out, 'assets'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
  console.log('Built dist/');
}
