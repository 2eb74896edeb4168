// The handlers against a snapshot that has not caught up with the outbox yet: the moment a
// project's creation settles (found by the chaos test, when a journal compaction delayed the
// new snapshot), the outbox already knows the service's id while the snapshot still lists the
// project under its local one. An action on it must not answer "does not exist".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../../common/snapshot';
import { createHandlers } from '../../../../main/core/calls/handlers';
import { openOutbox, type Outbox } from '../../../../main/core/sync/outbox';
import { emptyServiceData } from '../../../../main/core/sync/serviceData';
import { deriveSnapshot } from '../../../../main/core/views/deriveSnapshot';
import { callParts } from '../../../support/callParts';
import { must } from '../../../support/result';
import { ACCOUNT } from '../../../support/offline';
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

const view = (): Snapshot =>
  deriveSnapshot(emptyServiceData(), outbox.items(), {
    account: ACCOUNT,
    online: true,
    lastSyncAt: null,
    today: '2026-01-05',
    recent: [],
    notices: [],
  });

/** The handlers' clock: a timer's time passes only when a test moves it. */
let at = 1_000_000;
function handlers(snapshot: () => Snapshot) {
  return createHandlers(
    callParts({
      outbox,
      now: () => at,
      snapshot,
    }),
  );
}

describe('handlers, with a snapshot one step behind the outbox', () => {
  it('start, pause, log and discard a timer of a project whose creation just settled', async () => {
    let current = view();
    const h = handlers(() => current);
    const { projectId: local } = await must(h.createProject({ name: 'Website' }));
    current = view();
    const created = outbox.items()[0]!.op.id;

    // The service created it as 42; the snapshot has not been rebuilt yet.
    await outbox.attempt(created);
    await outbox.settle(created, 42);
    await must(h.startTimer({ projectId: local }));
    expect(outbox.items().at(-1)!.op).toMatchObject({ kind: 'startTimer', projectId: 42 });

    // The same with a timer that the stale snapshot shows under the local id.
    const stale = deriveSnapshot(
      emptyServiceData(),
      [{ ...outbox.items().at(-1)!, op: { ...outbox.items().at(-1)!.op, projectId: local } as never }],
      {
        account: ACCOUNT,
        online: true,
        lastSyncAt: null,
        today: '2026-01-05',
        recent: [],
        notices: [],
      },
    );
    current = stale;
    // A minute on the timer: one at 0:00:00 has nothing to log (issue 27 item 6).
    at += 60_000;
    await must(h.pauseTimer({ projectId: local }));
    expect(outbox.items().at(-1)!.op).toMatchObject({ kind: 'pauseTimer', projectId: 42 });
    await must(h.logTimer({ projectId: 42 }));
    expect(outbox.items().at(-1)!.op).toMatchObject({ kind: 'logTimer', projectId: 42 });
    await must(h.discardTimer({ projectId: local }));
    expect(outbox.items().at(-1)!.op).toMatchObject({ kind: 'discardTimer', projectId: 42 });
  });

  it("logs a timer at its project's billing increment while the snapshot shows the timer under the project's local id", async () => {
    const h = handlers(() => current);
    let current = view();
    const { projectId: local } = await must(h.createProject({ name: 'Website' }));
    const created = outbox.items()[0]!.op.id;
    current = view();
    await must(h.startTimer({ projectId: local }));
    const started = outbox.items().at(-1)!;
    // The service made the project as 42 and the projects' read is back, with its increment of 6
    // minutes; the timer, read from the outbox before the creation settled, still has the local id.
    await outbox.attempt(created);
    await outbox.settle(created, 42);
    const read = {
      ...emptyServiceData(),
      projects: [{ id: 42, name: 'Website', color: null, billingIncrement: 6, enabled: true }],
    };
    current = deriveSnapshot(
      read,
      [{ ...started, op: { ...started.op, projectId: local, at: 1_000_000 - 7 * 60_000 } as never }],
      { account: ACCOUNT, online: true, lastSyncAt: null, today: '2026-01-05', recent: [], notices: [] },
    );
    expect(current.timers[0]).toMatchObject({ projectId: local, state: 'running' });

    await must(h.logTimer({ projectId: local }));
    // 7 minutes run: 12 at the project's 6-minute increment, not 15 at the default one.
    expect(outbox.items().at(-1)!.op).toMatchObject({ kind: 'logTimer', projectId: 42, minutes: 12 });
  });
});
