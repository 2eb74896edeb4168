// Users' passwords: scrypt with a random salt, the parameters kept in the stored string so they
// can be raised later without breaking existing hashes. Format:
//   scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Queryable } from '../storage/store';
import { equalsNocase } from '../storage/dialect';
import { DEFAULT_TUNING, type ScryptCost } from '../tuning';

// The cost of new hashes is the service's tuning (tuning.ts passwordHash, OWASP's by default).
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Stored strings may carry larger parameters than today's; allow up to 128 MiB when checking them.
const MAX_MEMORY = 128 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_TUNING.passwordHash): Promise<string> {
  const { N, r, p } = cost;
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, { N, r, p }, KEY_LENGTH);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** False for a wrong password and for a stored string this module cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a corrupted row from asking for an absurd amount of memory or time.
  const sane =
    Number.isInteger(n) &&
    n > 1 &&
    (n & (n - 1)) === 0 &&
    n <= 2 ** 20 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 32 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16;
  if (!sane) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || expected.length < 16) return false;
  try {
    const actual = await derive(password, salt, { N: n, r, p }, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

// Checked when the e-mail is unknown or has no password, so that answering "no" takes as long
// either way and the timing does not tell which e-mails exist: one per cost, that of the hashes
// the service writes.
const decoys = new Map<string, Promise<string>>();

function decoyFor(cost: ScryptCost): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let decoy = decoys.get(key);
  if (!decoy) decoys.set(key, (decoy = hashPassword(randomBytes(16).toString('hex'), cost)));
  return decoy;
}

/**
 * The id of the active user with this e-mail (any letter case) and password, else null. `cost`:
 * the service's (tuning.ts passwordHash), which the unknown e-mail's decoy check takes as long as.
 */
export async function checkCredentials(
  db: Queryable,
  email: string,
  password: string,
  cost: ScryptCost = DEFAULT_TUNING.passwordHash,
): Promise<number | null> {
  const row = (await db.get(
    `SELECT u.id, u.state, p.password_hash FROM users u LEFT JOIN user_passwords p ON p.user_id = u.id WHERE ${equalsNocase(db.dialect, 'u.email')}`,
    email.trim(),
  )) as { id: number; state: string; password_hash: string | null } | undefined;
  if (!row?.password_hash) {
    await verifyPassword(password, await decoyFor(cost));
    return null;
  }
  const ok = await verifyPassword(password, row.password_hash);
  return ok && row.state === 'active' ? row.id : null;
}
