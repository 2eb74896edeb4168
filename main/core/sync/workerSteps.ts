// What the worker does at each step: which step is next (an operation, a batch for the import,
// a read), and doing it. The worker (worker.ts) decides when, and what a failure costs in time.

import { randomUUID } from 'node:crypto';
import { isApiError } from '../../api/errors';
import { importInput, landed, nextBatch } from './bulk';
import { projectOf, REFRESHES } from '../model/operations';
import type { OutboxItem } from './outbox';
import { READS, readPart, type Read } from './serviceReads';
import { sendOperation } from '../senders/sendOnce';
import { cancelOf } from './undoable';
import type { ServiceApi } from '../../api/types';
import type { TimerClock as Clock } from '../../api/clock';
import type { BulkImporter } from './bulk';
import type { Outbox } from './outbox';
import type { ServiceState } from './serviceState';
import type { WorkerView } from './workerView';

/** What the steps work with: the service and what core knows of it, the outbox, and the view a notice and a read's day come from. */
export interface StepDeps {
  api: ServiceApi;
  outbox: Outbox;
  clock: Clock;
  /** What was last read: a read lands here (serviceState.ts received). */
  service: ServiceState;
  view: WorkerView;
  /** The v1 bulk import, where the service offers it: queued entries then go many per request. */
  importer?: BulkImporter;
}

export type Step = { item: OutboxItem } | { batch: OutboxItem[] } | { read: Read };

export interface WorkerSteps {
  /** The head of the queue while its undo grace runs (model/undoGrace.ts): it, and all after it, wait till then. */
  heldUntil(): number | null;
  nextStep(): Step | null;
  /** Does the step; answers whether it talked to the service. */
  take(step: Step): Promise<boolean>;
  /** The service refused the step (no failure that time fixes): record it. */
  refusedStep(step: Step, error: unknown): Promise<void>;
  /** Asks for what the poll reads (Worker.freshen): after a broadcast, no read of the user. */
  freshen(heard?: 'broadcast'): void;
  /** Asks for these reads: they are due until one of each comes back. */
  request(...reads: Read[]): void;
  /** The reads due, in words. */
  readsDue(): string;
  describe(step: Step): string;
}

export function workerSteps(deps: StepDeps): WorkerSteps {
  const ctx = stepContext(deps);
  const { outbox, clock, requested, cancelling } = ctx;
  const { send, sendMany } = sendingSteps(ctx);
  const { read, freshen } = readingSteps(ctx);

  const heldUntil = (): number | null => {
    const head = outbox.next();
    const notBefore = head && (head.op.notBefore ?? cancelling(head)?.op.notBefore);
    return notBefore !== undefined && notBefore > clock.now() ? notBefore : null;
  };

  const nextStep = (): Step | null => {
    const item = heldUntil() === null ? outbox.next() : undefined;
    // Cancelled, its grace over: send() withdraws it and its delete, nothing goes out.
    if (item && cancelling(item)) return { item };
    const batch = item && deps.importer ? importStep(ctx, item) : null;
    if (batch) return batch;
    if (item) return { item };
    const read = READS.find((r) => requested.has(r));
    return read ? { read } : null;
  };

  const refusedStep = async (step: Step, error: unknown): Promise<void> => {
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
  };

  return {
    heldUntil,
    nextStep,
    take: (step) => ('item' in step ? send(step.item) : 'batch' in step ? sendMany(step.batch) : read(step.read)),
    refusedStep,
    freshen,
    request(...reads) {
      for (const r of reads) requested.add(r);
    },
    readsDue: () => [...requested].join(',') || 'none',
    describe: (step) =>
      'item' in step
        ? `sending ${step.item.op.kind} ${step.item.op.id}`
        : 'batch' in step
          ? `importing ${step.batch.length} entries`
          : `reading ${step.read}`,
  };
}

/** What the steps share: the reads due, and the entries an import refused. */
interface StepContext {
  deps: StepDeps;
  outbox: Outbox;
  clock: Clock;
  /** The reads due: asked for (request, freshen, an operation's refreshes) and not yet back. */
  requested: Set<Read>;
  /**
   * Entries an import refused go one by one from then on, so only the faulty one fails (its own
   * message, at its own item) and the rest arrive.
   */
  refusedByImport: Set<string>;
  /** The billing increments of the projects last read, by id (bulk.ts). */
  increments(): Map<number, number>;
  /** The pending delete cancelling a queued entry (calls/entries.ts): its create waits for its grace too. */
  cancelling(item: OutboxItem): OutboxItem | undefined;
}

