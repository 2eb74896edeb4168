// Ids are never given again (service/README.md "Decided where the spec is silent"). An
// `id INTEGER PRIMARY KEY` without AUTOINCREMENT gets max(rowid) + 1, so deleting the newest row
// hands its id to the next one, and a client still holding the old id (the app's outbox, a webhook
// receiver deduping by id, an edit queued offline) reaches the wrong record. PostgreSQL's
// sequences never go back; AUTOINCREMENT makes SQLite keep the largest id ever given in
// sqlite_sequence and count on from there.
//
// SQLite cannot add AUTOINCREMENT to a table, so each table is rebuilt the way
// https://www.sqlite.org/lang_altertable.html ("Making Other Kinds Of Table Schema Changes") says:
// a new table from the old one's own CREATE TABLE text with AUTOINCREMENT added (so no column,
// default or constraint is forgotten), the rows copied with their ids, the old table dropped, the
// new one renamed, its indexes and triggers made again. That needs foreign keys off (dropping a
// table with them on deletes its rows first, and ON DELETE CASCADE would empty the tables that
// point at it), which migrate() does for a migration marked withoutForeignKeys, and checks that
// no reference was broken before it commits.
import type { Connection } from './driver';

/** The rowid alias `id` of a table whose ids may be reused (not yet AUTOINCREMENT). */
const REUSABLE_ID = /\bid\s+INTEGER\s+PRIMARY\s+KEY\b(?!\s+AUTOINCREMENT)/gi;
const CREATE_TABLE = /^CREATE\s+TABLE\s+("[^"]+"|\w+)/i;

interface SchemaRow {
  name: string;
  sql: string;
}

function rows<T>(db: Connection, text: string, ...params: unknown[]): T[] {
  return db.prepare(text).all(...params) as T[];
}

/** Tables whose `id INTEGER PRIMARY KEY` is not AUTOINCREMENT yet. */
function tablesWithReusableIds(db: Connection): SchemaRow[] {
  return rows<SchemaRow>(
    db,
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
  ).filter((t) => (t.sql.match(REUSABLE_ID) ?? []).length > 0);
}

/** The table's CREATE TABLE text for `name`, its id AUTOINCREMENT. */
function autoincrementDefinition(table: SchemaRow, name: string): string {
  if ((table.sql.match(REUSABLE_ID) ?? []).length !== 1 || !CREATE_TABLE.test(table.sql)) {
    throw new Error(`${table.name}: cannot find its one "id INTEGER PRIMARY KEY" in ${table.sql}`);
  }
  return table.sql.replace(CREATE_TABLE, `CREATE TABLE "${name}"`).replace(REUSABLE_ID, '$& AUTOINCREMENT');
}

/** Rebuilds one table with AUTOINCREMENT, keeping every row, id, index and trigger. Foreign keys must be off. */
function rebuildWithAutoincrement(db: Connection, table: SchemaRow): void {
  const rebuilt = `${table.name}_autoincrement`;
  const dependents = rows<{ sql: string }>(
    db,
    `SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
    table.name,
  );
  const columns = rows<{ name: string }>(db, 'SELECT name FROM pragma_table_info(?) ORDER BY cid', table.name)
    .map((c) => `"${c.name}"`)
    .join(', ');
  db.exec(autoincrementDefinition(table, rebuilt));
  // Explicit ids: sqlite_sequence starts from the table's largest id.
  db.exec(`INSERT INTO "${rebuilt}" (${columns}) SELECT ${columns} FROM "${table.name}"`);
  db.exec(`DROP TABLE "${table.name}"`);
  db.exec(`ALTER TABLE "${rebuilt}" RENAME TO "${table.name}"`);
  for (const { sql } of dependents) db.exec(sql);
}

/** The migration: every table with an `id INTEGER PRIMARY KEY` gets AUTOINCREMENT. */
export const neverReuseIds = Object.assign(
  (db: Connection) => {
    for (const table of tablesWithReusableIds(db)) rebuildWithAutoincrement(db, table);
  },
  { withoutForeignKeys: true as const },
);
