// Which OS notifications to show, decided from two snapshots in a row: a change the service
// refused (a new failed outbox item) and an account that can no longer sign in (its state turns
// 'unauthorized' or 'signed-out'). Clicking one shows the window, where the user can act. The
// idle prompt (idlePromptAction below) is more: a return after the threshold shows the window as
// well, since it asks a question. Pure, so the shell only shows them, in the snapshot's language
// (catalog area `notifications`, a Words the shell makes: main/core/mainWords.ts).

import type { Words } from '../../../common/i18n/words';
import type { AccountState, Snapshot } from '../../../common/snapshot';
import { idleNotification, type IdleNotification } from './idle/notification';

export interface AppNotification {
  /** Stable per cause, so one cause is never shown twice. */
  id: string;
  title: string;
  body: string;
  action: 'show-window';
}

/** The account states that need the user to sign in again. */
const SIGN_IN_PROBLEMS: ReadonlySet<AccountState> = new Set(['unauthorized', 'signed-out']);

/**
 * The notifications for what changed from `previous` to `next`. Nothing for the first snapshot
 * (null previous): what was already wrong at start-up is in the window, not news.
 */
export function notificationsFor(previous: Snapshot | null, next: Snapshot, words: Words): AppNotification[] {
  if (!previous) return [];
  const out: AppNotification[] = [];

  const failedBefore = new Set(previous.outbox.failed.map((f) => f.id));
  for (const f of next.outbox.failed) {
    if (failedBefore.has(f.id)) continue;
    out.push({
      id: `failed:${f.id}`,
      title: words.t('notifications.failedTitle'),
      body: words.t('notifications.failedBody', { summary: f.summary, message: f.message }),
      action: 'show-window',
    });
  }

  // Accounts are in the snapshot of the app layer (main/core/accounts/app.ts); a lone core has none.
  const stateBefore = new Map(previous.accounts.map((a) => [a.id, a.state] as const));
  for (const a of next.accounts) {
    const before = stateBefore.get(a.id);
    if (!SIGN_IN_PROBLEMS.has(a.state) || before === undefined || before === a.state) continue;
    const body =
      a.problem ??
      (a.state === 'unauthorized' ? words.t('notifications.unauthorized') : words.t('notifications.signedOut'));
    const title = words.t('notifications.signInTitle', { account: a.label });
    out.push({ id: `account:${a.id}:${a.state}`, title, body, action: 'show-window' });
  }
  return out;
}

/**
 * What the shell does about the idle prompt (main/shell/idle.ts): `announce` a new return, once,
 * with a notification and the window, which carries the keep/discard choice; `withdraw` the
 * notification once the prompt is answered or gone; otherwise nothing. A later snapshot of the
 * same return (a read that only stops its timer) is not a new return. A null previous (the
 * shell's first look) counts as no prompt.
 */
export type IdlePromptAction =
  | { kind: 'announce'; notification: IdleNotification; showWindow: true }
  | { kind: 'withdraw' }
  | null;

export function idlePromptAction(
  previous: Pick<Snapshot, 'idle'> | null,
  next: Pick<Snapshot, 'idle'>,
  words: Words,
  /** The locale the notification writes its clock time in; the system's when not given. */
  locale?: string,
): IdlePromptAction {
  const before = idleNotification(previous?.idle ?? null, words, locale);
  const now = idleNotification(next.idle, words, locale);
  if (!now) return before ? { kind: 'withdraw' } : null;
  return now.key === before?.key ? null : { kind: 'announce', notification: now, showWindow: true };
}
