// The one worker that talks to the service: it sends the outbox's operations in order, then
// makes the reads that are due. One at a time, so a read never overtakes an operation sent
// before it, and a read that comes back always includes every operation settled before it.
//
// Failures that time can fix (network, 5xx, 429, an unknown outcome, a credential the user must
// renew) keep the operation queued, mark the app offline and wait, backing off (at least as long
// as a 429's Retry-After asked); anything else the service refused marks the operation failed,
// kept for the user to retry or discard.

import { isApiError } from '../../api/errors';
import type { Read } from './serviceReads';
import { wakeableWait } from './wakeableWait';
import { messageOf, type StepDeps, waitsForTime, workerSteps } from './workerSteps';

export interface WorkerDeps extends StepDeps {
  /** Whether the service answered; when it did not, the error that says why. Called after every step. */
  serviceAnswered(online: boolean, why?: unknown): void;
  /** Something the snapshot shows changed (an operation settled or failed). */
  snapshotChanged(): void;
  /** Default BACKOFF. */
  backoff?: { firstMs: number; capMs: number };
  /** A send failed in a way time can fix: it is sent again after the backoff (for the activity ledger). */
  retryingLater(ids: readonly string[], why: string): void;
}

export interface Worker {
  /** Asks for fresh data; an idle worker reads at once. */
  request(...reads: Read[]): void;
  /** Asks for what the poll reads: the timers, and today's entries if the day has turned. */
  freshen(): void;
  /** Something to do: a new operation (urgent false), or the user or the system asking (urgent true: cuts a backoff short). */
  wake(urgent: boolean): void;
  /** The poll reads timers every 30 s while the window is shown, every 5 min while hidden (see pollInterval). */
  setWindowShown(shown: boolean): void;
  /**
   * A broadcast receiver the service reaches is registered: timer changes are announced, so the
   * poll stops while hidden and slows while shown.
   */
  setBroadcastsLive(live: boolean): void;
  /** Resolves once nothing is queued or due and no request is on the way (for tests and benchmarks). */
  whenIdle(): Promise<void>;
  /** What the worker is doing, in words, for diagnostics (a stuck sync is explained, not guessed at). */
  describe(): string;
  stop(): Promise<void>;
}

export const POLL_SHOWN_MS = 30_000;
export const POLL_HIDDEN_MS = 5 * 60_000;
/** With broadcasts live, the shown window still re-reads this often (entries are not announced). */
export const POLL_SHOWN_WITH_BROADCASTS_MS = 5 * 60_000;

/**
 * The poll's interval, or null for no poll: while broadcasts announce every timer change, a hidden
 * window has nothing to show and reads nothing (issue 5's cost target: 0 requests per hour).
 */
export function pollInterval(windowShown: boolean, broadcastsLive: boolean): number | null {
  if (broadcastsLive) return windowShown ? POLL_SHOWN_WITH_BROADCASTS_MS : null;
  return windowShown ? POLL_SHOWN_MS : POLL_HIDDEN_MS;
}

/**
 * After the first failure that time can fix, the worker waits firstMs, doubling up to capMs; after
 * a 429 that asked for longer (Retry-After), as long as it asked.
 */
export const BACKOFF = { firstMs: 1_000, capMs: 60_000 } as const;
/** The longest wait a timer can hold (setTimeout's limit, about 24.8 days): a longer Retry-After is cut to it. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/** How long stop() waits for a request in flight before leaving it (its result is not needed). */
const STOP_GRACE_MS = 2_000;

