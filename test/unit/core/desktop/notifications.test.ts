// Notifications decided from two snapshots: a new failed change, an account that needs signing
// in again; nothing for what was already so, nor at start-up. And the idle prompt: a return after
// the threshold is announced once, with the window shown.
import { describe, expect, it } from 'vitest';
import type { AccountView, FailedOperationView, IdlePromptView, Snapshot } from '../../../../common/snapshot';
import {
  idlePromptAction as idlePromptActionIn,
  notificationsFor as notificationsForIn,
} from '../../../../main/core/desktop/notifications';
import { mainWords } from '../../../../main/core/mainWords';

// In English, as before they had a language (notificationsLanguages.test.ts has German).
const notificationsFor = (previous: Snapshot | null, next: Snapshot) =>
  notificationsForIn(previous, next, mainWords('en'));
const idlePromptAction = (previous: Pick<Snapshot, 'idle'> | null, next: Pick<Snapshot, 'idle'>, locale?: string) =>
  idlePromptActionIn(previous, next, mainWords('en'), locale);
import { snapshot as emptySnapshot } from '../../../support/snapshot';

const account = (state: AccountView['state'], problem: string | null = null): AccountView => ({
  id: 'work',
  label: 'Work',
  kind: 'remote',
  baseUrl: 'https://time.example.com',
  auth: 'oauth',
  isDefault: true,
  isOpen: true,
  state,
  sessionOnly: false,
  problem,
});
const failed = (id: string): FailedOperationView => ({
  id,
  summary: 'Log 1:30 on Website',
  message: 'Project is archived',
  editable: [],
});

/** One remote account, signed in. */
const snapshot = (over: Partial<Snapshot> = {}): Snapshot =>
  emptySnapshot({ today: { date: '2026-01-05', entries: [], totalMinutes: 0 }, accounts: [account('ok')], ...over });

describe('notificationsFor', () => {
  it('tells of a newly failed change once, and of nothing at start-up', () => {
    const before = snapshot({ outbox: { pending: 0, failed: [failed('a')] } });
    const after = snapshot({ outbox: { pending: 0, failed: [failed('a'), failed('b')] } });
    expect(notificationsFor(null, after)).toEqual([]);
    expect(notificationsFor(before, after)).toEqual([
      {
        id: 'failed:b',
        title: 'Stint could not save a change',
        body: 'Log 1:30 on Website: Project is archived',
        action: 'show-window',
      },
    ]);
    expect(notificationsFor(after, after)).toEqual([]);
  });

  it('tells when an account turns unauthorized or signed out, with its problem', () => {
    const ok = snapshot();
    const refused = snapshot({ accounts: [account('unauthorized', 'The service refused the token: sign in again.')] });
    expect(notificationsFor(ok, refused)).toEqual([
      {
        id: 'account:work:unauthorized',
        title: 'Sign in again to Work',
        body: 'The service refused the token: sign in again.',
        action: 'show-window',
      },
    ]);
    expect(notificationsFor(refused, refused)).toEqual([]);
    expect(notificationsFor(refused, snapshot({ accounts: [account('signed-out')] })).map((n) => n.body)).toEqual([
      'It is signed out.',
    ]);
    // A keychain problem is shown in the window and settings, not as a sign-in notification.
    expect(notificationsFor(ok, snapshot({ accounts: [account('keychain-unavailable')] }))).toEqual([]);
    // An account just added is not news of a problem.
    expect(notificationsFor(snapshot({ accounts: [] }), refused)).toEqual([]);
  });
});

describe('idlePromptAction', () => {
  const T0 = new Date(2025, 2, 10, 14, 5).getTime();
  const away: IdlePromptView = {
    projectId: 1,
    projectName: 'Website',
    idleSince: T0,
    returnedAt: T0 + 42 * 60_000,
    idleSeconds: 42 * 60,
    timerRunning: true,
  };
  const none = snapshot();
  const prompt = snapshot({ idle: away });

  it('announces a return with a notification and the window, once however many snapshots carry it', () => {
    expect(idlePromptAction(none, prompt, 'en-GB')).toEqual({
      kind: 'announce',
      showWindow: true,
      notification: {
        key: expect.any(String),
        title: 'Stint: you were away',
        body: 'You were away 42 min (since 14:05) while Website ran. Open Stint to keep or discard that time.',
      },
    });
    expect(idlePromptAction(prompt, snapshot({ idle: away, online: false }))).toBeNull();
    // A read that shows the timer stopped elsewhere is the same return.
    expect(idlePromptAction(prompt, snapshot({ idle: { ...away, timerRunning: false } }))).toBeNull();
    expect(idlePromptAction(none, none)).toBeNull();
    // The shell's first look counts as no prompt before.
    expect(idlePromptAction(null, prompt)).toMatchObject({ kind: 'announce', showWindow: true });
    expect(idlePromptAction(null, none)).toBeNull();
  });

  it('withdraws the notification once the prompt is answered, and announces the next return anew', () => {
    expect(idlePromptAction(prompt, none)).toEqual({ kind: 'withdraw' });
    const later = { ...away, idleSince: T0 + 90 * 60_000, returnedAt: T0 + 120 * 60_000, idleSeconds: 30 * 60 };
    expect(idlePromptAction(none, snapshot({ idle: later }))).toMatchObject({
      kind: 'announce',
      notification: { body: expect.stringContaining('30 min') },
    });
    // A new return while the last was not answered (away again) is a new announcement too.
    expect(idlePromptAction(prompt, snapshot({ idle: later }))).toMatchObject({ kind: 'announce' });
  });
});
