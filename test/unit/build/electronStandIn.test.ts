// The Electron stand-in (test/support/electron/) must answer everything main/shell/ takes from
// 'electron', so that a shell change that uses something new fails here, in milliseconds, rather
// than as an undefined at boot in the stand-in end-to-end test.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../../scripts/electronBinary.mjs';
import { createElectronStandIn } from '../../support/electron/standIn';

/** The value names each file imports from 'electron' (type-only imports excluded). */
function electronImports(dir: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'electron'/g)) {
      if (m[1]) continue;
      const names = m[2]!
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '));
      found.set(file, [...(found.get(file) ?? []), ...names]);
    }
  }
  return found;
}

describe('the Electron stand-in', () => {
  it('offers every value main/shell and the preload import from electron', () => {
    const standIn = createElectronStandIn({ userData: '/nonexistent' }).module as Record<string, unknown>;
    const shell = electronImports(join(root, 'main/shell'));
    expect(shell.size).toBeGreaterThan(5);
    for (const [file, names] of shell) {
      for (const name of names) expect(standIn[name], `${name}, imported by main/shell/${file}`).toBeDefined();
    }
    // The preload's side is the sandbox's (preloadSandbox.ts): contextBridge and ipcRenderer only.
    expect([...electronImports(join(root, 'preload')).values()].flat().sort()).toEqual([
      'contextBridge',
      'ipcRenderer',
    ]);
  });
});
