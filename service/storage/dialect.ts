// What SQLite and PostgreSQL write differently, in one place. The service's SQL is otherwise
// written in the subset both read: `WHERE TRUE`, aliased FROM subqueries, `INSERT … RETURNING id`,
// `INSERT … ON CONFLICT DO NOTHING` (after an INSERT … SELECT, the SELECT needs a WHERE clause:
// SQLite could otherwise read ON CONFLICT as a join's ON).
//
// Case-insensitive text: SQLite's NOCASE folds the 26 ASCII letters only ('É' and 'é' differ) and
// then compares bytes. PostgreSQL's lower()/ILIKE fold by the database's locale (every letter,
// and the order depends on the collation), which would make names equal on one store and
// distinct on the other. So PostgreSQL folds with translate() over A-Z only and compares and
// orders under COLLATE "C" (bytes): the same equalities and the same order as SQLite's NOCASE.
// Its unique indexes on names are expression indexes on the same fold.
import type { Queryable } from './store';

export type Dialect = Queryable['dialect'];

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** A boolean stored as an integer (SQLite: 0/1) or computed (PostgreSQL: true/false). */
export const bool = (value: unknown): boolean => value === 1 || value === true || value === 1n;

/**
 * A subquery of the ids of a JSON array parameter (the parameter is `jsonList(ids)` on both
 * stores), with one column `value`: `id IN ${idList(d)}`, or `FROM ${idList(d)} AS ids`.
 */
export function idList(dialect: Dialect): string {
  return dialect === 'sqlite'
    ? '(SELECT value FROM json_each(?))'
    : '(SELECT value::bigint AS value FROM json_array_elements_text(?::json))';
}

/** As idList, for a JSON array of strings: the `value` column is text (PostgreSQL compares no text with a bigint). */
export function textList(dialect: Dialect): string {
  return dialect === 'sqlite'
    ? '(SELECT value FROM json_each(?))'
    : '(SELECT value FROM json_array_elements_text(?::json))';
}

/** The expression for case-insensitive comparison and ordering (ASCII letters folded, as SQLite's NOCASE). */
export function nocase(dialect: Dialect, expression: string): string {
  return dialect === 'sqlite'
    ? `${expression} COLLATE NOCASE`
    : `translate(${expression}, '${UPPER}', '${LOWER}') COLLATE "C"`;
}

/**
 * An index column compared ignoring ASCII case, on the very expression the queries compare
 * (nocase), so that the index both keeps names unique as queries see them and serves them.
 */
export function nocaseIndexColumn(dialect: Dialect, column: string): string {
  return dialect === 'sqlite' ? nocase(dialect, column) : `(${nocase(dialect, column)})`;
}

/**
 * How a column unique ignoring ASCII case is declared on the column itself: SQLite's column
 * collation. PostgreSQL has none that folds as NOCASE does: null, and schemaRender.ts makes it a
 * unique index on nocaseIndexColumn instead.
 */
export function nocaseUniqueColumn(dialect: Dialect): string | null {
  return dialect === 'sqlite' ? 'COLLATE NOCASE UNIQUE' : null;
}

/** `expression = ?` ignoring the case of ASCII letters (SQLite: the text the service always wrote, so its indexes serve it). */
export function equalsNocase(dialect: Dialect, expression: string): string {
  return dialect === 'sqlite'
    ? `${expression} = ? COLLATE NOCASE`
    : `${nocase(dialect, expression)} = ${nocase(dialect, '?')}`;
}

/** `expression LIKE pattern` ignoring the case of ASCII letters only, as SQLite's LIKE does; `\` escapes. */
export function like(dialect: Dialect, expression: string, pattern = '?'): string {
  return dialect === 'sqlite'
    ? `${expression} LIKE ${pattern} ESCAPE '\\'`
    : `${nocase(dialect, expression)} LIKE ${nocase(dialect, pattern)} ESCAPE '\\'`;
}

/** The values of a group joined by commas (ids: no comma inside a value), NULL for none. */
export function commaList(dialect: Dialect, expression: string): string {
  return dialect === 'sqlite' ? `group_concat(${expression})` : `string_agg(${expression}::text, ',')`;
}

/** A table of the text values of a JSON array held in a column (the `value` column), to alias in FROM. */
export function jsonTexts(dialect: Dialect, expression: string): string {
  return dialect === 'sqlite' ? `json_each(${expression})` : `json_array_elements_text(${expression}::json)`;
}

/** A text field of a JSON object held in a column; `field` is a name written in this code base, never input. */
export function jsonField(dialect: Dialect, expression: string, field: string): string {
  return dialect === 'sqlite' ? `json_extract(${expression}, '$.${field}')` : `(${expression}::json ->> '${field}')`;
}

/** Whether a field of a JSON object held in a column is JSON `true`. */
export function jsonTrue(dialect: Dialect, expression: string, field: string): string {
  return dialect === 'sqlite'
    ? `${jsonField(dialect, expression, field)} = 1`
    : `${jsonField(dialect, expression, field)} = 'true'`;
}

