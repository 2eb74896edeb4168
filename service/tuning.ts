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
  /** PostgreSQL: how often an instance looks for merges another one left (it died, or stopped). */
  tagMergePollMs: number;
  /** Awaited before each background batch; tests use it to hold a merge while they look at the locks. */
  beforeBackgroundBatch?: () => Promise<void>;
  /**
   * How long a connection may take over its parts (decided; the spec names no limits). A client
   * that trickles its headers or body, or opens a socket and says nothing (a slow-loris), holds a
   * socket and its memory only this long, authenticated or not: bodies are at most 1 MiB, which
   * any real client sends in well under the request bound.
   */
  connections: ConnectionLimits;
  /**
   * How long a request's database work may take (decided: 8 s, under connections.idleMs, at which
   * the socket of a request that has not answered is closed and a balancer answers 502). Past it,
   * or once the client has gone, the statement in flight is cancelled and nothing is committed:
   * the request answers 503 and stored nothing (http/requestDeadline.ts, storage/cancellation.ts).
   * PostgreSQL's statement_timeout (storage/postgresStore.ts) is the same 8 s by default.
   */
  requestWorkMs: number;
  /**
   * scrypt's cost for the passwords hashed from now on (auth/passwords.ts; each stored string keeps
   * the parameters it was hashed with, so a check always uses the string's own). Decided: OWASP's
   * N=2^14, r=8, p=5, 16 MiB a hash. Tests whose subject is not the cost hash at a tiny one
   * (test/support/passwordCost.ts): hundreds of sign-ins at 0.1–1 s each were minutes of a run.
   */
  passwordHash: ScryptCost;
}

export interface ScryptCost {
  /** CPU and memory cost: a power of 2. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
}

export interface ConnectionLimits {
  /** From the connection (or the end of the previous request) to the end of the headers: 408 and closed after. */
  headersMs: number;
  /** From the first byte to the end of the body: 408 and closed after. Must be at least headersMs. */
  requestMs: number;
  /** A socket on which nothing moves this long is closed. */
  idleMs: number;
  /** An idle kept-alive connection between requests is closed after this. */
  keepAliveMs: number;
  /** How often Node looks for requests past headersMs or requestMs (its default, 30 s, would let them run long past). */
  checkEveryMs: number;
}

export const DEFAULT_TUNING: Tuning = {
  tagMergeInlineMax: 500,
  tagMergeBatch: 200,
  tagMergePollMs: 1000,
  connections: { headersMs: 5_000, requestMs: 10_000, idleMs: 10_000, keepAliveMs: 5_000, checkEveryMs: 1_000 },
  requestWorkMs: 8_000,
  // OWASP's scrypt equivalents trade memory for passes; N=2^14, r=8, p=5 needs 16 MiB per hash
  // (inside Node's default maxmem of 32 MiB) and costs about as much time as N=2^17, p=1.
  passwordHash: { N: 2 ** 14, r: 8, p: 5 },
};
