// While the service is out of reach, core tries again later and later (1 s, doubling, at most a
// minute), does not poll, and tries at once when the system says something changed.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/types';
import type { FakeClock } from '../../../support/clock';
import { ACCOUNT, unreachableApi, until } from '../../../support/offline';
import { offlineCoreForEach, type OfflineCore } from '../support/offlineCore';

let dir: OfflineCore['dir'];
let clock: FakeClock;
let core: Core;
offlineCoreForEach((shared) => ({ dir, clock, core } = shared));

/** The one thing core waits for on the clock: its next try. */
const nextTryIn = async (ms: number) =>
  until(
    () => clock.pending().count === 1 && clock.pending().nextInMs === ms,
    `a try in ${ms} ms (clock: ${JSON.stringify(clock.pending())})`,
  );

describe('core offline', () => {
  it('backs off 1 s, 2 s, 4 s … up to a minute, with no poll meanwhile', async () => {
    for (const ms of [1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]) {
      await nextTryIn(ms);
      expect(core.getSnapshot().online).toBe(false);
      clock.advance(ms);
    }
  });

  it('tries again at once on wake, unlock, window shown, or the user asking', async () => {
    for (const ms of [1000, 2000, 4000, 8000, 16000, 32000, 60000]) {
      await nextTryIn(ms);
      clock.advance(ms);
    }
    await nextTryIn(60000);
    for (const event of ['resume', 'unlock', 'window-shown'] as const) {
      clock.advance(30_000);
      await nextTryIn(30_000);
      core.notify(event);
      await nextTryIn(60_000);
    }
    clock.advance(30_000);
    await core.handlers.refresh({});
    await nextTryIn(60_000);
  });

  it('takes another backoff from its options (tests run it in milliseconds)', async () => {
    await core.stop();
    core = await createCore({
      api: await unreachableApi(),
      dataDir: dir.path,
      account: ACCOUNT,
      clock,
      backoff: { firstMs: 10, capMs: 35 },
    });
    // A core of the test's own: the file's set-up stops only the one it made.
    onTestFinished(() => core.stop());
    for (const ms of [10, 20, 35, 35]) {
      await nextTryIn(ms);
      clock.advance(ms);
    }
  });

  it('does not cut a backoff short for each new action, which would hammer a service that is down', async () => {
    await nextTryIn(1000);
    clock.advance(1000);
    await nextTryIn(2000);
    clock.advance(500);
    await core.handlers.createProject({ name: 'Website' });
    await new Promise((r) => setTimeout(r, 50));
    expect(clock.pending()).toEqual({ count: 1, nextInMs: 1500 });
  });
});
