// Nothing lost, nothing duplicated, over more seeds than CI runs: the chaos scenario of
// test/integration/outbox/chaos.test.ts (1000 user actions per seed, a quarter of the requests
// faulted, restarts now and then; odd seeds also drain through the bulk import) for seeds 1001.. by default. STINT_CHAOS_BENCH_SEEDS sets how
// many, STINT_CHAOS_BENCH_LANES how many run at once (default 5).
import { runChaos, type ChaosResult } from '../test/support/chaosScenario';
import { percentile, type Benchmark } from './types';

const FIRST_SEED = 1001;

const bench: Benchmark = async () => {
  const count = Number(process.env.STINT_CHAOS_BENCH_SEEDS ?? 60);
  const lanes = Number(process.env.STINT_CHAOS_BENCH_LANES ?? 5);
  const results: ChaosResult[] = [];
  const errors: string[] = [];
  let next = FIRST_SEED;
  const lane = async () => {
    while (next < FIRST_SEED + count) {
      const seed = next++;
      try {
        const r = await runChaos({ seed, actions: 1000, bulk: seed % 2 === 1 });
        results.push(r);
        if (r.problems.length) console.log(`seed ${seed}:`, r.problems.slice(0, 10));
      } catch (error) {
        errors.push(`seed ${seed}: ${String(error)}`);
        console.log(`seed ${seed} did not finish:`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));

  const sum = (k: 'operations' | 'requests' | 'faults' | 'lost' | 'duplicated' | 'wrong' | 'failed' | 'restarts') =>
    results.reduce((s, r) => s + r[k], 0);
  const seeds = `seeds ${FIRST_SEED}-${FIRST_SEED + count - 1}`;
  return [
    {
      name: 'chaos: seeds run to the end',
      value: results.length,
      unit: 'seeds',
      target: `${count}`,
      met: results.length === count,
      detail: errors.join('; ') || seeds,
    },
    {
      name: 'chaos: operations',
      value: sum('operations'),
      unit: 'ops',
      detail: `${sum('requests')} requests, ${sum('faults')} faulted (${((100 * sum('faults')) / Math.max(1, sum('requests'))).toFixed(1)} %), ${sum('restarts')} restarts`,
    },
    { name: 'chaos: lost', value: sum('lost'), unit: 'records', target: '0', met: sum('lost') === 0 },
    { name: 'chaos: duplicated', value: sum('duplicated'), unit: 'records', target: '0', met: sum('duplicated') === 0 },
    {
      name: 'chaos: wrong (minutes, timer state or seconds)',
      value: sum('wrong'),
      unit: 'records',
      target: '0',
      met: sum('wrong') === 0,
    },
    { name: 'chaos: failed operations', value: sum('failed'), unit: 'ops', target: '0', met: sum('failed') === 0 },
    {
      name: 'chaos: max timer drift at the end',
      value: Math.max(0, ...results.map((r) => r.maxTimerDriftSeconds)),
      unit: 's',
      target: '< 4 s',
      met: results.every((r) => r.maxTimerDriftSeconds < 4),
    },
    {
      name: 'chaos: time per seed, p50',
      value: percentile(
        results.map((r) => r.ms),
        50,
      ),
      unit: 'ms',
      detail: `p95 ${percentile(
        results.map((r) => r.ms),
        95,
      )} ms, ${lanes} at once`,
    },
  ];
};

export default bench;
