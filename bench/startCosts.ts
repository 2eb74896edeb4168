// What each piece the account's open loads costs resident, measured alone (issue 30, item 7):
// each in a fresh process of the pinned Node with --expose-gc and the young generation kept small
// as the app keeps it (main/shell/youngGeneration.ts) (bench/startCostsChild.ts, bundled for plain
// node), the RSS and the V8 heap in use after a collection, before and after it. The
// deltas do not add up to the account's: pieces share what they load (fastify, node's own
// modules), and the process's RSS also holds V8's pages for the young generation and the code of
// node's binary that the piece first ran. p50 of RUNS (default 3) processes per piece.
//
//   npx tsx bench/startCosts.ts
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from '../scripts/electronBinary.mjs';
import { bundleForNode } from '../test/support/nodeBundle';
import { percentile } from './types';

const here = dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;
const RUNS = Number(process.env.RUNS ?? 3);

const PIECES: Array<[string, string]> = [
  ['package:fastify', 'fastify (with avvio, find-my-way, pino, its ajv and fast-json-stringify compilers)'],
  ['package:zod', 'zod (the contract: common/contract.ts)'],
  ['package:dbus-next', 'dbus-next (the tray host check, calendars)'],
  ['package:@napi-rs/keyring', '@napi-rs/keyring (the keychain)'],
  ['package:node:sqlite', 'node:sqlite, one database opened'],
  ['package:undici/lib/api/api-request.js', "undici's request (the API client)"],
  ['package:undici/lib/global.js', "undici's global dispatcher"],
  ['package:prom-client', 'prom-client (metrics)'],
  ['package:pg', 'pg (PostgreSQL)'],
  ['package:ical.js', 'ical.js (calendars)'],
  ['package:fast-xml-parser', 'fast-xml-parser (v1 XML)'],
  ['routes:v2', 'service: v2 user, projects, tags, timers, entries routes'],
  ['routes:v1', 'service: v1 API under /api (with its XML)'],
  ['routes:oauth', 'service: OAuth pages and token endpoint'],
  ['routes:money', 'service: invoices, expenses, entry actions, webhooks, receivers'],
  ['routes:people', 'service: users, teams, not-implemented routes'],
  ['routes:delivery', 'service: webhook and broadcast delivery'],
];

mkdirSync(join(root, '.scratch'), { recursive: true });
const child = await bundleForNode(join(here, 'startCostsChild.ts'), join(root, '.scratch', 'startCostsChild.mjs'));
const rows: string[] = ['| piece | RSS | heap used |', '|---|---|---|'];
for (const [piece, label] of PIECES) {
  const runs: Array<{ rss: number; heap: number }> = [];
  for (let i = 0; i < RUNS; i++) {
    const run = spawnSync(process.execPath, ['--expose-gc', '--semi-space-growth-factor=1', child, piece], {
      cwd: root,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`${piece}: ${run.stderr}`);
    const { before, after } = JSON.parse(run.stdout.trim().split('\n').pop()!);
    runs.push({ rss: (after.rss - before.rss) / MB, heap: (after.heapUsed - before.heapUsed) / MB });
  }
  const p50 = (of: (r: { rss: number; heap: number }) => number) => percentile(runs.map(of), 50).toFixed(1);
  rows.push(`| ${label} | +${p50((r) => r.rss)} MB | +${p50((r) => r.heap)} MB |`);
  console.log(rows.at(-1));
}
console.log(`\nNode ${process.version}, ${RUNS} processes per piece, p50\n\n${rows.join('\n')}`);
