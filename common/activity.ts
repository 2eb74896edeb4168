// The sync ledger's shapes ("Activity", issue 14): the last changes the outbox handled, each with
// its state and timings, as main records them (main/core/sync/ledger.ts) and the window lists them.
// Only what the user did and what the service answered: never a token, a header or an address.

/**
 * waiting: queued, not yet sent; sent: a send began, its answer not yet known; confirmed: the
 * service did it; refused: the service said no (kept for the user to retry, edit or discard);
 * failed: a failure time can fix (the network, a 5xx, the rate limit): it is sent again by itself;
 * kept: failed otherwise, without a refusal (the service may have acted): kept for the user to
 * retry, edit or discard; discarded: undone within its grace, or one the user discarded.
 */
export type ActivityState = 'waiting' | 'sent' | 'confirmed' | 'refused' | 'failed' | 'kept' | 'discarded';

export interface ActivityEntry {
  /** The operation's id in the outbox. */
  id: string;
  /** What the user did, in words (describeOperation). */
  what: string;
  /** The operation's kind (createEntry, startTimer…). */
  kind: string;
  state: ActivityState;
  /** Epoch ms: when it was queued, when its first send began, when it was confirmed or discarded. */
  queuedAt: number;
  sentAt: number | null;
  settledAt: number | null;
  /** settledAt - queuedAt; null until settled. */
  tookMs: number | null;
  /** The service's id of what it created (a project, an entry), where known. */
  serviceId: number | null;
  /** The service's message (or why it could not be reached), for a refused, failed or kept one. */
  message: string | null;
}

export interface AccountWaiting {
  accountId: string;
  label: string;
  /** Operations not yet on the service: queued, or failed and kept. */
  waiting: number;
}

export interface Activity {
  /** Newest first. */
  entries: ActivityEntry[];
  waitingByAccount: AccountWaiting[];
}
