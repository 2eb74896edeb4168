// A core whose network can be switched off and on: its client talks to the real local service
// through a fault proxy that, while "offline", resets every connection before it reaches the
// service. The service and core share one shiftable clock (core/harness.ts), and core backs off
// briefly, so coming back online is noticed within a tenth of a second.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createServiceApi } from '../../../main/api/client';
import { createLegacyApi } from '../../../main/api/legacy';
import { createCore } from '../../../main/core/core';
import type { Core } from '../../../main/core/types';
import { ACCOUNT, until } from '../../support/offline';
import { tempDir } from '../../support/tempDir';
import { startFaultProxy, type FaultProxy, type SeenRequest } from '../../support/faultProxy';
import { must, startLocal, untilSynced, type Local } from '../core/harness';

export interface OfflineSwitch {
  local: Local;
  /** bulk: with the v1 bulk importer, through the same switch. */
  core(dataDir: string, options?: { bulk?: boolean }): Promise<Core>;
  offline(): void;
  /** Cuts the network and waits until `core` has noticed, so no read of its is still on the way. */
  offlineFor(core: Core): Promise<void>;
  online(): void;
  /** The last requests through the switch (at most 200), oldest first. */
  seen(): readonly SeenRequest[];
  /** Stops the cores made so far (before their data folder is removed). */
  stopCores(): Promise<void>;
  close(): Promise<void>;
}

export async function startOfflineSwitch(): Promise<OfflineSwitch> {
  const local = await startLocal();
  const proxy: FaultProxy = await startFaultProxy(local.url);
  const cores: Core[] = [];
  const offline = () => proxy.chaos({ seed: 1, rate: 1, weights: { 'reset-before': 1 } });
  return {
    local,
    async core(dataDir, options = {}) {
      proxy.heal();
      const connection = { baseUrl: proxy.url, rateLimit: 0, retries: 0, timeoutMs: 2000 };
      const api = createServiceApi({ ...connection, credentials: { kind: 'personal', token: local.token } });
      const importer = options.bulk ? { importer: createLegacyApi({ ...connection, token: local.token }) } : {};
      const c = await createCore({
        api,
        dataDir,
        account: ACCOUNT,
        clock: local.clock,
        backoff: { firstMs: 20, capMs: 100 },
        ...importer,
      });
      cores.push(c);
      return c;
    },
    offline,
    async offlineFor(core) {
      offline();
      await must(core.handlers.refresh({}));
      await until(() => !core.getSnapshot().online, 'core to notice it is offline');
    },
    online: () => proxy.heal(),
    seen: () => proxy.recent,
    async stopCores() {
      for (const c of cores.splice(0)) await c.stop();
    },
    async close() {
      for (const c of cores.splice(0)) await c.stop();
      await local.close();
      await proxy.close();
    },
  };
}

/** Everything sent and read back, and no read still on the way that a jump of the clock could mislabel. */
export async function settled(core: Core): Promise<void> {
  await untilSynced(core);
  await core.whenIdle();
}

/** A suite's switch, started once, with a fresh data folder (and cores stopped) per test. */
export function useOfflineSwitch(): { net(): OfflineSwitch; core(options?: { bulk?: boolean }): Promise<Core> } {
  let net: OfflineSwitch;
  let dir: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    net = await startOfflineSwitch();
  });
  afterAll(async () => {
    await net?.close();
  });
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(async () => {
    await net.stopCores();
    dir.remove();
  });
  return { net: () => net, core: (options) => net.core(dir.path, options) };
}
