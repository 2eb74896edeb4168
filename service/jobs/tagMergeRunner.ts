// Runs the tag merges that answered 202 (spec 000 conventions 10), one batch per transaction and
// one batch per turn of the event loop, so requests are served between batches and see both tags
// locked. Started merges live in tag_merges, so on start the runner picks up any that a stop cut
// short. The spec's e-mail on completion has no equivalent here (decided): the runner logs it,
// and the source tag answering 404 shows it is done.
import type { FastifyBaseLogger } from 'fastify';
import { timestamp } from '../time';
import type { Queryable } from '../storage/store';
import { pendingTagMerges, runTagMergeBatch } from '../domain/tagMerges';
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

  /** Makes sure pending merges are being worked on. */
  kick(): void {
    if (this.stopped || this.running) return;
    this.running = this.drain()
      .catch((error: unknown) => this.log.error({ err: error }, 'reading the pending tag merges failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /** Stops after the current batch; a pending merge resumes on the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.tuning.beforeBackgroundBatch) await Promise.race([this.tuning.beforeBackgroundBatch(), this.stopping]);
      if (this.stopped) return;
      const merge = (await pendingTagMerges(this.db))[0];
      if (!merge) return;
      try {
        const done = await this.db.transaction(
          async (tx) => await runTagMergeBatch(tx, merge, this.tuning.tagMergeBatch, timestamp(this.clock())),
        );
        if (done) this.log.info({ tagMerge: merge }, 'tag merge finished');
      } catch (error) {
        // The merge stays pending and locked; it is tried again on the next start.
        this.log.error({ err: error, tagMerge: merge }, 'tag merge failed');
        return;
      }
    }
  }
}
