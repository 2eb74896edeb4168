// Recognising a unique-constraint failure on either store, as dialect.ts's isForeignKeyViolation
// recognises a foreign-key one: code that turns a duplicate into the spec's error (a name taken,
// a reference used) reads one answer from both.

// SQLite's extended result codes: SQLITE_CONSTRAINT | 8 << 8 (UNIQUE), | 6 << 8 (PRIMARYKEY).
const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
// PostgreSQL's SQLSTATE unique_violation (a unique index, constraint or primary key).
export const PG_UNIQUE_VIOLATION = '23505';

/** True when a write failed because a unique index, unique constraint or primary key already holds the value. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { errcode?: number; code?: string } | null;
  return (
    e?.errcode === SQLITE_CONSTRAINT_UNIQUE ||
    e?.errcode === SQLITE_CONSTRAINT_PRIMARYKEY ||
    e?.code === PG_UNIQUE_VIOLATION
  );
}
