// Timers running on the accounts that are not open: so a timer left running on "Work" shows in the
// tray menu and the window while "This computer" is open. Read cheaply: GET /v2/timers of each
// other remote account with a credential here, when the window is shown, when the open account
// changes, and on a slow poll; through the app's shared per-service limiter. The open account's
// timers are core's; the embedded local account runs its service only while it is open, so it is
// read only as the open one. A failed read leaves that account out, quietly, and never touches
// the open core.

import type { OtherAccountTimerView } from '../../../common/snapshot';
import { createServiceApi } from '../../api/client';
import type { ConnectionOptions, Credentials } from '../../api/options';
import type { Timer } from '../../api/types';
import type { RemoteAccount } from './registry';

/** The slow poll: a running timer elsewhere is worth knowing about, not worth a request a minute. */
export const OTHER_TIMERS_POLL_MS = 5 * 60_000;

/** The running timers of one account as the window and tray show them (pure). */
export function runningTimerViews(
  account: Pick<RemoteAccount, 'id' | 'label'>,
  timers: readonly Timer[],
  readAt: number,
): OtherAccountTimerView[] {
  return timers
    .filter((t) => t.state === 'running')
    .map((t) => ({
      accountId: account.id,
      accountLabel: account.label,
      projectName: t.project.name,
      state: t.state,
      seconds: t.seconds,
      asOf: readAt,
    }));
}

export interface OtherTimersDeps {
  /** The remote accounts now (the registry's). */
  accounts(): readonly RemoteAccount[];
  /** The account whose core is open: never read here. */
  openId(): string;
  /** Whether an account is usable (not signed out or refused): others are not asked. */
  usable(id: string): boolean;
  credentials(account: RemoteAccount): Promise<Credentials | null>;
  /** The app's shared connection (one limiter per service). */
  connection: ConnectionOptions;
  now(): number;
  /** The list changed: compose and publish the snapshot again. */
  changed(): void;
  pollMs?: number;
}

export interface OtherTimers {
  list(): OtherAccountTimerView[];
  /** Reads every other account once, after any read on its way; resolves when done. */
  refresh(): Promise<void>;
  stop(): void;
}

export function watchOtherTimers(deps: OtherTimersDeps): OtherTimers {
  let list: OtherAccountTimerView[] = [];
  let reads: Promise<void> = Promise.resolve();
  let stopped = false;

  const readOne = async (account: RemoteAccount): Promise<OtherAccountTimerView[]> => {
    try {
      const credentials = await deps.credentials(account);
      if (!credentials) return [];
      // One try, briefly: the next look (or the poll) asks again, and a slow service must not hold
      // up the reads queued behind this one.
      const api = createServiceApi({
        ...deps.connection,
        retries: 0,
        timeoutMs: 10_000,
        baseUrl: account.baseUrl,
        credentials,
      });
      const timers: Timer[] = [];
      for await (const timer of api.listTimers()) timers.push(timer);
      return runningTimerViews(account, timers, deps.now());
    } catch {
      // Offline, refused, or the service is gone: nothing to show for it, and nothing to say.
      return [];
    }
  };

  const readAll = async () => {
    const open = deps.openId();
    const others = deps.accounts().filter((a) => a.id !== open && deps.usable(a.id));
    const read = (await Promise.all(others.map(readOne))).flat();
    // The open account may have changed meanwhile: its timers are core's.
    const next = read.filter((t) => t.accountId !== deps.openId());
    if (stopped || JSON.stringify(next) === JSON.stringify(list)) return;
    list = next;
    deps.changed();
  };

  // One read at a time, each after the one before: a read asked during another (the open account
  // just changed) still happens, with the accounts as they are then.
  const refresh = () => {
    if (stopped) return Promise.resolve();
    reads = reads.then(readAll);
    return reads;
  };

  const poll = setInterval(() => void refresh(), deps.pollMs ?? OTHER_TIMERS_POLL_MS);
  poll.unref?.();

  return {
    list: () => list,
    refresh,
    stop() {
      stopped = true;
      clearInterval(poll);
    },
  };
}