export function startWorker(deps: WorkerDeps): Worker {
  const { outbox, clock } = deps;
  const backoff = deps.backoff ?? BACKOFF;
  let stopped = false;
  let windowShown = false;
  let broadcastsLive = false;
  let online = true;
  let failures = 0;
  let idle = false;
  let doing = 'starting';
  const idleWaiters: Array<() => void> = [];
  const waits = wakeableWait(clock);
  const { wake } = waits;
  const steps = workerSteps(deps);
  const { heldUntil, nextStep, freshen } = steps;

  /** Nothing to do now: wait for a wake, the poll or the end of an undo grace, whichever comes first. */
  const waitForWork = async () => {
    const held = heldUntil();
    // The undo grace of the head ran out between nextStep() and here: send it now.
    if (held === null && outbox.next()) return;
    if (held === null) for (const resolve of idleWaiters.splice(0)) resolve();
    const poll = online ? pollInterval(windowShown, broadcastsLive) : null;
    const grace = held === null ? null : held - clock.now();
    const graceFirst = grace !== null && (poll === null || grace <= poll);
    doing = `waiting ${graceFirst ? `for an undo grace, ${grace} ms` : poll === null ? 'for a wake' : `for the poll, ${poll} ms`}`;
    const timedOut = await waits.wait(graceFirst ? grace : poll, 'any');
    if (timedOut && !graceFirst) freshen();
  };

  /** A failure that time can fix: offline, and wait, longer after each failure in a row. */
  const backOff = async (error: unknown) => {
    online = false;
    deps.serviceAnswered(false, error);
    failures++;
    deps.snapshotChanged();
    doing = `backing off after ${failures} failure(s): ${messageOf(error)}`;
    const backedOff = Math.min(backoff.capMs, backoff.firstMs * 2 ** (failures - 1));
    // A 429 that named its wait (Retry-After): no try before then, not even for the user
    // asking, since the service would only refuse it again (and a limiter the client shares
    // holds every request that long anyway).
    const asked = rateLimitWait(error);
    if (asked > backedOff) doing += `, the service asked for ${asked} ms`;
    await waits.wait(Math.max(backedOff, asked), asked > backedOff ? 'stop' : 'urgent');
  };

  const run = async () => {
    while (!stopped) {
      const step = nextStep();
      idle = !step;
      if (!step) {
        await waitForWork();
        continue;
      }
      try {
        doing = steps.describe(step);
        const talked = await steps.take(step);
        if (stopped) return;
        if (talked) {
          failures = 0;
          online = true;
          deps.serviceAnswered(true);
        }
      } catch (error) {
        if (stopped) return;
        if (waitsForTime(error)) {
          if (!('read' in step))
            deps.retryingLater('item' in step ? [step.item.op.id] : step.batch.map((i) => i.op.id), messageOf(error));
          await backOff(error);
          continue;
        }
        // The service answered, and refused: a fact about this operation, not about the network.
        if (isApiError(error)) deps.serviceAnswered(true);
        await steps.refusedStep(step, error);
      }
      deps.snapshotChanged();
    }
  };
  const running = run();

  return {
    request(...reads) {
      steps.request(...reads);
      wake(false);
    },
    freshen() {
      freshen();
      wake(false);
    },
    wake,
    setWindowShown(shown) {
      windowShown = shown;
      wake(false);
    },
    describe: () =>
      `${stopped ? 'stopped; ' : ''}${doing}; online ${online}; next ${outbox.next()?.op.kind ?? 'none'}, held until ${heldUntil() ?? '-'} (now ${clock.now()}); reads due ${steps.readsDue()}`,
    whenIdle: () =>
      idle && !nextStep() && heldUntil() === null
        ? Promise.resolve()
        : new Promise<void>((resolve) => idleWaiters.push(resolve)),
    setBroadcastsLive(live) {
      broadcastsLive = live;
      wake(false);
    },
    async stop() {
      stopped = true;
      waits.end();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((r) => (grace = setTimeout(r, STOP_GRACE_MS)))]);
      clearTimeout(grace);
    },
  };
}

/** The wait a refused request named (ApiError.retryAfterMs), 0 when none. */
function rateLimitWait(error: unknown): number {
  return isApiError(error) && error.retryAfterMs !== null ? Math.min(MAX_WAIT_MS, error.retryAfterMs) : 0;
}
