// `npm run bench`: runs every bench/*.bench.ts (or those named on the command line), prints a
// table and writes bench/RESULTS.md, the record the issues' notes quote (named runs only with
// --update, which replaces just their rows).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark, BenchResult } from './types';

const here = dirname(fileURLToPath(import.meta.url));
// `--update`: run only the named benchmarks and replace their rows in RESULTS.md (by benchmark
// name), keeping the others; without it, named runs only print.
const update = process.argv.includes('--update');
const wanted = process.argv.slice(2).filter((a) => a !== '--update');
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

const rows: Array<BenchResult & { file: string }> = [];
for (const file of files) {
  console.log(`running ${file}`);
  const benchmark = (await import(pathToFileURL(join(here, file)).href)).default as Benchmark;
  for (const result of await benchmark()) rows.push({ ...result, file });
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toPrecision(4));
const lines = [
  `# Benchmark results`,
  ``,
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? arch()}.`,
  ``,
  `| benchmark | value | target | met | detail |`,
  `|---|---|---|---|---|`,
  ...rows.map(
    (r) =>
      `| ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'yes' : 'NO'} | ${r.detail ?? ''} |`,
  ),
  ``,
];
console.log(lines.join('\n'));
const results = join(here, 'RESULTS.md');
const old = readFileSync(results, 'utf8');
if (wanted.length === 0) writeFileSync(results, [...lines, ...notes(old)].join('\n'));
else if (update) writeFileSync(results, [...merged(old, lines), ...notes(old)].join('\n'));

/** The hand-written sections after the table (from the first "## " heading on): kept as they are. */
function notes(text: string): string[] {
  const at = text.indexOf('\n## ');
  return at === -1 ? [] : text.slice(at + 1).split('\n');
}

/**
 * Where a new row goes: a variant of another row (its name followed by " [PostgreSQL]" or
 * another setting in brackets) right after the first rows of its family; any other row at the end.
 */
function placeFor(rows: string[], row: string): number {
  const [full] = row.split(' | ');
  const family = full!.includes(' [') ? full!.slice(0, full!.indexOf(' [')) : undefined;
  if (!family) return rows.length;
  let at = rows.findIndex((r) => r.startsWith(family));
  if (at === -1) return rows.length;
  while (rows[at + 1]?.startsWith(family)) at++;
  return at + 1;
}

/** The old table with each fresh row in place of the row of the same name (new names appended), under the fresh heading. */
function merged(old: string, fresh: string[]): string[] {
  const name = (row: string) => row.split(' | ')[0];
  const freshRows = fresh.filter((l) => l.startsWith('| ') && !l.startsWith('| benchmark'));
  const byName = new Map(freshRows.map((r) => [name(r), r]));
  // Only the results table: the notes after it may hold tables of their own.
  const table = old.includes('\n## ') ? old.slice(0, old.indexOf('\n## ')) : old;
  const oldRows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| benchmark'));
  const rows = oldRows.map((r) => byName.get(name(r)) ?? r);
  for (const r of freshRows) if (!oldRows.some((o) => name(o) === name(r))) rows.splice(placeFor(rows, r), 0, r);
  const head = fresh.slice(0, fresh.findIndex((l) => l.startsWith('| benchmark')) + 2);
  return [...head, ...rows, ''];
}
