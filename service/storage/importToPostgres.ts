// `import`: copies a SQLite service database into an empty PostgreSQL one, so a user who started
// alone can move the team over. Both are at the same schema version (the SQLite store migrates its
// file on open, the PostgreSQL store its database), so the tables and columns are the same
// (test/integration/storage/schemaParity.test.ts). One PostgreSQL transaction: a failure leaves
// the target empty. Tables go in the order of their foreign keys, ids are kept, and the identity
// sequences are moved past the largest id SQLite ever gave (sqlite_sequence: deleted rows' too,
// as ids are never given again). Then every table's row count and checksum are computed on both
// sides from the rows as each store answers them, and must be equal.
import { createHash } from 'node:crypto';
import { postgresMigrations } from './postgresMigrations';
import type { PostgresStore } from './postgresStore';
import type { SqliteStore } from './sqliteStore';
import type { Queryable } from './store';

export interface TableCopy {
  table: string;
  rows: number;
  /** sha256 of the table's rows in primary key order, as JSON arrays of their values. */
  checksum: string;
}

/** PostgreSQL's limit is 65535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

async function tablesInForeignKeyOrder(source: Queryable): Promise<string[]> {
  const tables = await source.column<string>(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
  );
  const parents = new Map<string, string[]>();
  for (const table of tables) {
    const referenced = await source.column<string>('SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)', table);
    parents.set(
      table,
      referenced.filter((parent) => parent !== table),
    );
  }
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new Error(`Foreign keys form a cycle: ${[...path, table].join(' -> ')}`);
    for (const parent of parents.get(table) ?? []) visit(parent, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** A table's columns, and the ORDER BY that lists its rows the same way on both stores. */
interface TableShape {
  table: string;
  columns: string[];
  order: string;
}

async function shapeOf(source: Queryable, table: string): Promise<TableShape> {
  const info = await source.all<{ name: string; pk: number }>(
    'SELECT name, pk FROM pragma_table_info(?) ORDER BY cid',
    table,
  );
  const keys = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  const quote = (name: string) => `"${name}"`;
  return {
    table,
    columns: info.map((c) => c.name),
    order: (keys.length ? keys : info).map((c) => quote(c.name)).join(', '),
  };
}

async function checksum(store: Queryable, { table, columns, order }: TableShape): Promise<TableCopy> {
  const rows = await store.arrays(
    `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}" ORDER BY ${order}`,
  );
  const hash = createHash('sha256');
  for (const row of rows) hash.update(`${JSON.stringify(row)}\n`);
  return { table, rows: rows.length, checksum: hash.digest('hex') };
}

async function copyTable(source: Queryable, target: Queryable, { table, columns, order }: TableShape) {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const rows = await source.arrays(`SELECT ${list} FROM "${table}" ORDER BY ${order}`);
  const perBatch = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch);
    await target.run(`INSERT INTO "${table}" (${list}) VALUES ${batch.map(() => tuple).join(', ')}`, ...batch.flat());
  }
}

/**
 * The largest id each AUTOINCREMENT table ever gave (sqlite_sequence), deleted rows' included:
 * PostgreSQL must not give those ids again either.
 */
async function largestIdsGiven(source: Queryable): Promise<Map<string, number>> {
  if (!(await source.get(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'`)))
    return new Map();
  const rows = await source.all<{ name: string; seq: number }>('SELECT name, seq FROM sqlite_sequence');
  return new Map(rows.map((r) => [r.name, Number(r.seq)]));
}

/** Moves every identity sequence of the table past its largest id and `given`, so new rows get new ids. */
async function moveSequences(target: Queryable, table: string, given: number): Promise<void> {
  const identities = await target.column<string>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = ? AND is_identity = 'YES'`,
    table,
  );
  for (const column of identities) {
    const largest = `GREATEST(COALESCE(MAX("${column}"), 0), CAST(? AS BIGINT))`;
    await target.get(
      `SELECT setval(pg_get_serial_sequence(?, ?), GREATEST(${largest}, 1), ${largest} > 0) FROM "${table}"`,
      `"${table}"`,
      column,
      given,
      given,
    );
  }
}

/**
 * Copies every row of `source` into `target`, which must be empty and at the same schema version.
 * Answers each table's row count and checksum, equal on both sides (or it throws and copies nothing).
 */
export async function importToPostgres(source: SqliteStore, target: PostgresStore): Promise<TableCopy[]> {
  const version = Number(source.pragma('user_version'));
  const targetVersion = (await target.get<{ version: number }>('SELECT version FROM schema_version'))?.version ?? 0;
  if (version !== postgresMigrations.length || targetVersion !== version) {
    throw new Error(
      `Schema versions differ: SQLite ${version}, PostgreSQL ${targetVersion}; open both with this service first`,
    );
  }
  const tables = await tablesInForeignKeyOrder(source);
  const shapes: TableShape[] = [];
  for (const table of tables) shapes.push(await shapeOf(source, table));
  const given = await largestIdsGiven(source);
  return target.transaction(async (tx) => {
    for (const table of tables) {
      if (await tx.get(`SELECT 1 FROM "${table}" LIMIT 1`)) {
        throw new Error(`The PostgreSQL database already has ${table}: import only into an empty one`);
      }
    }
    for (const shape of shapes) {
      await copyTable(source, tx, shape);
      await moveSequences(tx, shape.table, given.get(shape.table) ?? 0);
    }
    const copies: TableCopy[] = [];
    for (const shape of shapes) {
      const [before, after] = [await checksum(source, shape), await checksum(tx, shape)];
      if (before.rows !== after.rows || before.checksum !== after.checksum) {
        throw new Error(
          `${shape.table} differs after the copy: ${before.rows} rows in SQLite, ${after.rows} in PostgreSQL`,
        );
      }
      copies.push(after);
    }
    return copies;
  });
}
