// Answering the idle prompt: what each choice queues (through the real outbox and handlers), what
// is refused, and how the queued operations show in the snapshot before the service has them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../common/dispatch';
import { discardLabel, idleMessage } from '../../../../common/idleText';
import type { Snapshot, TimerView } from '../../../../common/snapshot';
import { createHandlers } from '../../../../main/core/calls/handlers';
import { withAccountsRefused } from '../../../support/soleCore';
import type { IdlePrompt } from '../../../../main/core/desktop/idle/policy';
import { describeOperation } from '../../../../main/core/model/operations';
import { openOutbox, type Outbox } from '../../../../main/core/sync/outbox';
import { emptyServiceData } from '../../../../main/core/sync/serviceData';
import { liveSeconds } from '../../../../common/liveSeconds';
import { deriveSnapshot } from '../../../../main/core/views/deriveSnapshot';
import { callParts } from '../../../support/callParts';
import { timerView } from '../../../support/snapshot';
import { ACCOUNT } from '../../../support/offline';
import { tempDir } from '../../../support/tempDir';

const T0 = new Date(2025, 2, 10, 14, 0).getTime();
const NOW = T0 + 47 * 60_000;
/** Website ran from 13:00; the user was away 14:05 to 14:47. */
const PROMPT: IdlePrompt = {
  projectId: 1,
  projectName: 'Website',
  idleSince: T0 + 5 * 60_000,
  returnedAt: NOW,
  idleSeconds: 42 * 60,
};

let dir: ReturnType<typeof tempDir>;
let outbox: Outbox;
let prompt: IdlePrompt | null;
let timers: TimerView[];
beforeEach(async () => {
  dir = tempDir();
  outbox = (await openOutbox(dir.path)).outbox;
  prompt = PROMPT;
  timers = [timerView({ projectId: 1, projectName: 'Website', state: 'running', seconds: 3600, asOf: T0 })];
});
afterEach(async () => {
  await outbox.close();
  dir.remove();
});

const view = (): Snapshot =>
  deriveSnapshot({ ...emptyServiceData(), timers }, outbox.items(), {
    account: ACCOUNT,
    online: true,
    lastSyncAt: null,
    today: '2025-03-10',
    recent: [],
    notices: [],
    idle: prompt,
  });

const handlers = () =>
  createHandlers(
    callParts({
      outbox,
      now: () => NOW,
      snapshot: () => view(),
      view: {
        idlePrompt: () => prompt,
        closeIdlePrompt() {
          prompt = null;
        },
      },
    }),
  );

describe('resolveIdle', () => {
  it('keep queues nothing and closes the prompt', async () => {
    expect(await handlers().resolveIdle({ choice: 'keep' })).toEqual({ ok: true, value: null });
    expect(outbox.items()).toEqual([]);
    expect(view().idle).toBeNull();
  });

  it('discard takes exactly the time away off the running timer, which runs on', async () => {
    const before = liveSeconds(view().timers[0]!, NOW);
    await handlers().resolveIdle({ choice: 'discard' });
    expect(outbox.items().map((i) => i.op)).toMatchObject([
      { kind: 'rewindTimer', projectId: 1, seconds: before - 42 * 60, idleSeconds: 42 * 60, at: NOW },
    ]);
    expect(describeOperation(outbox.items()[0]!.op)).toBe('Take 0:42 away time off Website');
    const t = view().timers[0]!;
    expect(t).toMatchObject({ state: 'running', status: { state: 'saved here' } });
    expect(liveSeconds(t, NOW + 60_000)).toBe(before - 42 * 60 + 60);
    expect(view().idle).toBeNull();
  });

  it('discard and pause takes it off and pauses there', async () => {
    const before = liveSeconds(view().timers[0]!, NOW);
    await handlers().resolveIdle({ choice: 'discard-and-pause' });
    expect(outbox.items().map((i) => i.op.kind)).toEqual(['rewindTimer', 'pauseTimer']);
    expect(outbox.items()[1]!.op).toMatchObject({ seconds: before - 42 * 60, at: NOW });
    const t = view().timers[0]!;
    expect(t).toMatchObject({ state: 'paused', seconds: before - 42 * 60, status: { state: 'saved here' } });
  });

  it('refuses to take time off a timer that no longer runs, and keeps the prompt for Keep', async () => {
    timers = [timerView({ projectId: 1, projectName: 'Website', state: 'paused', seconds: 5000, asOf: NOW - 1000 })];
    const refused = await handlers().resolveIdle({ choice: 'discard' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'choice' } });
    expect(outbox.items()).toEqual([]);
    expect(view().idle).toMatchObject({ projectId: 1, timerRunning: false });
    expect(idleMessage(view().idle!)).toBe(
      'You were away 42 min (since 14:05) while Website ran; its timer was stopped meanwhile (paused, logged or discarded), so there is no time to take off it here.',
    );
    expect((await handlers().resolveIdle({ choice: 'keep' })).ok).toBe(true);
  });

  it('refuses every choice when no prompt is open', async () => {
    prompt = null;
    const r = await handlers().resolveIdle({ choice: 'keep' });
    expect(r).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses a choice the contract does not know, before any handler runs', async () => {
    const r = await dispatch(withAccountsRefused(handlers()), 'resolveIdle', { choice: 'discard-all' });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(await dispatch(withAccountsRefused(handlers()), 'resolveIdle', { choice: 'keep', extra: 1 })).toMatchObject({
      ok: false,
    });
  });
});

describe('the idle prompt in the snapshot and in words', () => {
  it('shows the prompt with whether its timer still runs', () => {
    expect(view().idle).toEqual({ ...PROMPT, timerRunning: true });
    expect(idleMessage(view().idle!)).toBe('You were away 42 min (since 14:05) while Website ran.');
    expect(discardLabel(view().idle!)).toBe('Discard 0:42');
  });

  it('names the day the user left when it was not the day they came back', () => {
    const night = {
      ...PROMPT,
      idleSince: new Date(2025, 2, 9, 23, 30).getTime(),
      idleSeconds: (14 * 60 + 40) * 60 + 59,
      timerRunning: true,
    };
    expect(idleMessage(night)).toBe('You were away 14 h 41 min (since 2025-03-09 23:30) while Website ran.');
  });

  it('a rewind of a timer the service shows paused meanwhile leaves it paused', () => {
    timers = [timerView({ projectId: 1, projectName: 'Website', state: 'paused', seconds: 5000, asOf: NOW })];
    const shown = deriveSnapshot(
      { ...emptyServiceData(), timers },
      [
        {
          op: {
            kind: 'rewindTimer',
            projectId: 1,
            projectName: 'Website',
            seconds: 100,
            idleSeconds: 60,
            id: 'x',
            seq: 1,
            at: NOW,
          },
          status: 'pending',
          attempted: false,
          message: null,
          awaiting: [],
        },
      ],
      {
        account: ACCOUNT,
        online: true,
        lastSyncAt: null,
        today: '2025-03-10',
        recent: [],
        notices: [],
      },
    );
    expect(shown.timers[0]).toMatchObject({ state: 'paused', seconds: 5000 });
    expect(shown.idle).toBeNull();
  });
});
