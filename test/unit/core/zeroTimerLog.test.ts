// A timer with no time on it has nothing to log (issue 27 item 6): an entry is at least a minute,
// as quick entry refuses 0:00, so Log on a paused timer at 0:00:00 is refused and queues nothing,
// while a running one at 0:00:00 logs the minute under way.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../main/core/calls/handlers';
import { openOutbox, type Outbox } from '../../../main/core/sync/outbox';
import { handlerDeps } from '../../support/handlerDeps';
import { snapshot, timerView } from '../../support/snapshot';
import { tempDir } from '../../support/tempDir';

let dir: ReturnType<typeof tempDir>;
let outbox: Outbox;
beforeEach(async () => {
  dir = tempDir();
  outbox = (await openOutbox(dir.path)).outbox;
});
afterEach(async () => {
  await outbox.close();
  dir.remove();
});

const NOW = 1_000_000;
const website = { id: 7, name: 'Website', color: null, billingIncrement: 15, enabled: true };
const handlersWith = (timer: ReturnType<typeof timerView>) =>
  createHandlers(
    handlerDeps({ outbox, now: () => NOW, snapshot: () => snapshot({ projects: [website], timers: [timer] }) }),
  );

describe('logging a timer with no time', () => {
  it('refuses a paused timer at 0:00:00, in words, and queues nothing', async () => {
    const h = handlersWith(timerView({ projectId: 7, projectName: 'Website', state: 'paused', seconds: 0, asOf: NOW }));
    const answer = await h.logTimer({ projectId: 7 });
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'invalid_input',
        message: "Website's timer has no time to log: an entry is at least a minute. Resume it, or discard it.",
      }),
    });
    expect(outbox.items()).toEqual([]);
  });

  it('logs a running timer at 0:00:00: the minute under way, rounded up to 0:15', async () => {
    const h = handlersWith(
      timerView({ projectId: 7, projectName: 'Website', state: 'running', seconds: 0, asOf: NOW - 200 }),
    );
    expect((await h.logTimer({ projectId: 7 })).ok).toBe(true);
    expect(outbox.items().map((i) => i.op)).toMatchObject([{ kind: 'logTimer', minutes: 15 }]);
  });
});
