// `npm run bench`: runs every bench/*.bench.ts (or those named on the command line), prints a
// table and writes bench/RESULTS.md, the record the issues' notes quote.
import { readdirSync, writeFileSync } from 'node:fs';
import { arch, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark, BenchResult } from './types';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
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
  ...rows.map((r) => `| ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.target ?? ''} | ${r.met === undefined ? '' : r.met ? 'yes' : 'NO'} | ${r.detail ?? ''} |`),
  ``,
];
console.log(lines.join('\n'));
if (wanted.length === 0) writeFileSync(join(here, 'RESULTS.md'), lines.join('\n'));
