// The main bundles are ASCII (issue 30, item 7). V8 keeps a script's source in memory for as long
// as its functions live, one byte a character only when every character is Latin-1: a single
// other one (esbuild writes strings' characters as escapes, but leaves regular expressions,
// comments inside expressions and tagged templates as they are) doubled account.cjs's 1.3 MB of
// source to 2.5 MB of heap. Write such a character as an escape (\u2013) in the source.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAll } from '../../../scripts/build.mjs';
import { root } from '../../../scripts/electronBinary.mjs';

mkdirSync(join(root, 'dist'), { recursive: true });
const out = mkdtempSync(join(root, 'dist', '.ascii-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Each line of the file with a character outside ASCII, cut to the place. */
function nonAsciiLines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      const at = line.search(/[^\x00-\x7f]/);
      return at === -1 ? [] : [`${i + 1}: ${line.slice(Math.max(0, at - 40), at + 20)}`];
    });
}

describe('the main bundles', () => {
  it('hold only ASCII characters, so V8 keeps their source at one byte a character', async () => {
    await buildAll({ out });
    for (const name of ['index.cjs', 'account.cjs', 'calendarWorker.cjs'])
      expect(nonAsciiLines(join(out, 'main', name)), name).toEqual([]);
  }, 120_000);
});
