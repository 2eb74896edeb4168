// The poll against the real service, on a clock the test moves: timers are re-read every 30 s
// while the window is shown and every 5 min while it is hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../service';
import { createServiceApi } from '../../../main/api/client';
import type { ServiceApi } from '../../../main/api/types';
import { createCore } from '../../../main/core/core';
import { fakeClock } from '../../support/clock';
import { ACCOUNT, until } from '../../support/offline';
import { tempDir } from '../../support/tempDir';

let service: RunningService;
let api: ServiceApi;
beforeAll(async () => {
  service = await startService({ rateLimit: 0 });
  api = createServiceApi({
    baseUrl: service.url,
    credentials: { kind: 'personal', token: service.token },
    rateLimit: 0,
  });
});
afterAll(() => service?.close());

describe('poll', () => {
  it('re-reads timers every 30 s while the window is shown, every 5 min while hidden', async () => {
    const dir = tempDir();
    const clock = fakeClock();
    const core = await createCore({ api, dataDir: dir.path, account: ACCOUNT, clock });
    const waitsFor = (ms: number) =>
      until(() => clock.pending().count === 1 && clock.pending().nextInMs === ms, `a wait of ${ms} ms`);
    try {
      await until(() => core.getSnapshot().lastSyncAt !== null && core.getSnapshot().user !== null, 'start-up reads');
      await waitsFor(5 * 60_000);
      core.notify('window-shown');
      await waitsFor(30_000);

      const project = await api.createProject({ name: `Polled ${process.pid}` });
      await api.startTimer(project.id);
      const seen = () => core.getSnapshot().timers.some((t) => t.projectId === project.id);
      clock.advance(29_000);
      await new Promise((r) => setTimeout(r, 50));
      expect(seen()).toBe(false);
      clock.advance(1_000);
      await until(seen, 'the timer started elsewhere');

      core.notify('window-hidden');
      await waitsFor(5 * 60_000);
      await api.deleteTimer(project.id);
      clock.advance(5 * 60_000);
      await until(() => !seen(), 'the timer deleted elsewhere');
    } finally {
      await core.stop();
      dir.remove();
    }
  });

  it('re-reads the user with the timers: a time format changed on the service shows on the next poll, no Refresh needed', async () => {
    await api.updateCurrentUser({ time_format: 'hours_minutes' });
    const dir = tempDir();
    const clock = fakeClock();
    const core = await createCore({ api, dataDir: dir.path, account: ACCOUNT, clock });
    try {
      await until(() => core.getSnapshot().user !== null, 'start-up reads');
      core.notify('window-shown');
      await until(() => clock.pending().count === 1 && clock.pending().nextInMs === 30_000, 'the shown poll');
      await api.updateCurrentUser({ time_format: 'fraction', week_start: 'sunday' });
      clock.advance(30_000);
      await until(() => core.getSnapshot().timeFormat === 'fraction', 'the format changed elsewhere');
      expect(core.getSnapshot().week.weekStart).toBe('sunday');
    } finally {
      await api.updateCurrentUser({ time_format: 'hours_minutes', week_start: 'monday' });
      await core.stop();
      dir.remove();
    }
  });
});
