// A timer's Log never makes a 0-minute entry (issue 27 item 6, where "Log 0:00" made one): an entry
// is at least a minute, as quick entry refuses 0:00, so a paused timer at 0:00:00 logs a minute
// (rounded up to its project's increment) as a running one at 0:00:00 logs the minute under way.
// Not a refusal: a timer paused within its first second reads 0:00:00 only once the service's
// whole seconds are read back, and its Log would vanish under the user's pointer.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../../main/core/calls/handlers';
import { openOutbox, type Outbox } from '../../../../main/core/sync/outbox';
import { callParts } from '../../../support/callParts';
import { snapshot, timerView } from '../../../support/snapshot';
import { tempDir } from '../../../support/tempDir';

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
    callParts({ outbox, now: () => NOW, snapshot: () => snapshot({ projects: [website], timers: [timer] }) }),
  );

describe('logging a timer with no time', () => {
  it('logs a paused timer at 0:00:00 as a minute, rounded up to 0:15: never a 0-minute entry', async () => {
    const h = handlersWith(timerView({ projectId: 7, projectName: 'Website', state: 'paused', seconds: 0, asOf: NOW }));
    expect((await h.logTimer({ projectId: 7 })).ok).toBe(true);
    expect(outbox.items().map((i) => i.op)).toMatchObject([{ kind: 'logTimer', minutes: 15 }]);
  });

  it('logs a running timer at 0:00:00: the minute under way, rounded up to 0:15', async () => {
    const h = handlersWith(
      timerView({ projectId: 7, projectName: 'Website', state: 'running', seconds: 0, asOf: NOW - 200 }),
    );
    expect((await h.logTimer({ projectId: 7 })).ok).toBe(true);
    expect(outbox.items().map((i) => i.op)).toMatchObject([{ kind: 'logTimer', minutes: 15 }]);
  });
});
