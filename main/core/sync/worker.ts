// The one worker that talks to the service: it sends the outbox's operations in order, then
// makes the reads that are due. One at a time, so a read never overtakes an operation sent
// before it, and a read that comes back always includes every operation settled before it.
//
// Failures that time can fix (network, 5xx, 429, an unknown outcome, a credential the user must
// renew) keep the operation queued, mark the app offline and wait, backing off (at least as long
// as a 429's Retry-After asked); anything else the service refused marks the operation failed,
// kept for the user to retry or discard.

import { isApiError } from '../../api/errors';
import { JournalLostError } from './journal';
import type { Read } from './serviceReads';
import type { Ledger } from './ledger';
import { type WakeableWait, wakeableWait } from './wakeableWait';
import { messageOf, type StepDeps, waitsForTime, WorkerSteps } from './workerSteps';

/** What the worker works with besides the steps' (StepDeps): the ledger a retry is noted in, and its backoff. */
export interface WorkerDeps extends StepDeps {
  /** The Activity ledger (ledger.ts): a send that failed in a way time fixes is noted as retried later. */
  ledger: Pick<Ledger, 'record'>;
  /** Default BACKOFF. */
  backoff?: { firstMs: number; capMs: number };
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

/** The one worker of a core; its loop runs from here until stop(). */
export class Worker {
  private readonly deps: WorkerDeps;
  private readonly state: LoopState;
  private readonly waits: WakeableWait;
  private readonly steps: WorkerSteps;
  private readonly idleWaiters: Array<() => void> = [];
  private readonly running: Promise<void>;

  constructor(deps: WorkerDeps) {
    this.deps = deps;
    this.state = {
      stopped: false,
      windowShown: false,
      broadcastsLive: false,
      online: true,
      failures: 0,
      idle: false,
      doing: 'starting',
    };
    this.waits = wakeableWait(deps.clock);
    this.steps = new WorkerSteps(deps);
    const { state, waits, steps, idleWaiters } = this;
    this.running = runLoop({ deps, state, waits, steps, idleWaiters, backoff: deps.backoff ?? BACKOFF });
  }

  /** Asks for fresh data; an idle worker reads at once. */
  request(...reads: Read[]): void {
    this.steps.request(...reads);
    this.waits.wake(false);
  }

  /** The user asked for these reads: they are due, and a backoff is cut short for them. */
  readNow(...reads: Read[]): void {
    this.steps.request(...reads);
    this.waits.wake(true);
  }

  /**
   * Asks for what the poll reads: the user and the timers, and today's entries if the day has
   * turned. After a broadcast, which tells of timers only, the timers alone.
   */
  freshen(heard?: 'broadcast'): void {
    this.steps.freshen(heard);
    this.waits.wake(false);
  }

  /** Something to do: a new operation (urgent false), or the user or the system asking (urgent true: cuts a backoff short). */
  wake(urgent: boolean): void {
    this.waits.wake(urgent);
  }

  /** The poll reads timers every 30 s while the window is shown, every 5 min while hidden (see pollInterval). */
  setWindowShown(shown: boolean): void {
    this.state.windowShown = shown;
    this.waits.wake(false);
  }

  /**
   * A broadcast receiver the service reaches is registered: timer changes are announced, so the
   * poll stops while hidden and slows while shown.
   */
  setBroadcastsLive(live: boolean): void {
    this.state.broadcastsLive = live;
    this.waits.wake(false);
  }

  /** What the worker is doing, in words, for diagnostics (a stuck sync is explained, not guessed at). */
  describe(): string {
    const { state, steps } = this;
    const { outbox, clock } = this.deps;
    return `${state.stopped ? 'stopped; ' : ''}${state.doing}; online ${state.online}; next ${outbox.next()?.op.kind ?? 'none'}, held until ${steps.heldUntil() ?? '-'} (now ${clock.now()}); reads due ${steps.readsDue()}`;
  }

  /** Resolves once nothing is queued or due and no request is on the way (for tests and benchmarks). */
  whenIdle(): Promise<void> {
    const { state, steps } = this;
    return state.idle && !steps.nextStep() && steps.heldUntil() === null
      ? Promise.resolve()
      : new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.state.stopped = true;
    this.waits.end();
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((r) => (grace = setTimeout(r, STOP_GRACE_MS)))]);
    clearTimeout(grace);
  }
}

