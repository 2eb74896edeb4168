// Killed at random moments and started again, at the full count: test/integration/outbox/crash.test.ts
// with 220 kills (it runs 40 in `npm test`), run by vitest in a child process, its closing line
// read back. STINT_CRASH_BENCH_KILLS sets how many.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../scripts/electronBinary.mjs';
import type { Benchmark } from './types';

const bench: Benchmark = async () => {
  const kills = Number(process.env.STINT_CRASH_BENCH_KILLS ?? 220);
  const started = Date.now();
  const bin = join(root, 'node_modules/.bin');
  const run = spawnSync(join(bin, 'vitest'), ['run', 'test/integration/outbox/crash.test.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, STINT_CRASH_KILLS: String(kills), NO_COLOR: '1' },
  });
  const ms = Date.now() - started;
  const output = `${run.stdout}\n${run.stderr}`;
  const line = /crash: (\d+) kills[^\n]*/.exec(output);
  const passed = run.status === 0;
  const readyMedian = Number(/start-up to ready: median (\d+) ms/.exec(output)?.[1] ?? Number.NaN);
  if (!passed) console.log(output.slice(-4000));
  return [
    {
      name: 'crash: kills survived, nothing lost or duplicated',
      value: Number(line?.[1] ?? 0),
      unit: 'kills',
      target: `${kills}, exact`,
      met: passed && Number(line?.[1]) === kills,
      detail: `${line?.[0].slice(0, 300) ?? 'no summary line'}; ${(ms / 1000).toFixed(0)} s`,
    },
    {
      // How long a restarted app takes until core is open, over every life of the run: a speed,
      // so it is measured here rather than bounded in the test (load stretches it).
      name: 'crash: start-up to ready after a kill, median',
      value: readyMedian,
      unit: 'ms',
      target: '< 1000',
      met: passed && readyMedian < 1000,
      detail: /start-up to ready: [^;\n]*/.exec(output)?.[0] ?? 'no start-up figures',
    },
  ];
};

export default bench;
