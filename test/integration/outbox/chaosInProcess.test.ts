// The chaos scenario's fast tier: the same user (every action: projects, timers started, paused,
// logged and discarded, quick entries, entries deleted and edited), the same faults (resets
// before and after the service acted, cut answers, timeouts, 500/503/429, a token that looks
// expired for a while), the same restarts of core from its data folder and the same invariants
// per seed as chaos.test.ts, but with the real client reaching the real service's fastify app
// through `inject` (test/support/faultDispatcher.ts) on a fake clock that moves whenever nothing
// is in flight (test/support/chaosNetwork.ts): many short seeds instead of a few long ones.
//
// A failing seed names itself and the command that replays it alone:
//   STINT_FAST_CHAOS_SEEDS=<seed> npx vitest run test/integration/outbox/chaosInProcess.test.ts
import { afterAll, describe, expect, it } from 'vitest';
import { runChaos, type ChaosResult } from '../../support/chaosScenario';

const ACTIONS = Number(process.env.STINT_FAST_CHAOS_ACTIONS ?? 60);
/** Seeds run at once within a batch: their waits for the client's real timeouts overlap. */
const LANES = 8;
const BATCH = 25;

function seeds(): number[] {
  const spec = process.env.STINT_FAST_CHAOS_SEEDS ?? '1-100';
  return spec.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    return Array.from({ length: (to ?? from!) - from! + 1 }, (_, i) => from! + i);
  });
}

const replay = (seed: number) =>
  `STINT_FAST_CHAOS_SEEDS=${seed} STINT_FAST_CHAOS_ACTIONS=${ACTIONS} npx vitest run test/integration/outbox/chaosInProcess.test.ts`;

const results: ChaosResult[] = [];
const sum = (k: 'operations' | 'requests' | 'faults' | 'restarts' | 'imports') => results.reduce((s, r) => s + r[k], 0);
const entries = (k: keyof ChaosResult['entryActions']) => results.reduce((s, r) => s + r.entryActions[k], 0);

/** The invariants chaos.test.ts checks per seed, as one value: all zero and no problem when all is well. */
const verdict = (r: ChaosResult) => ({
  lost: r.lost,
  duplicated: r.duplicated,
  wrong: r.wrong,
  failed: r.failed,
  problems: r.problems,
});
const clean = { lost: 0, duplicated: 0, wrong: 0, failed: 0, problems: [] };

async function runSeed(seed: number): Promise<string | null> {
  try {
    // Odd seeds drain through the bulk import too, as the embedded account does.
    const r = await runChaos({ seed, actions: ACTIONS, bulk: seed % 2 === 1, network: 'in-process' });
    results.push(r);
    if (r.operations !== ACTIONS) return `seed ${seed}: ${r.operations} of ${ACTIONS} operations`;
    const v = verdict(r);
    if (JSON.stringify(v) !== JSON.stringify(clean))
      return `seed ${seed}: ${JSON.stringify(v)}\n  replay: ${replay(seed)}`;
    return null;
  } catch (error) {
    return `seed ${seed} did not finish: ${error instanceof Error ? error.message : String(error)}\n  replay: ${replay(seed)}`;
  }
}

const all = seeds();
const batches = Array.from({ length: Math.ceil(all.length / BATCH) }, (_, i) => all.slice(i * BATCH, (i + 1) * BATCH));

describe.concurrent(`${ACTIONS} actions per seed over a faulty in-process network`, () => {
  for (const batch of batches) {
    it(`seeds ${batch[0]}-${batch.at(-1)}`, { timeout: 600_000 }, async () => {
      const failures: string[] = [];
      let next = 0;
      const lane = async () => {
        while (next < batch.length) {
          const failure = await runSeed(batch[next++]!);
          if (failure) failures.push(failure);
        }
      };
      await Promise.all(Array.from({ length: LANES }, lane));
      expect(failures).toEqual([]);
    });
  }
});

describe('over all seeds', () => {
  afterAll(() => {
    if (results.length === 0) return;
    console.log(
      `in-process chaos: ${results.length} seeds × ${ACTIONS} actions, ${sum('operations')} operations, ${sum('requests')} requests (${sum('imports')} bulk imports), ${sum('faults')} faulted, ${sum('restarts')} restarts; ` +
        `${entries('deleted')} entries deleted, ${entries('edited')} edited (${entries('editedQueued')} before they were created); ` +
        `lost ${results.reduce((s, r) => s + r.lost, 0)}, duplicated ${results.reduce((s, r) => s + r.duplicated, 0)}; slowest seed ${Math.max(...results.map((r) => r.ms))} ms`,
    );
  });

  it('met every fault, restarts, and entries deleted and edited, some before they were created', () => {
    // Only meaningful over the full default run; a replay of one seed checks its invariants only.
    if (results.length < 50) return;
    expect(sum('faults')).toBeGreaterThan(sum('requests') * 0.15);
    const kinds = new Set(results.flatMap((r) => Object.keys(r.faultsByKind)));
    expect([...kinds].sort()).toEqual(
      [
        '401',
        '429',
        '500',
        '500-after',
        '503',
        '503-after',
        'cut-answer',
        'expire',
        'reset-after',
        'reset-before',
        'timeout-after',
        'timeout-before',
      ].sort(),
    );
    expect(sum('restarts')).toBeGreaterThan(0);
    expect(sum('imports')).toBeGreaterThan(0);
    expect(entries('deleted')).toBeGreaterThan(0);
    expect(entries('editedQueued')).toBeGreaterThan(0);
    expect(entries('edited')).toBeGreaterThan(entries('editedQueued'));
  });
});
