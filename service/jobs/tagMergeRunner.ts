// Runs the tag merges that answered 202 (spec 000 conventions 10), one batch per transaction and
// one batch per turn of the event loop, so requests are served between batches and see both tags
// locked. Started merges live in tag_merges, so on start the runner picks up any that a stop cut
// short. The spec's e-mail on completion has no equivalent here (decided): the runner logs it,
// and the source tag answering 404 shows it is done.
//
// Instances sharing a PostgreSQL database share the merges: each batch's transaction first claims
// its merge's row with SELECT … FOR UPDATE SKIP LOCKED, so two instances never run the same batch
// (one skips a merge another is working on and tries the next). The claim ends with the batch, so
// the batches of one merge may come from different instances, and one that dies mid-batch rolls
// back and leaves the merge to the others, which poll for pending merges.
import type { FastifyBaseLogger } from 'fastify';
import { timestamp } from '../time';
import { outsideRequest } from '../storage/cancellation';
import type { Queryable } from '../storage/store';
import { pendingTagMerges, runTagMergeBatch, type TagMergeRow } from '../domain/tagMerges';
import { skipLocked } from '../storage/dialect';
import type { Tuning } from '../tuning';

export class TagMergeRunner {
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake!: () => void;
  /** Resolves on stop, so that a runner waiting between batches does not hold the close up. */
  private readonly stopping = new Promise<void>((resolve) => (this.wake = resolve));

  constructor(
    private readonly db: Queryable,
    private readonly clock: () => Date,
    private readonly tuning: Tuning,
    private readonly log: FastifyBaseLogger,
  ) {}

  private poll: NodeJS.Timeout | undefined;

  /** Makes sure pending merges are being worked on (on PostgreSQL, also those another instance left). */
  kick(): void {
    // The merge route kicks it: its batches and poll must not carry that request's signal (storage/cancellation.ts).
    outsideRequest(() => this.start());
  }

  private start(): void {
    if (this.stopped) return;
    if (this.db.dialect === 'postgres' && !this.poll) {
      this.poll = setInterval(() => void this.lookForLeftMerges(), this.tuning.tagMergePollMs);
      this.poll.unref();
    }
    if (this.running) return;
    this.running = this.drain()
      .catch((error: unknown) => this.log.error({ err: error }, 'reading the pending tag merges failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /** The poll: an idle runner starts again when a merge is pending (another instance left it, or holds it no more). */
  private async lookForLeftMerges(): Promise<void> {
    if (this.stopped || this.running) return;
    try {
      if ((await pendingTagMerges(this.db)).length > 0) this.kick();
    } catch (error) {
      this.log.error({ err: error }, 'reading the pending tag merges failed');
    }
  }

  /** Stops after the current batch; a pending merge resumes on the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    this.wake();
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.tuning.beforeBackgroundBatch) await Promise.race([this.tuning.beforeBackgroundBatch(), this.stopping]);
      if (this.stopped) return;
      let ran = false;
      for (const merge of await pendingTagMerges(this.db)) {
        try {
          const outcome = await this.db.transaction(async (tx) => await this.batch(tx, merge));
          if (outcome === 'taken') continue; // another instance runs this batch
          if (outcome === 'finished') this.log.info({ tagMerge: merge }, 'tag merge finished');
          ran = true;
          break;
        } catch (error) {
          // The merge stays pending and locked; it is tried again on the next start.
          this.log.error({ err: error, tagMerge: merge }, 'tag merge failed');
          return;
        }
      }
      if (!ran) return; // nothing pending, or every pending merge is another instance's now
    }
  }

  /** One batch of the merge, claimed first; 'taken' when another instance holds it (or finished it). */
  private async batch(tx: Queryable, merge: TagMergeRow): Promise<'taken' | 'finished' | 'more'> {
    const claimed = await tx.get(`SELECT id FROM tag_merges WHERE id = ? ${skipLocked(tx.dialect)}`, merge.id);
    if (!claimed) return 'taken';
    const done = await runTagMergeBatch(tx, merge, this.tuning.tagMergeBatch, timestamp(this.clock()));
    return done ? 'finished' : 'more';
  }
}
