// The working-hours reminder through core, against the real local service over HTTP, on a clock
// the test moves by hand (test/support/clock.ts): core wakes itself at the hours' start, a
// snooze's end and the next working day, and never on a tick. 2025-03-10 is a Monday; the
// hours are the defaults, Monday to Friday 09:00–17:00, turned on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER, DEFAULT_SETTINGS } from '../../../common/settings';
import { createServiceApi } from '../../../main/api/client';
import { collect } from '../../../main/api/types';
import { createCore } from '../../../main/core/core';
import { createMemorySettingsStore } from '../../../main/core/settings/store';
import type { Core } from '../../../main/core/types';
import { startService } from '../../../service';
import { fakeClock } from '../../support/clock';
import { ACCOUNT, until } from '../../support/offline';
import { must } from '../../support/result';
import { tempDir } from '../../support/tempDir';

const MINUTE = 60_000;
const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute).getTime();

let service: Awaited<ReturnType<typeof startService>>;
let dir: ReturnType<typeof tempDir>;
beforeAll(async () => {
  service = await startService({ rateLimit: 0 });
  dir = tempDir();
});
afterAll(async () => {
  await service?.close();
  dir?.remove();
});

describe('the reminder, through core', () => {
  it('reminds from 09:00 while no timer runs, snoozes 30 min, stays quiet once dismissed, and starts the last timer', async () => {
    const api = createServiceApi({
      baseUrl: service.url,
      credentials: { kind: 'personal', token: service.token },
      rateLimit: 0,
    });
    const clock = fakeClock(at(10, 8));
    const settings = createMemorySettingsStore({
      ...DEFAULT_SETTINGS,
      reminder: { ...DEFAULT_REMINDER, enabled: true },
    });
    const core: Core = await createCore({ api, dataDir: dir.path, account: ACCOUNT, clock, settings });
    try {
      const reminder = () => core.getSnapshot().reminder;
      await core.whenIdle();
      expect(reminder()).toBeNull();

      // 09:00: the hours begin with no timer running.
      clock.advance(at(10, 9) - clock.now());
      expect(reminder()).toEqual({ at: at(10, 9), lastProject: null });

      // A timer started closes it; paused, a new idle stretch begins and, after a quiet ten
      // minutes (a break is not forgetting), is reminded of.
      const { projectId } = await must(core.handlers.createProject({ name: 'Website' }));
      await must(core.handlers.startTimer({ projectId }));
      expect(reminder()).toBeNull();
      await core.whenIdle();
      clock.advance(5 * MINUTE);
      await must(core.handlers.pauseTimer({ projectId }));
      expect(reminder()).toBeNull();
      clock.advance(9 * MINUTE);
      expect(reminder()).toBeNull();
      clock.advance(MINUTE);
      expect(reminder()).toEqual({ at: at(10, 9, 15), lastProject: 'Website' });
      await core.whenIdle();

      // Snooze: back 30 minutes later, not before.
      await must(core.handlers.answerReminder({ choice: 'snooze' }));
      expect(reminder()).toBeNull();
      clock.advance(29 * MINUTE);
      expect(reminder()).toBeNull();
      clock.advance(MINUTE);
      expect(reminder()).toEqual({ at: at(10, 9, 45), lastProject: 'Website' });

      // Dismissed: quiet for the rest of the day; the next working day reminds again.
      await must(core.handlers.answerReminder({ choice: 'dismiss' }));
      clock.advance(at(10, 16, 59) - clock.now());
      expect(reminder()).toBeNull();
      clock.advance(at(11, 9) - clock.now());
      expect(reminder()?.at).toBe(at(11, 9));

      // Start last: the paused timer runs again, on the service too.
      await must(core.handlers.answerReminder({ choice: 'start-last' }));
      expect(reminder()).toBeNull();
      expect(core.getSnapshot().timers[0]).toMatchObject({ projectName: 'Website', state: 'running' });
      await core.whenIdle();
      const id = core.getSnapshot().timers[0]!.projectId;
      await until(() => core.getSnapshot().timers[0]!.status.state === 'sent', 'the start sent');
      const onService = await collect(api.listTimers({ projects: [id] }));
      expect(onService.map((t) => t.state)).toEqual(['running']);

      // A late "Start last" (from a notification still on screen) never pauses the running timer.
      await must(core.handlers.answerReminder({ choice: 'start-last' }));
      expect(core.getSnapshot().timers[0]!.state).toBe('running');
    } finally {
      await core.stop();
    }
  });
});
