// The gate around electronegativity: its CSV is read exactly (quotes, commas in samples, N/A),
// an exception covers only the check, file and line it names, and HIGH/MEDIUM are what fail.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyExceptions, isGated, parseCsv, scan } from '../../../scripts/electronegativity.mjs';

const csv = [
  'issue, severity, confidence, filename, location, sample, description, url',
  'LIMIT_NAVIGATION_GLOBAL_CHECK,"HIGH","CERTAIN","N/A","0:0",N/A,"Missing navigation limits",https://example.test/a',
  'PRELOAD_JS_CHECK,"MEDIUM","FIRM","main/shell/window.ts","19:6","preload: paths.preload,","Review the use of preload scripts",https://example.test/b',
  'OPEN_EXTERNAL_JS_CHECK,"MEDIUM","TENTATIVE","main/shell/oauth.ts","3:1","void shell.openExternal(url, { say: ""hi"" });","Review the use of openExternal",https://example.test/c',
  'CSP_GLOBAL_CHECK,"LOW","FIRM","renderer/index.html","5:0","default-src \'none\'; script-src \'self\'","One or more CSP directives",https://example.test/d',
  '',
].join('\r\n');

describe('electronegativity gate', () => {
  it('reads every finding with its quoted fields intact', () => {
    const findings = parseCsv(csv);
    expect(findings.map((f) => [f.issue, f.severity, f.filename])).toEqual([
      ['LIMIT_NAVIGATION_GLOBAL_CHECK', 'HIGH', 'N/A'],
      ['PRELOAD_JS_CHECK', 'MEDIUM', 'main/shell/window.ts'],
      ['OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'main/shell/oauth.ts'],
      ['CSP_GLOBAL_CHECK', 'LOW', 'renderer/index.html'],
    ]);
    expect(findings[2]!.sample).toBe('void shell.openExternal(url, { say: "hi" });');
    expect(findings[3]!.sample).toBe("default-src 'none'; script-src 'self'");
  });

  it('excepts only the named check in the named file, and gates HIGH and MEDIUM', () => {
    const { excepted, remaining } = applyExceptions(parseCsv(csv));
    expect(excepted.map((f) => f.issue)).toEqual(['PRELOAD_JS_CHECK']);
    expect(excepted[0]!.why).toMatch(/contract/);
    // openExternal elsewhere is not covered by the window's exception.
    expect(remaining.filter(isGated).map((f) => f.issue)).toEqual([
      'LIMIT_NAVIGATION_GLOBAL_CHECK',
      'OPEN_EXTERNAL_JS_CHECK',
    ]);
    expect(remaining.filter((f) => !isGated(f)).map((f) => f.severity)).toEqual(['LOW']);
  });

  it('does not except the preload check once the flagged line changes', () => {
    const moved = parseCsv(csv.replace('preload: paths.preload,', 'preload: somewhereElse,'));
    expect(applyExceptions(moved).excepted).toEqual([]);
  });
});

describe('electronegativity over the tree', () => {
  it('scans main, preload, renderer and common in one run: a risky window in each is found', () => {
    const tree = mkdtempSync(join(tmpdir(), 'stint-en-fixture-'));
    try {
      const parts = ['main', 'preload', 'renderer', 'common'];
      for (const part of parts) {
        mkdirSync(join(tree, part));
        writeFileSync(
          join(tree, part, 'window.ts'),
          "import { BrowserWindow } from 'electron';\nexport const w = new BrowserWindow({ webPreferences: { nodeIntegration: true } });\n",
        );
      }
      writeFileSync(join(tree, 'package.json'), '{"name":"fixture","devDependencies":{"electron":"45.4.1"}}');
      const { findings } = scan(tree, [...parts, 'package.json']);
      const flagged = findings
        .filter((f) => f.issue === 'NODE_INTEGRATION_JS_CHECK')
        .map((f) => f.filename.split('/')[0]);
      expect([...new Set(flagged)].sort()).toEqual([...parts].sort());
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  }, 60_000);
});
