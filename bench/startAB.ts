// Builds compared by the memory of the account's open (issue 30, item 7), in boots alternated in
// the same minutes: on this shared machine the load moves from one minute to the next, and a
// before-and-after of two runs minutes apart measures the load as much as the change. Each
// argument is a folder holding a copy of dist/ (`npm run build && cp -r dist .scratch/A`, then the
// change, build, `cp -r dist .scratch/B`); each boot is bench/start.bench.ts's bootOnce of that
// copy's main/index.cjs. Prints each boot, then per build the p50 and range of the resident
// memory with the account open, 1.5 s later, and the account's CPU.
//
//   STINT_AB_BOOTS=6 npx tsx bench/startAB.ts .scratch/A .scratch/B
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from '../scripts/electronBinary.mjs';
import { bundleForNode } from '../test/support/nodeBundle';
import { startSecretService } from '../test/support/secretService';
import { bootOnce } from './start.bench';
import { percentile } from './types';

const MB = 1024 * 1024;
const here = dirname(fileURLToPath(import.meta.url));
const builds = process.argv.slice(2).map((folder) => resolve(folder));
const boots = Number(process.env.STINT_AB_BOOTS ?? 6);

mkdirSync(join(root, '.scratch'), { recursive: true });
const child = await bundleForNode(join(here, 'startChild.ts'), join(root, '.scratch', 'startABChild.mjs'));
const secrets = await startSecretService();
const envFor = (build: string) => ({
  ...process.env,
  DBUS_SESSION_BUS_ADDRESS: secrets.busAddress,
  STINT_START_BUNDLE: join(build, 'main', 'index.cjs'),
});
const samples = new Map(builds.map((build) => [build, [] as Array<{ open: number; settled: number; cpu: number }>]));
try {
  for (const build of builds) await bootOnce(child, envFor(build)); // each copy's files in the disk cache
  for (let i = 0; i < boots; i++) {
    for (const build of builds) {
      const boot = await bootOnce(child, envFor(build));
      if (boot.errors.length > 0) throw new Error(`${build}: ${boot.errors.join('; ')}`);
      const sample = { open: boot.account.rss / MB, settled: boot.settledRss / MB, cpu: boot.account.cpuMs };
      samples.get(build)!.push(sample);
      console.log(
        `${build}: ${sample.open.toFixed(1)} MB open, ${sample.settled.toFixed(1)} MB later, CPU ${sample.cpu.toFixed(0)} ms`,
      );
    }
  }
} finally {
  await secrets.stop();
}
for (const [build, runs] of samples) {
  const stat = (of: (r: { open: number; settled: number; cpu: number }) => number, digits = 1) => {
    const xs = runs.map(of);
    return `${percentile(xs, 50).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
  };
  console.log(
    `${build}: account open p50 ${stat((r) => r.open)} MB, 1.5 s later ${stat((r) => r.settled)} MB, CPU ${stat((r) => r.cpu, 0)} ms; ${boots} boots`,
  );
}