/** Starts a core's worker (coreState.ts); one function, so a test can watch what a core starts it with (notices.test.ts). */
export function startWorker(deps: WorkerDeps): Worker {
  return new Worker(deps);
}

/** Takes step after step until stopped: waits for work, backs off after a failure time can fix, records a refusal. */
async function runLoop(loop: Loop): Promise<void> {
  const { deps, state, steps } = loop;
  while (!state.stopped) {
    const step = steps.nextStep();
    state.idle = !step;
    if (!step) {
      await waitForWork(loop);
      continue;
    }
    try {
      state.doing = steps.describe(step);
      const talked = await steps.take(step);
      if (state.stopped) return;
      if (talked) {
        state.failures = 0;
        state.online = true;
        deps.service.reached(true);
      }
    } catch (error) {
      if (state.stopped) return;
      // Nothing more can be recorded (journal.ts): sending on would do what no record keeps.
      if (error instanceof JournalLostError) {
        state.doing = `stopped: ${error.message}`;
        deps.view.changed();
        return;
      }
      if (waitsForTime(error)) {
        if (!('read' in step))
          retryingLater(deps, 'item' in step ? [step.item.op.id] : step.batch.map((i) => i.op.id), messageOf(error));
        await backOff(loop, error);
        continue;
      }
      // The service answered, and refused: a fact about this operation, not about the network.
      if (isApiError(error)) deps.service.reached(true);
      await steps.refusedStep(step, error);
    }
    deps.view.changed();
  }
}

/** What the worker's loop keeps between steps. */
interface LoopState {
  stopped: boolean;
  windowShown: boolean;
  broadcastsLive: boolean;
  online: boolean;
  /** Failures that time can fix, in a row: the backoff doubles with each. */
  failures: number;
  idle: boolean;
  /** What it is doing, in words (describe()). */
  doing: string;
}

interface Loop {
  deps: WorkerDeps;
  state: LoopState;
  waits: WakeableWait;
  steps: WorkerSteps;
  idleWaiters: Array<() => void>;
  backoff: { firstMs: number; capMs: number };
}

/** Nothing to do now: wait for a wake, the poll or the end of an undo grace, whichever comes first. */
async function waitForWork({ deps, state, waits, steps, idleWaiters }: Loop): Promise<void> {
  const { outbox, clock } = deps;
  const held = steps.heldUntil();
  // The undo grace of the head ran out between nextStep() and here: send it now.
  if (held === null && outbox.next()) return;
  if (held === null) for (const resolve of idleWaiters.splice(0)) resolve();
  const poll = state.online ? pollInterval(state.windowShown, state.broadcastsLive) : null;
  const grace = held === null ? null : held - clock.now();
  const graceFirst = grace !== null && (poll === null || grace <= poll);
  state.doing = `waiting ${graceFirst ? `for an undo grace, ${grace} ms` : poll === null ? 'for a wake' : `for the poll, ${poll} ms`}`;
  const timedOut = await waits.wait(graceFirst ? grace : poll, 'any');
  if (timedOut && !graceFirst) steps.freshen();
}

/** A failure that time can fix: offline, and wait, longer after each failure in a row. */
async function backOff({ deps, state, waits, backoff }: Loop, error: unknown): Promise<void> {
  state.online = false;
  deps.service.reached(false, error);
  state.failures++;
  deps.view.changed();
  state.doing = `backing off after ${state.failures} failure(s): ${messageOf(error)}`;
  const backedOff = Math.min(backoff.capMs, backoff.firstMs * 2 ** (state.failures - 1));
  // A 429 that named its wait (Retry-After): no try before then, not even for the user
  // asking, since the service would only refuse it again (and a limiter the client shares
  // holds every request that long anyway).
  const asked = rateLimitWait(error);
  if (asked > backedOff) state.doing += `, the service asked for ${asked} ms`;
  await waits.wait(Math.max(backedOff, asked), asked > backedOff ? 'stop' : 'urgent');
}

/** A send failed in a way time can fix: the Activity ledger says it is sent again after the backoff. */
function retryingLater({ ledger, clock }: WorkerDeps, ids: readonly string[], message: string): void {
  for (const id of ids) ledger.record({ t: 'failed', id, at: clock.now(), message, refused: false, retrying: true });
}

/** The wait a refused request named (ApiError.retryAfterMs), 0 when none. */
function rateLimitWait(error: unknown): number {
  return isApiError(error) && error.retryAfterMs !== null ? Math.min(MAX_WAIT_MS, error.retryAfterMs) : 0;
}
