// Each test passes run alone by name (docs: the project's rules). This lists the tests of the
// given files (`vitest list`) and runs each one by itself, by its full name, one after another,
// then prints which failed alone. A test that passes in its file but fails here leans on an
// earlier test of that file.
//
//   node scripts/alone.mjs <test file or folder>... [--only <substring of a test name>]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './electronBinary.mjs';

const bin = join(root, 'node_modules/.bin');
const vitest = join(bin, 'vitest');
// As `npx` runs it: the project's pinned Node (the `node` package in node_modules/.bin) first on
// the PATH, and no colours in the output this script reads.
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1', FORCE_COLOR: '0' };
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const paths = args.filter((a, i) => a !== '--only' && args[i - 1] !== '--only');
if (paths.length === 0) {
  console.error('usage: node scripts/alone.mjs <test file or folder>... [--only <name part>]');
  process.exit(2);
}

/** The tests of the files, as vitest names them: "describe > ... > test". */
function list() {
  const dir = mkdtempSync(join(tmpdir(), 'stint-alone-'));
  try {
    const out = join(dir, 'tests.json');
    // `--json=<file>`: a bare `--json <path>` would take the next path as the file to write.
    const listed = spawnSync(vitest, ['list', `--json=${out}`, ...paths], { cwd: root, env, encoding: 'utf8' });
    if (listed.status !== 0) throw new Error(`vitest list failed:\n${listed.stderr}`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const tests = list().filter((t) => only === null || t.name.includes(only));
const failed = [];
for (const [i, test] of tests.entries()) {
  // vitest matches -t against the suite names and the test's, joined by spaces.
  const pattern = `^${escapeRegExp(test.name.split(' > ').join(' '))}$`;
  const started = Date.now();
  const run = spawnSync(vitest, ['run', test.file, '-t', pattern], { cwd: root, env, encoding: 'utf8' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const output = `${run.stdout}\n${run.stderr}`;
  // A pattern that matched nothing passes vacuously: count it as a failure of this script.
  const ran = /Tests\s+.*\b1 passed\b/.test(output);
  const ok = run.status === 0 && ran;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${i + 1}/${tests.length} ${seconds} s  ${test.file.slice(root.length + 1)} › ${test.name}`,
  );
  if (!ok) {
    failed.push(test);
    const reason = output.match(/(Error|AssertionError|TypeError)[^\n]*\n/)?.[0] ?? (ran ? '' : 'no test ran');
    console.log(`     ${reason.trim()}`);
  }
}
console.log(`${tests.length - failed.length} of ${tests.length} pass alone`);
for (const t of failed) console.log(`fails alone: ${t.file.slice(root.length + 1)} › ${t.name}`);
process.exit(failed.length ? 1 : 0);
