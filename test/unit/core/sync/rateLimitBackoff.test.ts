// A 429 that names its wait (Retry-After) longer than core's own backoff: core sends nothing
// before then, not even when the user or the system asks, since the service would refuse it again.
// The service's refusals come from a fault double (test/unit/api/faultServer.ts) through the real
// client; core's clock is the test's.
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApi } from '../../../../main/api/client';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/types';
import { startFaultServer, type FaultServer } from '../../api/faultServer';
import { fakeClock, type FakeClock } from '../../../support/clock';
import { ACCOUNT, until } from '../../../support/offline';
import { tempDir } from '../../../support/tempDir';

let dir: ReturnType<typeof tempDir>;
let clock: FakeClock;
let core: Core | null = null;
let server: FaultServer;

afterEach(async () => {
  await core?.stop();
  await server?.close();
  dir?.remove();
});

async function coreRefusedWith(headers: Record<string, string>): Promise<Core> {
  dir = tempDir();
  clock = fakeClock();
  server = await startFaultServer(() => ({ status: 429, headers }));
  // retries 0: the client hands each 429 straight to core
  const api = createServiceApi({
    baseUrl: server.url,
    credentials: { kind: 'personal', token: 't' },
    rateLimit: 0,
    retries: 0,
  });
  core = await createCore({ api, dataDir: dir.path, account: ACCOUNT, clock });
  return core;
}

const nextTryIn = async (ms: number) =>
  until(
    () => clock.pending().count === 1 && clock.pending().nextInMs === ms,
    `a try in ${ms} ms (clock: ${JSON.stringify(clock.pending())})`,
  );

describe('core after a 429', () => {
  it('waits as long as Retry-After asked, and nobody cuts that short', async () => {
    const c = await coreRefusedWith({ 'Retry-After': '600' });
    await nextTryIn(600_000);
    expect(c.getSnapshot().online).toBe(false);
    const seen = server.seen.length;

    c.notify('window-shown');
    c.notify('resume');
    await c.handlers.refresh({});
    await c.handlers.createProject({ name: 'Website' });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.seen.length).toBe(seen);
    expect(clock.pending()).toEqual({ count: 1, nextInMs: 600_000 });

    clock.advance(599_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.seen.length).toBe(seen);
    clock.advance(1000);
    await until(() => server.seen.length > seen, 'the next try');
  });

  it('without Retry-After, backs off as for any other failure (1 s, 2 s …)', async () => {
    await coreRefusedWith({});
    await nextTryIn(1000);
    clock.advance(1000);
    await nextTryIn(2000);
  });
});
