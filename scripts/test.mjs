// `npm test`: type-checks both tsconfig projects, checks format and lint (Biome, any finding
// fails; no production function over 80 lines, scripts/functionLength.mjs), runs
// the Electron security lint (0 HIGH and 0 MEDIUM findings beyond its justified exceptions), runs every vitest suite (unit, integration, e2e), then prints one closing line
// summing them: "tests: N passed, N failed, N skipped".
//
// The checks run beside vitest, not before it: they only read the tree, and most of vitest's time
// is spent waiting on sockets, fsync, PostgreSQL and Chromium, which leaves a core free more often
// than not (run first, they were 60–130 s of a 2-core machine's run). They run at a lower priority
// (nice 10), so a test's work comes first and the checks take the cycles it leaves; their output is
// kept and printed once vitest is done, each under its name, so it does not break into vitest's.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './electronBinary.mjs';

const bin = (name) => join(root, 'node_modules/.bin', name);
// Not spawnSync: the checks' output is read while vitest runs.
const run = (cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });

/** Runs a check in the background at a lower priority; resolves to its name, exit status and output. */
function check(name, cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root });
    try {
      setPriority(child.pid, 10);
    } catch {
      // Not allowed here, or already exited: it runs at the usual priority.
    }
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, status: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ name, status: code ?? 1, output }));
  });
}

const checks = Promise.all([
  check('Type-checking tsconfig.node.json', bin('tsc'), ['-p', 'tsconfig.node.json']),
  check('Type-checking tsconfig.web.json', bin('tsc'), ['-p', 'tsconfig.web.json']),
  check('Format and lint (Biome: biome.json)', bin('biome'), ['ci', '--error-on-warnings', '.']),
  check('Function length (scripts/functionLength.mjs: none over 80 lines)', process.execPath, [
    join(root, 'scripts/functionLength.mjs'),
  ]),
  check('Electron security lint (electronegativity)', process.execPath, [join(root, 'scripts/electronegativity.mjs')]),
]);

const report = join(mkdtempSync(join(tmpdir(), 'stint-test-')), 'vitest.json');
const status = await run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

let failedChecks = 0;
for (const { name, status: checkStatus, output } of await checks) {
  console.log(`${name}: ${checkStatus === 0 ? 'passed' : 'FAILED'}`);
  if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (checkStatus !== 0) failedChecks++;
}

let passed = 0,
  failed = failedChecks,
  skipped = 0;
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  skipped += results.numPendingTests + results.numTodoTests;
  // A file that fails to load runs no test but is still a failure.
  failed += results.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
} catch {
  failed += 1;
  console.log('vitest wrote no report');
}
if (failedChecks) console.log(`${failedChecks} type, lint or security check(s) failed (counted as failures)`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || status !== 0 ? 1 : 0);
