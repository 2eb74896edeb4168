// Sizes and hooks of the service's own work that the spec leaves to the implementation, in one
// place so tests can shrink them (ServiceOptions.tuning) and the defaults stay documented.

export interface Tuning {
  /**
   * A tag merge touching more entries than this answers 202 and runs in the background
   * (spec 000 conventions 10, "for example a large tag merge"). Decided: 500, a merge that
   * finishes within one request of a few tens of milliseconds.
   */
  tagMergeInlineMax: number;
  /** Entries rewritten per transaction by a background merge: other requests run between batches. */
  tagMergeBatch: number;
  /** Awaited before each background batch; tests use it to hold a merge while they look at the locks. */
  beforeBackgroundBatch?: () => Promise<void>;
}

export const DEFAULT_TUNING: Tuning = {
  tagMergeInlineMax: 500,
  tagMergeBatch: 200,
};
