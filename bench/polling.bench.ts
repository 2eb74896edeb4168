// The polling cost of issue 5: requests per hour that core makes with its window hidden, with and
// without a reachable broadcast receiver. A real core against the real local service over real
// HTTP; core's clock is a fake moved through one simulated hour, and every request core sends is
// counted at its undici dispatcher. Start-up reads (and registering the receiver, a separate
// client) come before the hour and are not counted: the targets are about the steady state.
import { startBroadcasts } from '../main/core/embedded/broadcasts/registration';
import { createCore } from '../main/core/core';
import { createSessionSecrets } from '../platform/keychain';
import { CountingAgent, startLocal, tempDir, type Local } from '../test/integration/broadcasts/support';
import { fakeClock } from '../test/unit/core/support/fakeClock';
import { ACCOUNT, until } from '../test/unit/core/support/offline';
import type { Benchmark } from './types';

const HOUR = 60 * 60_000;

interface HiddenHour {
  requests: number;
  /** What the requests were, e.g. "12 × GET /v2/timers". */
  detail: string;
}

async function hiddenHour(local: Local, withReceiver: boolean): Promise<HiddenHour> {
  const dir = tempDir();
  const clock = fakeClock();
  const counted = new CountingAgent();
  const core = await createCore({ api: local.client(counted), dataDir: dir.path, account: ACCOUNT, clock });
  const broadcasts = withReceiver
    ? await startBroadcasts({
        api: local.client(),
        secrets: createSessionSecrets(),
        account: ACCOUNT.id,
        dataDir: dir.path,
        onBroadcast: () => core.notify('broadcast'),
      })
    : null;
  try {
    if (withReceiver && !broadcasts?.live) throw new Error('the receiver did not register');
    core.setBroadcastsLive(broadcasts?.live ?? false);
    // Start-up done: its reads are in, and the worker waits (for its poll, or for nothing).
    await until(() => core.getSnapshot().lastSyncAt !== null && core.getSnapshot().user !== null, 'start-up reads');
    await until(() => clock.pending().count <= 1 && counted.count('GET /v2/timers') > 0, 'an idle worker');
    await new Promise((r) => setTimeout(r, 50));
    const before = counted.sent.length;

    // Through the hour timer by timer: each poll's read is real HTTP, awaited before the next.
    let left = HOUR;
    while (left > 0) {
      const next = clock.pending().nextInMs;
      const step = next === null ? left : Math.min(Math.max(next, 0), left);
      const sent = counted.sent.length;
      clock.advance(step);
      left -= step;
      if (next !== null && step === next)
        await until(() => counted.sent.length > sent && clock.pending().count === 1, 'the poll to finish and re-arm');
    }
    await new Promise((r) => setTimeout(r, 100));

    const during = counted.sent.slice(before);
    const kinds = new Map<string, number>();
    for (const r of during) kinds.set(r, (kinds.get(r) ?? 0) + 1);
    const detail = [...kinds].map(([r, n]) => `${n} × ${r}`).join(', ') || 'none';
    return { requests: during.length, detail };
  } finally {
    await broadcasts?.stop();
    await core.stop();
    await counted.close();
    dir.remove();
  }
}

const bench: Benchmark = async () => {
  const local = await startLocal();
  try {
    const live = await hiddenHour(local, true);
    const polled = await hiddenHour(local, false);
    return [
      {
        name: 'requests per hour while hidden, broadcast receiver live',
        value: live.requests,
        unit: 'requests',
        target: '0',
        met: live.requests === 0,
        detail: `one simulated hour, no change on the service; ${live.detail} (a timer changed elsewhere costs one GET /v2/timers per broadcast)`,
      },
      {
        name: 'requests per hour while hidden, no broadcast receiver',
        value: polled.requests,
        unit: 'requests',
        target: '<= 60',
        met: polled.requests <= 60,
        detail: `one simulated hour, the poll every 5 min; ${polled.detail}`,
      },
    ];
  } finally {
    await local.close();
  }
};

export default bench;
