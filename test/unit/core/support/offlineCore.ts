// A core whose service never answers, on a fake clock, made fresh for each test of a file.
import { afterEach, beforeEach } from 'vitest';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/types';
import { fakeClock, type FakeClock } from '../../../support/clock';
import { ACCOUNT, unreachableApi } from '../../../support/offline';
import { tempDir } from '../../../support/tempDir';

/** What each test gets: the core, the clock it waits on, and its data folder. */
export interface OfflineCore {
  core: Core;
  clock: FakeClock;
  dir: ReturnType<typeof tempDir>;
}

/**
 * Before each test, a core on a fresh data folder and fake clock whose service is unreachable;
 * after it, the core stopped and the folder removed. `take` is handed them before each test:
 * `offlineCoreForEach((s) => ({ core, clock } = s))`.
 */
export function offlineCoreForEach(take: (shared: OfflineCore) => void): void {
  let shared: OfflineCore | undefined;
  beforeEach(async () => {
    const dir = tempDir();
    const clock = fakeClock();
    shared = {
      dir,
      clock,
      core: await createCore({ api: await unreachableApi(), dataDir: dir.path, account: ACCOUNT, clock }),
    };
    take(shared);
  });
  afterEach(async () => {
    await shared?.core.stop();
    shared?.dir.remove();
  });
}
