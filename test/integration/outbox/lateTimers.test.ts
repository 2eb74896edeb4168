// Timer operations whose request reaches the service late: the first attempt got no answer and
// the client tried again after time had passed (found by the chaos test). The service counts from
// when a request lands, so a pause or start that lands late must still leave the seconds the
// user saw.
import { describe, expect, it } from 'vitest';
import { createServiceApi } from '../../../main/api/client';
import { until } from '../../support/offline';
import type { FaultProxy } from '../../support/faultProxy';
import { must, untilSynced, type Local, localForFile, type TempDir } from '../core/harness';

let local: Local;
let proxy: FaultProxy;
let dir: TempDir;
localForFile((shared) => ({ local, proxy, dir } = shared));

let counter = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${++counter}`;

// Through the proxy; a held request is given up on after 300 ms and tried again once.
const core = () =>
  local.core(
    dir.path,
    createServiceApi({
      baseUrl: proxy.url,
      credentials: { kind: 'personal', token: local.token },
      rateLimit: 0,
      timeoutMs: 300,
      retries: 1,
      backoff: { baseMs: 1, capMs: 5 },
    }),
  );

/**
 * Holds the first request matching `path`; while it is held, `minutes` pass. A log is sent only
 * after its undo grace (5 s of real time), so the wait has the generous default bound: a 5 s one
 * raced the grace itself and failed on a loaded machine.
 */
async function landLate(path: RegExp, minutes: number): Promise<void> {
  const before = proxy.stats.faults['timeout-before'];
  proxy.cue({ fault: 'timeout-before', when: (_m, p) => path.test(p) });
  await until(() => proxy.stats.faults['timeout-before'] > before, 'the request to be held');
  local.clock.pass(minutes * 60_000);
}

describe('a timer operation that reaches the service late', () => {
  it('a pause leaves the seconds the user paused at', async () => {
    const c = await core();
    const { projectId: tmp } = await must(c.handlers.createProject({ name: unique('LatePause') }));
    await must(c.handlers.startTimer({ projectId: tmp }));
    await untilSynced(c);
    const id = c.getSnapshot().timers[0]!.projectId;
    local.clock.pass(2 * 60_000);
    await must(c.handlers.pauseTimer({ projectId: id }));
    await landLate(/\/timer\/pause$/, 10);
    await untilSynced(c);
    const timer = await local.api.getTimer(id);
    expect(timer.state).toBe('paused');
    expect(Math.abs(timer.seconds - 120)).toBeLessThan(3);
    await local.api.deleteTimer(id);
  });

  it('a start counts from when the user started, and pauses the other timer where the user left it', async () => {
    const c = await core();
    const { projectId: tmpA } = await must(c.handlers.createProject({ name: unique('LateA') }));
    const { projectId: tmpB } = await must(c.handlers.createProject({ name: unique('LateB') }));
    await must(c.handlers.startTimer({ projectId: tmpA }));
    await untilSynced(c);
    const a = c.getSnapshot().projects.find((p) => p.name.startsWith('LateA') && p.id > 0)!.id;
    const b = c.getSnapshot().projects.find((p) => p.name.startsWith('LateB') && p.id > 0)!.id;
    void tmpB;
    local.clock.pass(3 * 60_000);
    await must(c.handlers.startTimer({ projectId: b }));
    await landLate(/\/timer\/(start|pause)$/, 10);
    await untilSynced(c);
    const [timerA, timerB] = [await local.api.getTimer(a), await local.api.getTimer(b)];
    expect(timerA.state).toBe('paused');
    expect(Math.abs(timerA.seconds - 180)).toBeLessThan(3);
    expect(timerB.state).toBe('running');
    expect(Math.abs(timerB.seconds - 600)).toBeLessThan(3);
    await local.api.deleteTimer(a);
    await local.api.deleteTimer(b);
  });

  it('a log records the minutes the user saw', async () => {
    const c = await core();
    const { projectId: tmp } = await must(c.handlers.createProject({ name: unique('LateLog') }));
    await must(c.handlers.startTimer({ projectId: tmp }));
    await untilSynced(c);
    const id = c.getSnapshot().timers[0]!.projectId;
    local.clock.pass(14 * 60_000);
    await must(c.handlers.logTimer({ projectId: id }));
    // The log's first attempt is held: it reached nothing, and the retry lands 10 minutes later.
    await landLate(/\/timer\/log$/, 10);
    await untilSynced(c);
    const entries = await (async () => {
      const out = [];
      for await (const e of local.api.listEntries({ project_ids: [id] })) out.push(e.minutes);
      return out;
    })();
    expect(entries).toEqual([15]);
  });
});
