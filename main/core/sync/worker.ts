// The one worker that talks to the service: it sends the outbox's operations in order, then
// makes the reads that are due. One at a time, so a read never overtakes an operation sent
// before it, and a read that comes back always includes every operation settled before it.
//
// Failures that time can fix (network, 5xx, 429, an unknown outcome, a credential the user must
// renew) keep the operation queued, mark the app offline and wait, backing off (at least as long
// as a 429's Retry-After asked); anything else the service refused marks the operation failed,
// kept for the user to retry or discard.

import { randomUUID } from 'node:crypto';
import { isApiError } from '../../api/errors';
import type { ServiceApi } from '../../api/types';
import { importInput, landed, nextBatch, type BulkImporter } from './bulk';
import type { Clock } from '../types';
import { projectOf, REFRESHES } from './operations';
import type { Outbox, OutboxItem } from './outbox';
import { READS, readPart, type Read } from './serviceReads';
import { sendOperation } from './sendOnce';
import type { ServiceData } from './serviceData';

export interface WorkerDeps {
  api: ServiceApi;
  outbox: Outbox;
  clock: Clock;
  today(): string;
  data(): ServiceData;
  /** A read came back: merge it into the service data. */
  received(what: Read, patch: Partial<ServiceData>): void;
  /** Whether the service answered the last attempt; called after every step. */
  reached(online: boolean): void;
  /** Something the snapshot shows changed (an operation settled or failed). */
  changed(): void;
  /** Default BACKOFF. */
  backoff?: { firstMs: number; capMs: number };
  /** Something the user must be told (a conflict reconciled while sending). */
  notice?(message: string): void;
  /** The v1 bulk import, where the service offers it: queued entries then go many per request. */
  importer?: BulkImporter;
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

/** What may end a wait before its time: any wake, only an urgent one, or nothing but stop(). */
type CutBy = 'any' | 'urgent' | 'stop';
/** How long stop() waits for a request in flight before leaving it (its result is not needed). */
const STOP_GRACE_MS = 2_000;

type Step = { item: OutboxItem } | { batch: OutboxItem[] } | { read: Read };

export function startWorker(deps: WorkerDeps): Worker {
  const { outbox, clock } = deps;
  const backoff = deps.backoff ?? BACKOFF;
  const requested = new Set<Read>();
  let stopped = false;
  let windowShown = false;
  let broadcastsLive = false;
  let online = true;
  let failures = 0;
  let idle = false;
  let doing = 'starting';
  const idleWaiters: Array<() => void> = [];
  let waiter: { resolve: (timedOut: boolean) => void; cutBy: CutBy; handle: unknown } | null = null;

  const wait = (ms: number | null, cutBy: CutBy) =>
    new Promise<boolean>((resolve) => {
      const handle = ms === null ? null : clock.setTimeout(() => endWait(true), ms);
      waiter = { resolve, cutBy, handle };
    });
  const endWait = (timedOut: boolean) => {
    const w = waiter;
    if (!w) return;
    waiter = null;
    if (w.handle !== null) clock.clearTimeout(w.handle);
    w.resolve(timedOut);
  };
  const wake = (urgent: boolean) => {
    if (waiter && (waiter.cutBy === 'any' || (urgent && waiter.cutBy === 'urgent'))) endWait(false);
  };

  // Entries an import refused go one by one from then on, so only the faulty one fails (its own
  // message, at its own item) and the rest arrive.
  const refusedByImport = new Set<string>();
  const increments = () => new Map(deps.data().projects.map((p) => [p.id, p.billingIncrement] as const));

  /** The head of the queue while its undo grace runs (undo/grace.ts): it, and all after it, wait till then. */
  const heldUntil = (): number | null => {
    const notBefore = outbox.next()?.op.notBefore;
    return notBefore !== undefined && notBefore > clock.now() ? notBefore : null;
  };

  const nextStep = (): Step | null => {
    const item = heldUntil() === null ? outbox.next() : undefined;
    if (item && deps.importer) {
      // An import rounds minutes to the project's increment itself: know the projects first.
      if (
        item.op.kind === 'createEntry' &&
        item.op.projectId !== null &&
        requested.has('projects') &&
        !increments().has(item.op.projectId)
      )
        return { read: 'projects' };
      const batch = nextBatch(
        outbox.items().filter((i) => !refusedByImport.has(i.op.id)),
        increments(),
      );
      if (batch && batch[0] === item) return { batch };
    }
    if (item) return { item };
    const read = READS.find((r) => requested.has(r));
    return read ? { read } : null;
  };

  /** Answers whether it talked to the service. */
  const send = async (item: OutboxItem): Promise<boolean> => {
    const { op } = item;
    const project = projectOf(op);
    // A local id left here means its project's creation failed or was discarded.
    if (project !== null && project < 0) {
      await outbox.fail(
        op.id,
        'Its project could not be created on the service. Retry creating the project first.',
        false,
      );
      return false;
    }
    await outbox.attempt(op.id);
    const sent = await sendOperation(deps.api, op, { now: () => clock.now(), attempted: item.attempted });
    await outbox.settle(op.id, sent.projectId);
    if (sent.notice) deps.notice?.(sent.notice);
    for (const c of REFRESHES[op.kind]) requested.add(c);
    return true;
  };

  const sendMany = async (batch: OutboxItem[]): Promise<true> => {
    const ids = batch.map((i) => i.op.id);
    const head = batch[0]!;
    const attemptedAt = head.attempted && head.batch ? head.batch.at : null;
    const inputs = batch.map((item) => importInput(item, increments()));
    if (attemptedAt === null)
      await outbox.attemptBatch(
        { id: randomUUID(), at: clock.now() },
        batch.map((item, i) => ({ id: item.op.id, minutes: inputs[i]!.minutes })),
      );
    else if (await landed(deps.api, inputs, attemptedAt)) return settleMany(ids);
    try {
      // #hashtags are read as v2 reads them (the description is the one the user typed).
      await deps.importer!.importEntries(inputs, { allowHashtags: true });
    } catch (error) {
      // The service refused this import (a bad entry in it, a role that may not import): then
      // nothing was made, and they go one by one. A credential or the limit is no refusal.
      if (!refused(error) || waitsForTime(error)) throw error;
      for (const id of ids) refusedByImport.add(id);
      return true;
    }
    return settleMany(ids);
  };
  const settleMany = async (ids: string[]): Promise<true> => {
    await outbox.settleMany(ids);
    requested.add('entries');
    return true;
  };

  const read = async (what: Read): Promise<true> => {
    // Asked again while this read runs? Then it runs again: this one may have begun too early.
    requested.delete(what);
    try {
      const patch = await readPart(what, {
        api: deps.api,
        now: () => clock.now(),
        today: deps.today,
        userId: deps.data().userId,
      });
      deps.received(what, patch);
      return true;
    } catch (error) {
      requested.add(what);
      throw error;
    }
  };

  // Timers may change anywhere at any time; entries are re-read by the operations that change
  // them, and when the day has turned.
  const freshen = () => {
    requested.add('timers');
    if (deps.data().entries?.date !== deps.today()) requested.add('entries');
  };

  const run = async () => {
    while (!stopped) {
      const step = nextStep();
      idle = !step;
      if (!step) {
        const held = heldUntil();
        // The undo grace of the head ran out between nextStep() and here: send it now.
        if (held === null && outbox.next()) continue;
        if (held === null) for (const resolve of idleWaiters.splice(0)) resolve();
        const poll = online ? pollInterval(windowShown, broadcastsLive) : null;
        const grace = held === null ? null : held - clock.now();
        const graceFirst = grace !== null && (poll === null || grace <= poll);
        doing = `waiting ${graceFirst ? `for an undo grace, ${grace} ms` : poll === null ? 'for a wake' : `for the poll, ${poll} ms`}`;
        const timedOut = await wait(graceFirst ? grace : poll, 'any');
        if (timedOut && !graceFirst) freshen();
        continue;
      }
      try {
        doing =
          'item' in step
            ? `sending ${step.item.op.kind} ${step.item.op.id}`
            : 'batch' in step
              ? `importing ${step.batch.length} entries`
              : `reading ${step.read}`;
        const talked =
          'item' in step ? await send(step.item) : 'batch' in step ? await sendMany(step.batch) : await read(step.read);
        if (stopped) return;
        if (talked) {
          failures = 0;
          online = true;
          deps.reached(true);
        }
      } catch (error) {
        if (stopped) return;
        if (waitsForTime(error)) {
          online = false;
          deps.reached(false);
          failures++;
          deps.changed();
          doing = `backing off after ${failures} failure(s): ${messageOf(error)}`;
          const backedOff = Math.min(backoff.capMs, backoff.firstMs * 2 ** (failures - 1));
          // A 429 that named its wait (Retry-After): no try before then, not even for the user
          // asking, since the service would only refuse it again (and a limiter the client shares
          // holds every request that long anyway).
          const asked = rateLimitWait(error);
          if (asked > backedOff) doing += `, the service asked for ${asked} ms`;
          await wait(Math.max(backedOff, asked), asked > backedOff ? 'stop' : 'urgent');
          continue;
        }
        // The service answered, and refused: a fact about this operation, not about the network.
        if (isApiError(error)) deps.reached(true);
        if ('item' in step) await outbox.fail(step.item.op.id, messageOf(error), refused(error)).catch(() => {});
        else if ('batch' in step) {
          // Not a refusal (those went one by one above): the import may have run, so the items
          // wait for the user's retry, which first looks for what it did.
          for (const i of step.batch) await outbox.fail(i.op.id, messageOf(error), false).catch(() => {});
        } else {
          // Asking again would get the same answer; the next trigger (a poll, an event) will.
          requested.delete(step.read);
          console.warn(`Stint could not read ${step.read} from the service:`, messageOf(error));
        }
      }
      deps.changed();
    }
  };
  const running = run();

  return {
    request(...reads) {
      for (const r of reads) requested.add(r);
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
      `${stopped ? 'stopped; ' : ''}${doing}; online ${online}; next ${outbox.next()?.op.kind ?? 'none'}, held until ${heldUntil() ?? '-'} (now ${clock.now()}); reads due ${[...requested].join(',') || 'none'}`,
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
      endWait(false);
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

function waitsForTime(error: unknown): boolean {
  // unauthorized too: every operation would fail the same way until the user signs in again,
  // so they wait rather than pile up as failures.
  return isApiError(error) && (error.retryable || error.kind === 'unauthorized');
}

const refused = (error: unknown) =>
  isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
