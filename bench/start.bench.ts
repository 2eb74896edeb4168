// Start and footprint of the shipped app (issue 19, item 6): dist/main/index.cjs, built as
// `npm run dist` packages it, booted under the Electron stand-in on the pinned Node with fresh
// data, the embedded account and a real keychain (a Secret Service on a private bus), each boot in
// a fresh process (bench/startChild.ts, bundled for plain node). Measured: ms from the process's
// start to the tray, and resident memory then (the account opens after the tray is drawn: its
// time is in the rows' details, its memory a row of its own); p50 of STINT_START_BOOTS boots (default 7).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from '../scripts/build.mjs';
import { root } from '../scripts/electronBinary.mjs';
import { bundleForNode } from '../test/support/nodeBundle';
import { startSecretService } from '../test/support/secretService';
import { percentile, type Benchmark } from './types';

const MB = 1024 * 1024;
const here = dirname(fileURLToPath(import.meta.url));

export interface Boot {
  ms: number;
  cpuMs: number;
  rss: number;
  /** When the account was open (its window made) and the tray showed it: ms, CPU ms and memory then. */
  account: { ms: number; cpuMs: number; rss: number };
  settledRss: number;
  errors: string[];
  /** With STINT_START_MODULES=1: resident memory once the bundle and its packages were loaded. */
  codeLoadedRss: number;
  modules: Array<{ id: string; ms: number; rssAfter: number }>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export async function bootOnce(child: string, env: NodeJS.ProcessEnv): Promise<Boot> {
  const userData = mkdtempSync(join(tmpdir(), 'stint-start-'));
  try {
    const port = await freePort();
    return await new Promise<Boot>((resolve, reject) => {
      const p = spawn(process.execPath, [child, userData, String(port)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      p.stdout.on('data', (d: Buffer) => (out += d.toString()));
      p.stderr.on('data', (d: Buffer) => (err += d.toString()));
      p.on('error', reject);
      p.on('exit', (code) => {
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (code !== 0 || !line) reject(new Error(`boot exited ${code}: ${err.slice(-2000)}`));
        else resolve(JSON.parse(line) as Boot);
      });
    });
  } finally {
    rmSync(userData, { recursive: true, force: true });
  }
}

const bench: Benchmark = async () => {
  const boots = Number(process.env.STINT_START_BOOTS ?? 7);
  await buildAll();
  mkdirSync(join(root, '.scratch'), { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'stint-start-bench-'));
  const secrets = await startSecretService();
  try {
    // In .scratch/, right below the project's root: the bundled child finds dist/ and node_modules from there.
    const child = await bundleForNode(join(here, 'startChild.ts'), join(root, '.scratch', 'startChild.mjs'));
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: secrets.busAddress };
    await bootOnce(child, env); // the disk cache warm, as for any start but the first after a reboot
    const runs: Boot[] = [];
    for (let i = 0; i < boots; i++) runs.push(await bootOnce(child, env));
    const ms = percentile(
      runs.map((r) => r.ms),
      50,
    );
    const rss = percentile(
      runs.map((r) => r.rss / MB),
      50,
    );
    const settled = percentile(
      runs.map((r) => r.settledRss / MB),
      50,
    );
    const account = percentile(
      runs.map((r) => r.account.rss / MB),
      50,
    );
    const p50 = (of: (boot: Boot) => number) => percentile(runs.map(of), 50).toFixed(0);
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
    return [
      {
        name: 'start: process start to tray, p50',
        value: Math.round(ms),
        unit: 'ms',
        target: '< 250 ms',
        met: ms < 250,
        detail: `${boots} boots, ${range(runs.map((r) => r.ms))} ms, CPU to the tray p50 ${percentile(
          runs.map((r) => r.cpuMs),
          50,
        ).toFixed(
          0,
        )} ms; account open p50 ${p50((r) => r.account.ms)} ms (CPU ${p50((r) => r.account.cpuMs)} ms); dist/main/index.cjs under the stand-in, fresh data, embedded account`,
      },
      {
        name: 'start: resident memory at the tray, p50',
        value: Math.round(rss),
        unit: 'MB',
        target: '< 100 MB',
        met: rss < 100,
        detail: `${range(runs.map((r) => r.rss / MB))} MB; account open ${p50((r) => r.account.rss / MB)} MB; 1.5 s later ${settled.toFixed(0)} MB`,
      },
      {
        // Issue 30, item 7: what the tray's process holds once the embedded account is open.
        name: 'start: resident memory with the account open, p50',
        value: Math.round(account),
        unit: 'MB',
        target: '< 100 MB',
        met: account < 100,
        detail: `${range(runs.map((r) => r.account.rss / MB))} MB when its window was made and the tray showed it; 1.5 s later ${settled.toFixed(0)} MB (${range(runs.map((r) => r.settledRss / MB))}); at the tray ${rss.toFixed(0)} MB; per piece: bench/startCosts.ts`,
      },
    ];
  } finally {
    await secrets.stop();
    rmSync(work, { recursive: true, force: true });
  }
};

export default bench;
