// Process boundaries, enforced: only main/shell and preload may touch Electron; the renderer
// never reaches into main; common/ runs in the browser, so it imports no Node module.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

function sources(dir: string): string[] {
  const full = join(root, dir);
  try {
    statSync(full);
  } catch {
    return [];
  }
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|mts|cts)$/.test(f))
    .map((f) => join(full, f));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(
    /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    found.push((m[1] ?? m[2] ?? m[3])!);
  }
  return found;
}

const offenders = (dirs: string[], bad: (specifier: string, file: string) => boolean) =>
  dirs.flatMap(sources).flatMap((file) =>
    importsOf(file)
      .filter((s) => bad(s, file))
      .map((s) => `${relative(root, file)} imports ${s}`),
  );

describe('process boundaries', () => {
  it("only main/shell and preload import 'electron'", () => {
    expect(
      offenders(
        ['main/core', 'main/desktopBus', 'main/api', 'common', 'platform', 'renderer', 'service', 'web'],
        (s) => s === 'electron' || s.startsWith('electron/'),
      ),
    ).toEqual([]);
  });

  it('the renderer imports nothing from main, service or web', () => {
    expect(offenders(['renderer'], (s) => /(^|\/)(main|service|web)\//.test(s) && s.startsWith('.'))).toEqual([]);
  });

  it('common/ imports no Node module, since it runs in the renderer too', () => {
    expect(
      offenders(['common'], (s) => s.startsWith('node:') || ['fs', 'path', 'os', 'crypto', 'http'].includes(s)),
    ).toEqual([]);
  });

  it('every folder imports only what its row of docs/ARCHITECTURE.md allows', () => {
    expect(ruleBreaks()).toEqual([]);
  });

  it('finds an offending import when there is one (the check itself works)', () => {
    expect(allowed('main/api/client.ts', '../core/store')).toBe(false);
    expect(allowed('wire/serviceTypes.ts', '../common/result')).toBe(false);
    expect(allowed('main/core/views/deriveSnapshot.ts', '../../../wire/serviceTypes')).toBe(false);
    expect(allowed('service/app.ts', '../platform/keychain')).toBe(false);
    expect(allowed('service/storage/sqliteStore.ts', '../../platform/privateFiles')).toBe(true);
    expect(allowed('main/core/embedded/embeddedAccount.ts', '../../../service/storage/secretBox')).toBe(false);
    expect(allowed('platform/keychain.ts', '../main/core/core')).toBe(false);
    expect(allowed('renderer/main.tsx', 'undici')).toBe(false);
    expect(allowed('main/core/embedded/embeddedAccount.ts', '../../../service')).toBe(true);
    expect(allowed('cli/run.ts', '../main/core/core')).toBe(false);
    expect(allowed('main/core/cliSocket/address.ts', '../../../common/contract')).toBe(false);
    expect(allowed('main/core/model/operations.ts', '../sync/outbox')).toBe(false);
    expect(allowed('main/core/sync/outbox.ts', '../model/operations')).toBe(true);
    expect(allowed('main/core/sync/worker.ts', '../views/deriveSnapshot')).toBe(false);
    expect(allowed('main/core/senders/sendOnce.ts', '../sync/outbox')).toBe(false);
    expect(allowed('main/core/views/trayModel.ts', '../calls/outboxQueue')).toBe(false);
    expect(allowed('main/core/calls/decisions.ts', '../core')).toBe(false);
    expect(importsOf(join(root, 'platform/keychain.ts'))).toContain('@napi-rs/keyring');
    expect(importsOf(join(root, 'test/unit/boundaries.test.ts'))).toContain('vitest');
  });
});

/**
 * The dependency rules of docs/ARCHITECTURE.md's folder table, one row each: the folders (of this
 * repository) and the packages (bare names, node: built-ins as 'node:') a folder may import.
 * Anything not listed is a break. Tests and benchmarks may import anything.
 */
const RULES: Array<{ folder: string; folders: string[]; packages: string[]; because?: Record<string, string> }> = [
  {
    folder: 'common',
    folders: ['common'],
    packages: ['zod', 'intl-messageformat', '@formatjs/icu-messageformat-parser'],
  },
  { folder: 'wire', folders: ['wire'], packages: [] },
  { folder: 'main/api', folders: ['main/api', 'common', 'wire'], packages: ['node:', 'undici', 'fast-xml-parser'] },
  {
    folder: 'main/core',
    folders: ['main/core', 'main/api', 'common', 'service/index.ts', 'platform'],
    packages: ['node:', 'zod', 'ical.js'],
    because: { 'service/index.ts': 'the embedded account starts the local service, its one entry point' },
  },
  // main/core's folders, each a layer that imports only those below it (main/core/README.md):
  // model < senders < sync < views, calls < core.ts < embedded < accounts; desktop beside.
  { folder: 'main/core/model', folders: ['main/core/model', 'common'], packages: [] },
  {
    folder: 'main/core/senders',
    folders: ['main/core/senders', 'main/core/model', 'main/api', 'common'],
    packages: [],
  },
  {
    folder: 'main/core/sync',
    folders: [
      'main/core/sync',
      'main/core/senders',
      'main/core/model',
      'main/api',
      'common',
      'platform/privateFiles.ts',
    ],
    packages: ['node:'],
    because: { 'platform/privateFiles.ts': 'the journal and the ledger are written 0600' },
  },
  {
    folder: 'main/core/desktop',
    folders: ['main/core/desktop', 'main/core/model', 'main/api', 'common'],
    packages: ['node:'],
  },
  {
    folder: 'main/core/views',
    folders: ['main/core/views', 'main/core/sync', 'main/core/model', 'main/core/desktop', 'common'],
    packages: ['node:'],
  },
  {
    folder: 'main/core/calls',
    folders: [
      'main/core/calls',
      'main/core/sync',
      'main/core/model',
      'main/core/desktop',
      'main/core/calendars',
      'common',
    ],
    packages: ['node:'],
  },
  {
    folder: 'main/core/calendars',
    folders: ['main/core/calendars', 'platform/keychain.ts', 'main/api/clock.ts', 'common', 'platform/privateFiles.ts'],
    packages: ['node:', 'zod', 'ical.js'],
    because: {
      'platform/keychain.ts': "a calendar's address is a secret, kept where tokens are",
      'platform/privateFiles.ts': 'the calendars file and the cache are written 0600',
    },
  },
  {
    folder: 'main/core/settings',
    folders: ['main/core/settings', 'main/core/desktop/commands.ts', 'common', 'platform/privateFiles.ts'],
    packages: ['node:', 'zod'],
    because: {
      'main/core/desktop/commands.ts': 'the commands a shortcut can be given',
      'platform/privateFiles.ts': 'settings.json is written 0600 in a 0700 folder',
    },
  },
  { folder: 'main/core/export', folders: ['main/core/export', 'main/api', 'common'], packages: ['node:'] },
  {
    folder: 'main/core/cliSocket',
    folders: ['main/core/cliSocket', 'main/core/types.ts', 'common', 'platform/privateFiles.ts'],
    packages: ['node:'],
  },
  {
    folder: 'main/core/embedded',
    folders: [
      'main/core/embedded',
      'main/core/core.ts',
      'main/core/types.ts',
      'main/core/settings',
      'main/api',
      'common',
      'service/index.ts',
      'platform',
    ],
    packages: ['node:'],
  },
  // Node helpers both the app and the service use: files only this OS user may open, the keychain.
  {
    folder: 'platform',
    folders: ['platform', 'common/i18n'],
    packages: ['node:', '@napi-rs/keyring', '@formatjs/icu-messageformat-parser'],
    because: { 'common/i18n': 'catalogFiles.ts reads the catalogs the words of common/i18n are made from' },
  },
  {
    folder: 'main/desktopBus',
    folders: ['main/desktopBus', 'main/core/desktop', 'common'],
    packages: ['node:', 'dbus-next'],
  },
  {
    folder: 'main/shell',
    folders: ['main/shell', 'main/core', 'main/desktopBus', 'common', 'platform'],
    packages: ['node:', 'electron', 'electron-updater'],
  },
  { folder: 'main/index.ts', folders: ['main/shell'], packages: [] },
  { folder: 'preload', folders: ['preload', 'common'], packages: ['electron'] },
  { folder: 'renderer', folders: ['renderer', 'common'], packages: ['preact', '@preact/signals'] },
  {
    folder: 'service',
    folders: [
      'service',
      'wire',
      'common/timeString.ts',
      'platform/privateFiles.ts',
      'common/i18n',
      'platform/catalogFiles.ts',
    ],
    packages: ['node:', 'fastify', 'fast-xml-parser', 'pg', 'prom-client'],
    because: {
      'common/timeString.ts': 'the spec\'s time strings ("1:30"), read by v1 as by quick entry',
      'platform/privateFiles.ts': 'the database and its folder are written 0700/0600',
      'common/i18n': "the OAuth sign-in and consent pages speak the browser's language (Accept-Language)",
      'platform/catalogFiles.ts': "those pages' catalog, read from disk",
    },
  },
  {
    folder: 'cli',
    folders: [
      'cli',
      'common/dayWords.ts',
      'common/exportRange.ts',
      'common/format.ts',
      'common/i18n/locales.ts',
      'common/liveSeconds.ts',
      'common/loggedWords.ts',
      'common/projectName.ts',
      'common/projectOrder.ts',
      'common/quickEntry.ts',
      'common/result.ts',
      'common/savedHere.ts',
      'common/snapshot.ts',
      'common/timeRange.ts',
      'common/timeString.ts',
      'common/todayTotal.ts',
      'main/core/cliSocket/address.ts',
      'main/core/desktop/dataDirs.ts',
    ],
    packages: ['node:'],
    because: {
      'main/core/cliSocket/address.ts': "the socket's path and frames, which the app's end shares",
      'main/core/desktop/dataDirs.ts': 'the default data folders, where it looks for a running app',
    },
  },
  // What the command line loads from main/core: Node built-ins only, so it never pulls core in.
  { folder: 'main/core/cliSocket/address.ts', folders: [], packages: ['node:'] },
  { folder: 'main/core/desktop/dataDirs.ts', folders: [], packages: ['node:'] },
  {
    folder: 'web',
    folders: [
      'web',
      'main/core',
      'common',
      'platform',
      'scripts/csp.mjs',
      'scripts/electronBinary.mjs',
      'scripts/rendererBuildOptions.mjs',
    ],
    packages: ['node:', 'ws', 'esbuild'],
  },
];

const ruleOf = (file: string) =>
  RULES.filter((r) => file === r.folder || file.startsWith(`${r.folder}/`)).sort(
    (a, b) => b.folder.length - a.folder.length,
  )[0];

/** Whether `file` (repo-relative) may import `specifier` under its folder's rule. */
function allowed(file: string, specifier: string): boolean {
  const rule = ruleOf(file);
  if (!rule) return true;
  if (!specifier.startsWith('.')) {
    const name = specifier.startsWith('node:')
      ? 'node:'
      : specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : specifier.split('/')[0]!;
    return rule.packages.includes(name);
  }
  const target = relative(root, join(root, file, '..', specifier));
  return rule.folders.some(
    (f) =>
      target === f ||
      target === f.replace(/\.m?ts$/, '').replace(/\.mjs$/, '') ||
      target.startsWith(`${f}/`) ||
      `${target}.ts` === f ||
      `${target}.mjs` === f ||
      `${target}/index.ts` === f,
  );
}

function ruleBreaks(): string[] {
  const dirs = ['common', 'wire', 'platform', 'main', 'preload', 'renderer', 'service', 'web', 'cli'];
  return dirs.flatMap(sources).flatMap((path) => {
    const file = relative(root, path);
    return importsOf(path)
      .filter((s) => !allowed(file, s))
      .map((s) => `${file} imports ${s}`);
  });
}
