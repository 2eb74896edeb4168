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
  for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push((m[1] ?? m[2] ?? m[3])!);
  }
  return found;
}

const offenders = (dirs: string[], bad: (specifier: string, file: string) => boolean) =>
  dirs.flatMap(sources).flatMap((file) => importsOf(file).filter((s) => bad(s, file)).map((s) => `${relative(root, file)} imports ${s}`));

describe('process boundaries', () => {
  it("only main/shell and preload import 'electron'", () => {
    expect(offenders(['main/core', 'main/api', 'common', 'renderer', 'service', 'web'], (s) => s === 'electron' || s.startsWith('electron/'))).toEqual([]);
  });

  it('the renderer imports nothing from main, service or web', () => {
    expect(offenders(['renderer'], (s) => /(^|\/)(main|service|web)\//.test(s) && s.startsWith('.'))).toEqual([]);
  });

  it('common/ imports no Node module, since it runs in the renderer too', () => {
    expect(offenders(['common'], (s) => s.startsWith('node:') || ['fs', 'path', 'os', 'crypto', 'http'].includes(s))).toEqual([]);
  });

  it('finds an offending import when there is one (the check itself works)', () => {
    expect(importsOf(join(root, 'main/core/keychain.ts'))).toContain('@napi-rs/keyring');
    expect(importsOf(join(root, 'test/unit/boundaries.test.ts'))).toContain('vitest');
  });
});
