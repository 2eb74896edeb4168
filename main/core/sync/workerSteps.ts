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

/** The worker's steps (worker.ts takes one at a time): which is next, doing it, recording a refusal; the reads due. */
export class WorkerSteps {
  private readonly deps: StepDeps;
  /** The reads due: asked for (request, freshen, an operation's refreshes) and not yet back. */
  private readonly requested = new Set<Read>();
  /**
   * Entries an import refused go one by one from then on, so only the faulty one fails (its own
   * message, at its own item) and the rest arrive.
   */
  private readonly refusedByImport = new Set<string>();

  constructor(deps: StepDeps) {
    this.deps = deps;
  }

  /** The head of the queue while its undo grace runs (model/undoGrace.ts): it, and all after it, wait till then. */
  heldUntil(): number | null {
    const head = this.deps.outbox.next();
    const notBefore = head && (head.op.notBefore ?? this.cancelling(head)?.op.notBefore);
    return notBefore !== undefined && notBefore > this.deps.clock.now() ? notBefore : null;
  }

  nextStep(): Step | null {
    const item = this.heldUntil() === null ? this.deps.outbox.next() : undefined;
    // Cancelled, its grace over: send() withdraws it and its delete, nothing goes out.
    if (item && this.cancelling(item)) return { item };
    const batch = item && this.deps.importer ? this.importStep(item) : null;
    if (batch) return batch;
    if (item) return { item };
    const read = READS.find((r) => this.requested.has(r));
    return read ? { read } : null;
  }

  /** Does the step; answers whether it talked to the service. */
  take(step: Step): Promise<boolean> {
    if ('item' in step) return this.send(step.item);
    return 'batch' in step ? this.sendMany(step.batch) : this.read(step.read);
  }

  /** The service refused the step (no failure that time fixes): record it. */
  async refusedStep(step: Step, error: unknown): Promise<void> {
    const { outbox } = this.deps;
    if ('item' in step) await outbox.fail(step.item.op.id, messageOf(error), refused(error)).catch(() => {});
    else if ('batch' in step) {
      // Not a refusal (those went one by one above): the import may have run, so the items
      // wait for the user's retry, which first looks for what it did.
      for (const i of step.batch) await outbox.fail(i.op.id, messageOf(error), false).catch(() => {});
    } else {
      // Asking again would get the same answer; the next trigger (a poll, an event) will.
      this.requested.delete(step.read);
      console.warn(`Stint could not read ${step.read} from the service:`, messageOf(error));
    }
  }

  /**
   * Asks for what the poll reads (Worker.freshen): after a broadcast, no read of the user.
   * Timers may change anywhere at any time, and so may the user's time format and week start
   * (another app, the service's own pages): both are re-read on every poll and wake; a broadcast
   * tells of timers only (GAPS.md), so it reads those. Entries are re-read by the operations that
   * change them, when the day has turned, and when the window shows another week.
   */
  freshen(heard?: 'broadcast'): void {
    const { requested } = this;
    const { service, view } = this.deps;
    if (heard !== 'broadcast') requested.add('user');
    requested.add('timers');
    const { entries, week } = service.data;
    if (entries?.date !== view.today() || week?.start !== view.week().start) requested.add('entries');
  }

  /** Asks for these reads: they are due until one of each comes back. */
  request(...reads: Read[]): void {
    for (const r of reads) this.requested.add(r);
  }

  /** The reads due, in words. */
  readsDue(): string {
    return [...this.requested].join(',') || 'none';
  }

  describe(step: Step): string {
    if ('item' in step) return `sending ${step.item.op.kind} ${step.item.op.id}`;
    return 'batch' in step ? `importing ${step.batch.length} entries` : `reading ${step.read}`;
  }

  /** The billing increments of the projects last read, by id (bulk.ts). */
  private increments(): Map<number, number> {
    return new Map(this.deps.service.data.projects.map((p) => [p.id, p.billingIncrement] as const));
  }