function stepContext(deps: StepDeps): StepContext {
  const { outbox } = deps;
  return {
    deps,
    outbox,
    clock: deps.clock,
    requested: new Set<Read>(),
    refusedByImport: new Set<string>(),
    increments: () => new Map(deps.service.data.projects.map((p) => [p.id, p.billingIncrement] as const)),
    cancelling: (item) => cancelOf(item, outbox.items()),
  };
}

/** The head's step through the import: the projects' read it needs first, or the batch it starts; null to send it alone. */
function importStep({ outbox, requested, refusedByImport, increments }: StepContext, item: OutboxItem): Step | null {
  // An import rounds minutes to the project's increment itself: know the projects first.
  if (
    item.op.kind === 'createEntry' &&
    item.op.projectId !== null &&
    requested.has('projects') &&
    !increments().has(item.op.projectId)
  )
    return { read: 'projects' };
  const all = outbox.items();
  const cancelled = new Set(
    all.flatMap(({ op, status }) =>
      status === 'pending' && op.kind === 'deleteEntry' && op.cancels ? [op.cancels] : [],
    ),
  );
  const batch = nextBatch(
    all.filter((i) => !refusedByImport.has(i.op.id) && !cancelled.has(i.op.id)),
    increments(),
  );
  return batch && batch[0] === item ? { batch } : null;
}

/** Sending: one operation, or a batch through the import. */
function sendingSteps({ deps, outbox, clock, requested, refusedByImport, increments, cancelling }: StepContext) {
  /** Answers whether it talked to the service. */
  const send = async (item: OutboxItem): Promise<boolean> => {
    const { op } = item;
    const cancel = cancelling(item);
    if (cancel) {
      // Deleted before it was ever sent: it is taken out of the outbox with its delete.
      if (!item.attempted && (await outbox.withdraw(op.id))) {
        await outbox.withdraw(cancel.op.id);
        return false;
      }
    }
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
    // The user's time format as it is now, for the words of any notice (it may change between sends).
    const sent = await sendOperation(deps.api, op, {
      now: () => clock.now(),
      attempted: item.attempted,
      timeFormat: deps.service.data.timeFormat,
    });
    await outbox.settle(op.id, sent.projectId, sent.entryId);
    if (sent.notice) deps.view.tell(sent.notice);
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

  return { send, sendMany };
}

/** Reading: one part of the service's data, and which parts the poll reads. */
function readingSteps({ deps, clock, requested }: StepContext) {
  const read = async (what: Read): Promise<true> => {
    // Asked again while this read runs? Then it runs again: this one may have begun too early.
    requested.delete(what);
    try {
      const patch = await readPart(what, { api: deps.api, clock, view: deps.view, userId: deps.service.data.userId });
      deps.service.received(what, patch, clock.now());
      deps.outbox.refreshed(what);
      return true;
    } catch (error) {
      requested.add(what);
      throw error;
    }
  };

  // Timers may change anywhere at any time, and so may the user's time format and week start
  // (another app, the service's own pages): both are re-read on every poll and wake; a broadcast
  // tells of timers only (GAPS.md), so it reads those. Entries are re-read by the operations that
  // change them, when the day has turned, and when the window shows another week.
  const freshen = (heard?: 'broadcast') => {
    if (heard !== 'broadcast') requested.add('user');
    requested.add('timers');
    const { entries, week } = deps.service.data;
    const shown = deps.view.week();
    if (entries?.date !== deps.view.today() || week?.start !== shown.start) requested.add('entries');
  };

  return { read, freshen };
}

export function waitsForTime(error: unknown): boolean {
  // unauthorized too: every operation would fail the same way until the user signs in again,
  // so they wait rather than pile up as failures.
  return isApiError(error) && (error.retryable || error.kind === 'unauthorized');
}

const refused = (error: unknown) =>
  isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500;

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