/** The columns (`table`, `column`) holding a foreign key to the table named by the parameter, from the schema's catalogue. */
export function foreignKeysTo(dialect: Dialect): string {
  return dialect === 'sqlite'
    ? `SELECT m.name AS "table", f."from" AS "column" FROM sqlite_master m, pragma_foreign_key_list(m.name) f
       WHERE m.type = 'table' AND f."table" = ? ORDER BY 1, 2`
    : `SELECT cl.relname AS "table", a.attname AS "column"
       FROM pg_constraint c JOIN pg_class cl ON cl.oid = c.conrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
       WHERE c.contype = 'f' AND c.confrelid = ?::regclass ORDER BY 1, 2`;
}

/**
 * The unique keys (primary key included when it is an index) of the table named by the parameter:
 * rows (`key`, `column`), one per column of each key. A key over an expression has a NULL column
 * on SQLite and is left out on PostgreSQL: callers skip a key with a NULL column.
 */
export function uniqueKeys(dialect: Dialect): string {
  return dialect === 'sqlite'
    ? `SELECT il.name AS "key", ii.name AS "column" FROM pragma_index_list(?) il, pragma_index_info(il.name) ii
       WHERE il."unique" = 1 AND il.partial = 0`
    : `SELECT i.indexrelid::regclass::text AS "key", a.attname AS "column"
       FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
       WHERE i.indrelid = ?::regclass AND i.indisunique AND i.indexprs IS NULL AND i.indpred IS NULL`;
}

// SQLite's extended result code for a foreign key constraint (SQLITE_CONSTRAINT | 3 << 8).
const SQLITE_CONSTRAINT_FOREIGNKEY = 787;
// PostgreSQL's SQLSTATE foreign_key_violation.
const PG_FOREIGN_KEY_VIOLATION = '23503';

/** True when a write failed because a row is still referenced (or references nothing). */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { errcode?: number; code?: string } | null;
  return (
    e?.errcode === SQLITE_CONSTRAINT_FOREIGNKEY ||
    e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' ||
    e?.code === PG_FOREIGN_KEY_VIOLATION
  );
}

/**
 * The LIMIT/OFFSET of a page and its parameters; a negative limit means every row. SQLite writes
 * that LIMIT -1, which PostgreSQL refuses; PostgreSQL writes LIMIT ALL, which SQLite does not read.
 * So every row from the start leaves both out, and only a tail from an offset differs.
 */
export function page(dialect: Dialect, limit: number, offset = 0): { sql: string; params: number[] } {
  if (limit >= 0) return { sql: 'LIMIT ? OFFSET ?', params: [limit, offset] };
  if (offset === 0) return { sql: '', params: [] };
  return { sql: dialect === 'sqlite' ? 'LIMIT -1 OFFSET ?' : 'OFFSET ?', params: [offset] };
}

/**
 * The end of a SELECT that claims rows for this instance: PostgreSQL locks them until the
 * transaction ends and skips rows another instance holds; SQLite (one process, one writer) needs
 * nothing.
 */
export function skipLocked(dialect: Dialect, of?: string): string {
  return dialect === 'sqlite' ? '' : `FOR UPDATE${of ? ` OF ${of}` : ''} SKIP LOCKED`;
}

/**
 * The end of a SELECT of rows a write transaction goes on from (with its leading space): on
 * PostgreSQL inside a transaction it locks them, so a request racing on another instance waits for
 * this one to commit and then reads the rows as it left them; outside a transaction, and on SQLite
 * (one writer), nothing. `mode` is the lock's strength (KEY SHARE: the row must stay, as a foreign
 * key would hold it; NO KEY UPDATE: a change that leaves the key, so KEY SHARE holders need not
 * wait), `of` the table alias locked in a join.
 */
export function rowLock(
  db: { readonly dialect: Dialect; readonly inTransaction: boolean },
  mode: 'UPDATE' | 'NO KEY UPDATE' | 'KEY SHARE' = 'UPDATE',
  of?: string,
): string {
  if (db.dialect === 'sqlite' || !db.inTransaction) return '';
  return ` FOR ${mode}${of ? ` OF ${of}` : ''}`;
}

// The DDL (schemaRender.ts writes every migration's tables through these).

/**
 * A column's stored type. SQLite's INTEGER is 64-bit: BIGINT on PostgreSQL (ms timestamps pass
 * 2^31; the store reads int8 as numbers). SQLite's TEXT compares and orders by bytes (BINARY):
 * COLLATE "C" on PostgreSQL whatever the database's locale, so that ORDER BY and = agree.
 * (0/1 flags stay integers with the same CHECKs: the service reads them as SQLite gives them.)
 */
export function columnType(dialect: Dialect, storage: 'integer' | 'text'): string {
  if (storage === 'integer') return dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return dialect === 'sqlite' ? 'TEXT' : 'TEXT COLLATE "C"';
}

/**
 * A table's own numbered key, `id`. SQLite: the rowid, AUTOINCREMENT so that no id is given twice
 * (neverReuseIds.ts: migration 13 rebuilt the tables made before it, which were created without).
 * PostgreSQL: an identity column, whose sequence never goes back; BY DEFAULT so that `import` can
 * keep a SQLite database's ids (it then moves the sequences past them).
 */
export function rowKey(dialect: Dialect, neverReused: boolean): string {
  if (dialect === 'postgres') return 'BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY';
  return neverReused ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'INTEGER PRIMARY KEY';
}

/** The end of a CREATE TABLE of a table kept in its primary key's order: SQLite's storage choice only. */
export function withoutRowid(dialect: Dialect): string {
  return dialect === 'sqlite' ? ' WITHOUT ROWID' : '';
}
