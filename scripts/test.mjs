// `npm test`: type-checks both tsconfig projects, checks format and lint (Biome, any finding
// fails; no production function over 80 lines, scripts/functionLength.mjs), runs
// the Electron security lint (0 HIGH and 0 MEDIUM findings beyond its justified exceptions), runs every vitest suite (unit, integration, e2e), then prints one closing line
// summing them: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './electronBinary.mjs';

const bin = (name) => join(root, 'node_modules/.bin', name);
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', cwd: root }).status ?? 1;

let failedChecks = 0;
for (const project of ['tsconfig.node.json', 'tsconfig.web.json']) {
  console.log(`Type-checking ${project}`);
  if (run(bin('tsc'), ['-p', project]) !== 0) failedChecks++;
}
console.log('Format and lint (Biome: biome.json)');
if (run(bin('biome'), ['ci', '--error-on-warnings', '.']) !== 0) failedChecks++;
console.log('Function length (scripts/functionLength.mjs: none over 80 lines)');
if (run(process.execPath, [join(root, 'scripts/functionLength.mjs')]) !== 0) failedChecks++;
console.log('Electron security lint (electronegativity)');
if (run(process.execPath, [join(root, 'scripts/electronegativity.mjs')]) !== 0) failedChecks++;

const report = join(mkdtempSync(join(tmpdir(), 'stint-test-')), 'vitest.json');
const status = run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

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
