// Structural sharing for the snapshots main pushes. Each arrives as a fresh object graph (parsed
// from IPC or the WebSocket), so nothing in it is the same object as before, and every component
// would render again, the week's hundreds of rows included, for a change to one entry. Kept
// against the previous snapshot, every part whose value did not change is the previous object
// itself, so memo()'d components (an entry's row, a day's list, the week's chart) skip by identity.

/**
 * `next`, with every part deeply equal to the same part of `prev` replaced by prev's; `prev` itself
 * when all is equal. `next` is a freshly parsed value the caller owns: it is written into (its
 * changed containers are reused rather than copied), its value stays the same.
 */
export function keepUnchanged<T>(prev: T, next: T): T {
  return share(prev, next) as T;
}

function share(prev: unknown, next: unknown): unknown {
  if (prev === next) return prev;
  if (typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) return next;
  if (Array.isArray(next)) return Array.isArray(prev) ? shareArray(prev, next) : next;
  if (Array.isArray(prev) || !isPlainObject(prev) || !isPlainObject(next)) return next;
  const was = prev as Record<string, unknown>;
  const now = next as Record<string, unknown>;
  let same = true;
  let count = 0;
  for (const key in now) {
    count++;
    if (!Object.hasOwn(was, key)) {
      same = false;
      continue;
    }
    const kept = share(was[key], now[key]);
    if (kept !== now[key]) now[key] = kept;
    if (kept !== was[key]) same = false;
  }
  if (same) for (const _ in was) if (--count < 0) break;
  return same && count === 0 ? prev : next;
}

function shareArray(prev: unknown[], next: unknown[]): unknown[] {
  let same = prev.length === next.length;
  for (let i = 0; i < next.length; i++) {
    if (i >= prev.length) break;
    const kept = share(prev[i], next[i]);
    if (kept !== next[i]) next[i] = kept;
    if (kept !== prev[i]) same = false;
  }
  return same ? prev : next;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
