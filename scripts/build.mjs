// Bundles the three Electron targets into dist/: main (CommonJS for Electron's main process),
// preload (one CommonJS file, as a sandboxed preload must be) and the renderer (one script,
// loaded over file:// in Electron, so not an ES module page); and the `stint` command line.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ELECTRON_CSP, withCspMeta } from './csp.mjs';
import { RENDERER_ALIAS } from './rendererBuildOptions.mjs';
import { root } from './electronBinary.mjs';

const dist = join(root, 'dist');

/** import.meta.url in a CommonJS bundle: the file's own address (calendarThread.ts finds its worker by it). */
export const importMetaUrlInCjs = {
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
};
const common = { bundle: true, sourcemap: true, logLevel: 'warning', absWorkingDir: root };

/**
 * Builds into dist/ (what `npm run dist` packages). The tests of the app's own updates build a
 * copy elsewhere (`out`, never dist/) with their own release key in place of the app's
 * (main/core/desktop/updates/releaseKey.ts), so that no test key can reach a package, and with
 * updatesLoadDelayMs in place of main/shell/updatesLoadDelay.ts's 5 s, so that each boot looks at
 * the feed at once.
 */
export async function buildAll({ out = dist, releaseKey, updatesLoadDelayMs } = {}) {
  if (releaseKey !== undefined && resolve(out) === dist)
    throw new Error('a bundle with another release key is never built into dist/');
  if (updatesLoadDelayMs !== undefined && resolve(out) === dist)
    throw new Error('a bundle with another updates delay is never built into dist/');
  const swaps = [
    ...(releaseKey ? [withReleaseKey(releaseKey)] : []),
    ...(updatesLoadDelayMs !== undefined ? [withUpdatesLoadDelay(updatesLoadDelayMs)] : []),
  ];
  await Promise.all([
    // Main in two files: index.cjs draws the tray, then loads account.cjs (main/shell/account.ts and
    // everything it reaches: most of the code), so the start compiles only its own small part
    // before the tray is up. A module both reach is in both (they are stateless: the lock, the
    // commands' names, the private-files helpers).
    build({
      ...common,
      // calendarWorker.cjs: the calendars' thread (main/core/calendars/calendarWorker.ts), which
      // calendarThread.ts starts from the file beside its own.
      entryPoints: {
        index: 'main/index.ts',
        account: 'main/shell/account.ts',
        calendarWorker: 'main/core/calendars/calendarWorker.ts',
      },
      outdir: join(out, 'main'),
      outExtension: { '.js': '.cjs' },
      platform: 'node',
      format: 'cjs',
      target: 'node24',
      // Dependencies load from node_modules at run time (native ones must, and electron-builder
      // ships them), except the ESM-only ones, which a CommonJS bundle cannot require(): those are
      // bundled, with everything they import.
      plugins: [
        accountApart(),
        externalExceptEsmOnly(['conf', 'intl-messageformat', '@formatjs/icu-messageformat-parser']),
        ...swaps,
      ],
      // import('./account') as require('./account.cjs') (in a promise): the module system that
      // loaded index.cjs loads its other half too (Electron's, or the stand-in's in the tests).
      supported: { 'dynamic-import': false },
      ...importMetaUrlInCjs,
    }),
    // The `stint` command line (package.json bin): Node built-ins only, one file, so it starts fast.
    build({
      ...common,
      entryPoints: ['cli/stint.ts'],
      outfile: join(out, 'cli/stint.cjs'),
      platform: 'node',
      format: 'cjs',
      target: 'node24',
      banner: { js: '#!/usr/bin/env node' },
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
      alias: RENDERER_ALIAS,
    }),
  ]);
  mkdirSync(join(out, 'renderer'), { recursive: true });
  writeFileSync(join(out, 'renderer/index.html'), electronPage());
  cpSync(join(root, 'renderer/styles.css'), join(out, 'renderer/styles.css'));
  cpSync(join(root, 'assets'), join(out, 'assets'), { recursive: true });
  // Where platform/catalogFiles.ts looks from a bundle in out/main or out/cli: out/common/i18n/catalogs.
  cpSync(join(root, 'common/i18n/catalogs'), join(out, 'common/i18n/catalogs'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
  console.log('Built dist/');
}

/** The window's page: renderer/index.html with Electron's policy (IPC only: it connects nowhere). */
export function electronPage() {
  return withCspMeta(readFileSync(join(root, 'renderer/index.html'), 'utf8'), ELECTRON_CSP);
}

/** releaseKey.ts with this public key (PEM) in place of the app's: the update tests' own bundle only. */
function withReleaseKey(publicKeyPem) {
  return {
    name: 'release-key',
    setup(b) {
      b.onLoad({ filter: /main[\\/]core[\\/]desktop[\\/]updates[\\/]releaseKey\.ts$/ }, () => ({
        contents: `export const RELEASE_PUBLIC_KEY = ${JSON.stringify(publicKeyPem)};`,
        loader: 'ts',
      }));
    },
  };
}

/** updatesLoadDelay.ts with this delay in place of the app's: the update tests' own bundle only. */
function withUpdatesLoadDelay(ms) {
  if (!Number.isInteger(ms) || ms < 0) throw new Error('updatesLoadDelayMs must be a whole number of ms, 0 or more');
  return {
    name: 'updates-load-delay',
    setup(b) {
      b.onLoad({ filter: /main[\\/]shell[\\/]updatesLoadDelay\.ts$/ }, () => ({
        contents: `export const UPDATES_LOAD_DELAY_MS = ${ms};`,
        loader: 'ts',
      }));
    },
  };
}

/** main/shell/app.ts's import('./account'): the file account.cjs beside index.cjs, loaded at run time. */
function accountApart() {
  return {
    name: 'account-apart',
    setup(b) {
      b.onResolve({ filter: /^\.\/account$/ }, (args) =>
        args.importer.endsWith(join('main', 'shell', 'app.ts')) ? { path: './account.cjs', external: true } : undefined,
      );
    },
  };
}

/**
 * Marks every package import external, except imports of the named ESM-only packages and any
 * import made from inside node_modules (which esbuild only sees while bundling those packages).
 */
export function externalExceptEsmOnly(esmOnly) {
  return {
    name: 'external-except-esm-only',
    setup(b) {
      // Bare specifiers only: relative and absolute paths are our own files (or a bundled package's).
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        if (esmOnly.includes(name) || args.importer.includes('/node_modules/')) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}
