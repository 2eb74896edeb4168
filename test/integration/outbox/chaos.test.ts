// Nothing lost, nothing duplicated: for each seed, 1000 user actions through a real core, the
// real client and the local service, with a quarter of the requests failing on the way (resets
// before and after the service acted, cut answers, timeouts, 500/503/429, a token that looks
// expired for a while) and the app quit and restarted now and then. Afterwards the service holds
// exactly what the user did. See test/support/chaosScenario.ts. Over real HTTP and real time this
// runs three seeds in `npm test` (20 before the in-process tier, chaosInProcess.test.ts, took the
// breadth: a hundred shorter seeds of the same scenario); more seeds: bench/chaos.bench.ts (60),
// or STINT_CHAOS_SEEDS=1-200 here.
import { afterAll, describe, expect, it } from 'vitest';
import { runChaos, type ChaosResult } from '../../support/chaosScenario';

function seeds(): number[] {
  const spec = process.env.STINT_CHAOS_SEEDS ?? '1-3';
  return spec.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    return Array.from({ length: (to ?? from!) - from! + 1 }, (_, i) => from! + i);
  });
}

const results: ChaosResult[] = [];
afterAll(() => {
  if (results.length === 0) return;
  const sum = (
    k: 'operations' | 'requests' | 'imports' | 'faults' | 'lost' | 'duplicated' | 'wrong' | 'failed' | 'restarts',
  ) => results.reduce((s, r) => s + r[k], 0);
  const entries = (k: keyof ChaosResult['entryActions']) => results.reduce((s, r) => s + r.entryActions[k], 0);
  console.log(
    `chaos: ${results.length} seeds, ${sum('operations')} operations, ${sum('requests')} requests (${sum('imports')} bulk imports), ${sum('faults')} faulted, ${sum('restarts')} restarts; ` +
      `${entries('deleted')} entries deleted, ${entries('edited')} edited (${entries('editedQueued')} before they were created); ` +
      `lost ${sum('lost')}, duplicated ${sum('duplicated')}, wrong ${sum('wrong')}, failed ${sum('failed')}; ` +
      `max timer drift ${Math.max(...results.map((r) => r.maxTimerDriftSeconds)).toFixed(2)} s; slowest seed ${Math.max(...results.map((r) => r.ms))} ms`,
  );
});

describe.concurrent('a thousand actions over a faulty network', () => {
  for (const seed of seeds()) {
    it(`seed ${seed}`, { timeout: 180_000 }, async () => {
      // Odd seeds drain through the bulk import too, as the embedded account does.
      const result = await runChaos({ seed, actions: 1000, bulk: seed % 2 === 1 });
      results.push(result);
      expect(result.operations).toBe(1000);
      // Faults did happen, of every kind the proxy makes.
      expect(result.faults).toBeGreaterThan(result.requests * 0.15);
      // Entries were deleted and edited, some before they were ever created.
      expect(result.entryActions.deleted).toBeGreaterThan(0);
      expect(result.entryActions.editedQueued).toBeGreaterThan(0);
      expect(result.entryActions.edited).toBeGreaterThan(result.entryActions.editedQueued);
      expect({
        lost: result.lost,
        duplicated: result.duplicated,
        wrong: result.wrong,
        failed: result.failed,
        problems: result.problems,
      }).toEqual({
        lost: 0,
        duplicated: 0,
        wrong: 0,
        failed: 0,
        problems: [],
      });
    });
  }
});
