// Sign-in throttling against password guessing. Failures are counted per e-mail address (one
// account guessed from many places) and per client address (many accounts guessed from one
// place). Each key has a free budget; past it, every further failure blocks the key for a time
// that doubles, up to a cap. While a sign-in is blocked (signInBlockedFor: which keys apply), it
// is refused without looking at the password, so a guesser learns nothing, and a blocked attempt
// does not extend the block.
// A success clears the e-mail's count (the user proved who they are), not the address's: an
// attacker could otherwise reset their address's count by signing into an account of their own.
// Counts lapse a day after the last failure.
import type { Queryable } from '../storage/store';

export interface ThrottlePolicy {
  /** Failures allowed before any block. */
  free: number;
  /** Block after the first failure past the budget; doubles with each further one. */
  firstBlockMs: number;
  maxBlockMs: number;
  /** A count with no failure for this long starts again from zero. */
  forgetAfterMs: number;
}

// Decided: 5 failures per e-mail, 20 per address (a household or office behind one address
// shares it), then 30 s doubling up to 15 min.
export const EMAIL_POLICY: ThrottlePolicy = {
  free: 5,
  firstBlockMs: 30_000,
  maxBlockMs: 15 * 60_000,
  forgetAfterMs: 24 * 3600_000,
};
export const ADDRESS_POLICY: ThrottlePolicy = {
  free: 20,
  firstBlockMs: 30_000,
  maxBlockMs: 15 * 60_000,
  forgetAfterMs: 24 * 3600_000,
};

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** The e-mail's key first, then the address's. */
export const signInKeys = (email: string, address: string): [email: ThrottleKey, address: ThrottleKey] => [
  { key: `email:${email.trim().toLowerCase()}`, policy: EMAIL_POLICY },
  { key: `ip:${address}`, policy: ADDRESS_POLICY },
];

type Row = { failures: number; last_failure_ms: number; blocked_until_ms: number };

const read = async (db: Queryable, key: string) =>
  (await db.get('SELECT failures, last_failure_ms, blocked_until_ms FROM sign_in_failures WHERE key = ?', key)) as
    | Row
    | undefined;

/** Milliseconds until every key may try again; 0 when none is blocked. */
export async function blockedFor(db: Queryable, keys: ThrottleKey[], nowMs: number): Promise<number> {
  let wait = 0;
  for (const { key } of keys) {
    const row = await read(db, key);
    if (row) wait = Math.max(wait, row.blocked_until_ms - nowMs);
  }
  return wait;
}

/** The key's failures still counted (forgotten ones are 0). */
async function failuresOf(db: Queryable, { key, policy }: ThrottleKey, nowMs: number): Promise<number> {
  const row = await read(db, key);
  return row && nowMs - row.last_failure_ms < policy.forgetAfterMs ? row.failures : 0;
}

/**
 * Milliseconds until this e-mail may sign in from this address; 0 when it may now.
 *
 * Decided, per account first: the e-mail's own lock always applies; the address's lock applies
 * only to an e-mail that has failed more than its own free budget (EMAIL_POLICY.free). So an
 * account whose own failures are within its limit is always checked, and its right password
 * signs in however many failures others made from the same address (every local client shares
 * 127.0.0.1). Spraying many e-mails from one address stays limited: each e-mail gets at most
 * its own budget, and once past it waits for the address's lock as well as its own, so a
 * locked address cannot go on guessing any e-mail it has used up.
 */
export async function signInBlockedFor(
  db: Queryable,
  [email, address]: [ThrottleKey, ThrottleKey],
  nowMs: number,
): Promise<number> {
  const pastOwnBudget = (await failuresOf(db, email, nowMs)) > email.policy.free;
  return Math.max(0, await blockedFor(db, pastOwnBudget ? [email, address] : [email], nowMs));
}

export async function recordFailure(db: Queryable, keys: ThrottleKey[], nowMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { key, policy } of keys) {
      const row = await read(tx, key);
      const failures = (row && nowMs - row.last_failure_ms < policy.forgetAfterMs ? row.failures : 0) + 1;
      const over = failures - policy.free;
      const block = over > 0 ? Math.min(policy.maxBlockMs, policy.firstBlockMs * 2 ** Math.min(over - 1, 30)) : 0;
      await tx.run(
        `INSERT INTO sign_in_failures (key, failures, last_failure_ms, blocked_until_ms) VALUES (?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, last_failure_ms = excluded.last_failure_ms, blocked_until_ms = excluded.blocked_until_ms`,
        key,
        failures,
        nowMs,
        nowMs + block,
      );
    }
  });
}

export async function clearFailures(db: Queryable, key: ThrottleKey): Promise<void> {
  await db.run('DELETE FROM sign_in_failures WHERE key = ?', key.key);
}