  /** The pending delete cancelling a queued entry (calls/entries.ts): its create waits for its grace too. */
  private cancelling(item: OutboxItem): OutboxItem | undefined {
    return cancelOf(item, this.deps.outbox.items());
  }

  /** The head's step through the import: the projects' read it needs first, or the batch it starts; null to send it alone. */
  private importStep(item: OutboxItem): Step | null {
    const { outbox } = this.deps;
    // An import rounds minutes to the project's increment itself: know the projects first.
    if (
      item.op.kind === 'createEntry' &&
      item.op.projectId !== null &&
      this.requested.has('projects') &&
      !this.increments().has(item.op.projectId)
    )
      return { read: 'projects' };
    const all = outbox.items();
    const cancelled = new Set(
      all.flatMap(({ op, status }) =>
        status === 'pending' && op.kind === 'deleteEntry' && op.cancels ? [op.cancels] : [],
      ),
    );
    const batch = nextBatch(
      all.filter((i) => !this.refusedByImport.has(i.op.id) && !cancelled.has(i.op.id)),
      this.increments(),
    );
    return batch && batch[0] === item ? { batch } : null;
  }

  /** Sends one operation; answers whether it talked to the service. */
  private async send(item: OutboxItem): Promise<boolean> {
    const { outbox, api, clock, service, view } = this.deps;
    const { op } = item;
    const cancel = this.cancelling(item);
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
    const sent = await sendOperation(api, op, {
      now: () => clock.now(),
      attempted: item.attempted,
      timeFormat: service.data.timeFormat,
    });
    await outbox.settle(op.id, sent.projectId, sent.entryId);
    if (sent.notice) view.tell(sent.notice);
    for (const c of REFRESHES[op.kind]) this.requested.add(c);
    return true;
  }

  /** Sends a batch of queued entries through the import. */
  private async sendMany(batch: OutboxItem[]): Promise<true> {
    const { outbox, api, clock, importer } = this.deps;
    const ids = batch.map((i) => i.op.id);
    const head = batch[0]!;
    const attemptedAt = head.attempted && head.batch ? head.batch.at : null;
    const inputs = batch.map((item) => importInput(item, this.increments()));
    if (attemptedAt === null)
      await outbox.attemptBatch(
        { id: randomUUID(), at: clock.now() },
        batch.map((item, i) => ({ id: item.op.id, minutes: inputs[i]!.minutes })),
      );
    else if (await landed(api, inputs, attemptedAt)) return this.settleMany(ids);
    try {
      // #hashtags are read as v2 reads them (the description is the one the user typed).
      await importer!.importEntries(inputs, { allowHashtags: true });
    } catch (error) {
      // The service refused this import (a bad entry in it, a role that may not import): then
      // nothing was made, and they go one by one. A credential or the limit is no refusal.
      if (!refused(error) || waitsForTime(error)) throw error;
      for (const id of ids) this.refusedByImport.add(id);
      return true;
    }
    return this.settleMany(ids);
  }

  private async settleMany(ids: string[]): Promise<true> {
    await this.deps.outbox.settleMany(ids);
    this.requested.add('entries');
    return true;
  }

  /** Reads one part of the service's data into the service state. */
  private async read(what: Read): Promise<true> {
    const { api, clock, service, view, outbox } = this.deps;
    // Asked again while this read runs? Then it runs again: this one may have begun too early.
    this.requested.delete(what);
    try {
      const patch = await readPart(what, { api, clock, view, userId: service.data.userId });
      service.received(what, patch, clock.now());
      outbox.refreshed(what);
      return true;
    } catch (error) {
      this.requested.add(what);
      throw error;
    }
  }
}

export function waitsForTime(error: unknown): boolean {
  // unauthorized too: every operation would fail the same way until the user signs in again,
  // so they wait rather than pile up as failures.
  return isApiError(error) && (error.retryable || error.kind === 'unauthorized');
}

const refused = (error: unknown) =>
  isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500;

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
