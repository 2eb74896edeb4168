// What the account's half of main (account.cjs) loads at the open (issue 30, item 7): not the
// packages only a first use needs. ical.js is the calendars' thread's (calendarWorker.cjs): a
// constant imported from icsCalendar.ts once put it, 632 KB of source and its code, in every
// account's open, with calendars or without.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../../scripts/build.mjs';
import { root } from '../../../scripts/electronBinary.mjs';

mkdirSync(join(root, 'dist'), { recursive: true });
const out = mkdtempSync(join(root, 'dist', '.account-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
beforeAll(() => buildAll({ out }), 120_000);

/** The packages a bundle requires when it is loaded or later (node's own modules left out). */
const packagesOf = (name: string) =>
  new Set(
    [...readFileSync(join(out, 'main', name), 'utf8').matchAll(/require\("([^"]+)"\)/g)]
      .map((m) => m[1]!)
      .filter((id) => !id.startsWith('node:') && !id.startsWith('.')),
  );

describe('the account bundle', () => {
  it('leaves ical.js to the calendars thread', () => {
    expect(packagesOf('account.cjs')).not.toContain('ical.js');
    expect(packagesOf('calendarWorker.cjs')).toContain('ical.js');
  });
});
