// The chaos scenario's in-process tier at three times `npm test`'s count: 300 seeds of 60 user
// actions (test/integration/outbox/chaosInProcess.test.ts runs 100), the real client reaching
// the real service through `inject` with the same faults, restarts and invariants, on the fake
// clock. STINT_FAST_CHAOS_BENCH_SEEDS sets how many seeds, ..._LANES how many run at once (16).
import { runChaos, type ChaosResult } from '../test/support/chaosScenario';
import { percentile, type Benchmark } from './types';

const ACTIONS = 60;

const bench: Benchmark = async () => {
  const count = Number(process.env.STINT_FAST_CHAOS_BENCH_SEEDS ?? 300);
  const lanes = Number(process.env.STINT_FAST_CHAOS_BENCH_LANES ?? 16);
  const results: ChaosResult[] = [];
  const failures: string[] = [];
  const started = Date.now();
  let next = 1;
  const lane = async () => {
    while (next <= count) {
      const seed = next++;
      try {
        const r = await runChaos({ seed, actions: ACTIONS, bulk: seed % 2 === 1, network: 'in-process' });
        results.push(r);
        if (r.lost + r.duplicated + r.wrong + r.failed > 0 || r.problems.length > 0) {
          failures.push(`seed ${seed}`);
          console.log(`seed ${seed} (STINT_FAST_CHAOS_SEEDS=${seed}):`, r.problems.slice(0, 10));
        }
      } catch (error) {
        failures.push(`seed ${seed} did not finish`);
        console.log(`seed ${seed} did not finish (STINT_FAST_CHAOS_SEEDS=${seed}):`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  const seconds = (Date.now() - started) / 1000;
  const sum = (k: 'operations' | 'requests' | 'faults' | 'restarts') => results.reduce((s, r) => s + r[k], 0);
  return [
    {
      name: 'in-process chaos: seeds exact (nothing lost, duplicated, wrong or failed)',
      value: results.length - failures.filter((f) => !f.endsWith('did not finish')).length,
      unit: 'seeds',
      target: `${count}`,
      met: failures.length === 0 && results.length === count,
      detail:
        failures.join(', ') ||
        `${ACTIONS} actions each, ${sum('operations')} operations, ${sum('requests')} requests, ${sum('faults')} faulted, ${sum('restarts')} restarts`,
    },
    {
      name: 'in-process chaos: wall time for all seeds',
      value: Number(seconds.toFixed(1)),
      unit: 's',
      target: '< 30 s for 300 seeds',
      met: count >= 300 && seconds < 30,
      detail: `${lanes} at once; per seed p50 ${percentile(
        results.map((r) => r.ms),
        50,
      )} ms, p95 ${percentile(
        results.map((r) => r.ms),
        95,
      )} ms`,
    },
  ];
};

export default bench;
