// Builds the renderer in memory for the web host: the same entry, the same options as the Electron
// build (scripts/build.mjs), so the browser runs the very code the app's window runs.

import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RENDERER_ALIAS } from '../scripts/rendererBuildOptions.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface Asset {
  type: string;
  body: Buffer;
}

/** The page's files by URL path: /index.html, /renderer.js (+ .map) and /styles.css. */
export async function buildRendererAssets(options: { minify?: boolean } = {}): Promise<Map<string, Asset>> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['renderer/main.tsx'],
    outfile: 'renderer.js',
    bundle: true,
    write: false,
    // A classic script, as in Electron, where the page loads over file:// and cannot be a module.
    format: 'iife',
    platform: 'browser',
    target: 'chrome130',
    minify: options.minify ?? true,
    sourcemap: 'linked',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    alias: RENDERER_ALIAS,
    logLevel: 'silent',
  });
  const assets = new Map<string, Asset>();
  for (const file of result.outputFiles) {
    const name = `/${file.path.split(/[\\/]/).pop()}`;
    assets.set(name, {
      type: name.endsWith('.map') ? 'application/json' : 'text/javascript; charset=utf-8',
      body: Buffer.from(file.contents),
    });
  }
  assets.set('/index.html', {
    type: 'text/html; charset=utf-8',
    body: await readFile(join(root, 'renderer/index.html')),
  });
  assets.set('/styles.css', {
    type: 'text/css; charset=utf-8',
    body: await readFile(join(root, 'renderer/styles.css')),
  });
  return assets;
}
