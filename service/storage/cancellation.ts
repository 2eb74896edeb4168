// The request a query runs for, as far as the store needs to know it: a signal that aborts when
// the request is cut (its client went away, or its time for database work ran out: http/requestDeadline.ts).
// The PostgreSQL store reads it around each transaction: it cancels the statement in flight,
// and never sends COMMIT once the signal has aborted, so a request answered with an error (or
// never answered) leaves nothing behind that commits later. Background work runs outside any
// request and has no signal.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<AbortSignal>();

/** Runs fn (and everything it starts) on behalf of the request `signal` belongs to. */
export const runForRequest = <T>(signal: AbortSignal, fn: () => T): T => scope.run(signal, fn);

/**
 * Runs fn outside any request: background work a request starts (a wake, a timer, a poll) must
 * not carry the request's signal, or it would be refused for good once that request was cut.
 */
export const outsideRequest = <T>(fn: () => T): T => scope.exit(fn);

/** The signal of the request this code runs for, if any. */
export const requestSignal = (): AbortSignal | undefined => scope.getStore();

/** Thrown where the store refuses to go on for a request that was cut. */
export class RequestCut extends Error {
  readonly statusCode = 503;
  constructor() {
    super('the request was cut (its client left, or its time ran out): its database work was rolled back');
  }
}

/** Throws RequestCut once the signal has aborted. */
export function refuseIfCut(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new RequestCut();
}

// SQLSTATEs of work PostgreSQL gave up on within its own bounds (statement_timeout,
// idle_in_transaction_session_timeout, a cancel): the transaction was rolled back.
const GAVE_UP = new Set(['57014', '25P03', '55P03']);

/** True for an error that means the database work stopped unfinished and nothing of it was stored. */
export function isCutWork(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof RequestCut || (typeof code === 'string' && GAVE_UP.has(code));
}
