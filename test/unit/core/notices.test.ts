// Notices: what the worker tells the user (a conflict reconciled while sending) reaches the
// snapshot, newest first and at most 20, until the user dismisses it. The real worker runs; the
// test only holds on to the hook core gives it, since provoking a conflict needs a service.
import { describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../main/core/types';
import type { WorkerDeps } from '../../../main/core/sync/worker';
import type { FakeClock } from '../../support/clock';
import { must } from '../../support/result';
import { offlineCoreForEach } from './support/offlineCore';

const given = vi.hoisted(() => ({ deps: null as WorkerDeps | null }));
vi.mock('../../../main/core/sync/worker', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../main/core/sync/worker')>();
  return {
    ...real,
    startWorker: (deps: WorkerDeps) => {
      given.deps = deps;
      return real.startWorker(deps);
    },
  };
});

let clock: FakeClock;
let core: Core;
offlineCoreForEach((shared) => ({ clock, core } = shared));

const notice = (message: string) => given.deps!.view.tell(message);

describe('notices', () => {
  it('start empty, and show what the worker tells, newest first, with the time it happened', () => {
    expect(core.getSnapshot().notices).toEqual([]);
    const seen: number[] = [];
    core.subscribe((s) => seen.push(s.notices.length));
    notice('Website’s timer was changed elsewhere: kept 1:05 from there.');
    clock.advance(1000);
    notice('Backend’s timer was paused elsewhere.');
    const { notices } = core.getSnapshot();
    expect(notices.map((n) => [n.message, n.at])).toEqual([
      ['Backend’s timer was paused elsewhere.', clock.now()],
      ['Website’s timer was changed elsewhere: kept 1:05 from there.', clock.now() - 1000],
    ]);
    expect(new Set(notices.map((n) => n.id)).size).toBe(2);
    // Each notice is pushed to the window at once.
    expect(seen).toEqual([1, 2]);
  });

  it('keeps the newest 20', () => {
    for (let i = 1; i <= 25; i++) notice(`notice ${i}`);
    const messages = core.getSnapshot().notices.map((n) => n.message);
    expect(messages).toHaveLength(20);
    expect(messages[0]).toBe('notice 25');
    expect(messages.at(-1)).toBe('notice 6');
  });

  it('removes the one dismissed, and takes a dismissal of one already gone as done', async () => {
    notice('first');
    notice('second');
    const [second, first] = core.getSnapshot().notices;
    await must(core.handlers.dismissNotice({ id: first!.id }));
    expect(core.getSnapshot().notices).toEqual([second]);
    await must(core.handlers.dismissNotice({ id: first!.id }));
    await must(core.handlers.dismissNotice({ id: 'never-was' }));
    expect(core.getSnapshot().notices).toEqual([second]);
  });
});
