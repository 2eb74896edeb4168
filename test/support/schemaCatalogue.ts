// Reads a schema from each database's own catalogue (SQLite's pragmas, PostgreSQL's pg_catalog)
// into one normalised shape, so the two stores' schemas can be compared with toEqual: tables,
// columns in order (type, nullability, default), primary keys, foreign keys (with ON DELETE and
// ON UPDATE), indexes (unique ones included, with their columns' order, case folding and
// direction, and their WHERE) and the number of CHECK constraints per table.
//
// What counts as the same:
// - types: SQLite's INTEGER and PostgreSQL's smallint/integer/bigint are `integer`; TEXT and
//   `text COLLATE "C"` are `text` (SQLite compares text by bytes; PostgreSQL does under "C" only).
// - a key column `x COLLATE NOCASE` and PostgreSQL's fold `translate(x, 'A..Z', 'a..z')` (dialect.ts)
//   are `x nocase`.
// - names of indexes a UNIQUE constraint made are `(unique constraint)` on both sides (SQLite calls
//   them sqlite_autoindex_*, PostgreSQL <table>_<columns>_key).
import type pg from 'pg';
import type { Connection } from '../../service/storage/driver';

export interface TableShape {
  columns: string[];
  primaryKey: string[];
  foreignKeys: string[];
  indexes: string[];
  checks: number;
}
export type SchemaShape = Record<string, TableShape>;

const AUTO = '(unique constraint)';

const normaliseType = (type: string, collation?: string | null) => {
  const t = type.toLowerCase();
  if (['integer', 'bigint', 'smallint', 'int', 'int8', 'int4'].includes(t)) return 'integer';
  if (t === 'real' || t === 'double precision') return 'real';
  if (t === 'text') return collation && collation !== 'C' ? `text collate ${collation}` : 'text';
  return t;
};

/** A default or WHERE expression without casts, parentheses or case differences. */
const normaliseExpression = (expression: string | null) =>
  expression === null
    ? 'no default'
    : expression
        .replace(/::[a-z ]+/g, '')
        .replace(/[()]/g, '')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase();

const column = (name: string, type: string, notNull: boolean, defaultValue: string | null) =>
  `${name} ${type}${notNull ? ' not null' : ''}${defaultValue === null ? '' : ` default ${normaliseExpression(defaultValue)}`}`;

const index = (name: string, unique: boolean, keys: string[], where: string | null) =>
  `${name}: ${unique ? 'unique ' : ''}(${keys.join(', ')})${where ? ` where ${normaliseExpression(where)}` : ''}`;

const foreignKey = (from: string[], to: { table: string; columns: string[] }, onDelete: string, onUpdate: string) =>
  `(${from.join(', ')}) -> ${to.table}(${to.columns.join(', ')}) on delete ${onDelete.toLowerCase()} on update ${onUpdate.toLowerCase()}`;

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

export function readSqliteSchema(db: Connection): SchemaShape {
  const query = <T>(text: string, ...params: unknown[]) => db.prepare(text).all(...params) as T[];
  const shape: SchemaShape = {};
  const tables = query<{ name: string; sql: string }>(
    `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
  );
  for (const { name: table, sql } of tables) {
    const columns = query<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
      'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_xinfo(?) ORDER BY cid',
      table,
    );
    const indexes = query<{ name: string; unique: number; origin: string; partial: number }>(
      'SELECT name, "unique", origin, partial FROM pragma_index_list(?)',
      table,
    ).filter((i) => i.origin !== 'pk');
    const fks = query<{ id: number; table: string; from: string; to: string; on_update: string; on_delete: string }>(
      'SELECT id, "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq',
      table,
    );
    shape[table] = {
      // A PRIMARY KEY column is NOT NULL on PostgreSQL; SQLite's INTEGER PRIMARY KEY is the rowid, never NULL.
      columns: columns.map((c) => column(c.name, normaliseType(c.type), c.notnull === 1 || c.pk > 0, c.dflt_value)),
      primaryKey: columns
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      foreignKeys: [...groupBy(fks, (fk) => fk.id).values()]
        .map((parts) =>
          foreignKey(
            parts.map((p) => p.from),
            { table: parts[0]!.table, columns: parts.map((p) => p.to) },
            parts[0]!.on_delete,
            parts[0]!.on_update,
          ),
        )
        .sort(),
      indexes: indexes
        .map((i) => {
          const keys = query<{ name: string; desc: number; coll: string }>(
            'SELECT name, "desc", coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno',
            i.name,
          ).map((k) => `${k.name}${k.coll === 'NOCASE' ? ' nocase' : ''}${k.desc ? ' desc' : ''}`);
          const indexSql = i.partial
            ? query<{ sql: string }>(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`, i.name)[0]!.sql
            : null;
          const where = indexSql ? indexSql.slice(indexSql.search(/\sWHERE\s/i) + 7) : null;
          return index(i.origin === 'u' ? AUTO : i.name, i.unique === 1, keys, where);
        })
        .sort(),
      checks: sql.match(/\bCHECK\s*\(/gi)?.length ?? 0,
    };
  }
  return shape;
}

const PG_ACTIONS: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};
const FOLD =
  /^\(?translate\((\w+), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'(?:::text)?, 'abcdefghijklmnopqrstuvwxyz'(?:::text)?\)\)?(?: COLLATE "C")?$/;

/** The schema of PostgreSQL's `public` schema; `except` names tables only PostgreSQL has (its migration bookkeeping). */
export async function readPostgresSchema(
  client: pg.ClientBase | pg.Pool,
  except: string[] = ['schema_version'],
): Promise<SchemaShape> {
  const query = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await client.query<T>(text, params)).rows;
  const shape: SchemaShape = {};
  const tables = await query<{ oid: number; name: string }>(
    `SELECT c.oid, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT (c.relname = ANY($1)) ORDER BY c.relname`,
    [except],
  );
  for (const { oid, name: table } of tables) {
    const columns = await query<{
      name: string;
      type: string;
      notnull: boolean;
      dflt: string | null;
      coll: string | null;
    }>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull,
              pg_get_expr(d.adbin, d.adrelid) AS dflt, co.collname AS coll
       FROM pg_attribute a
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       LEFT JOIN pg_collation co ON co.oid = a.attcollation
       WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
      [oid],
    );
    const constraints = await query<{
      contype: string;
      cols: string[];
      ftable: string | null;
      fcols: string[] | null;
      del: string;
      upd: string;
    }>(
      `SELECT con.contype,
              ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(n, i)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS cols,
              con.confrelid::regclass::text AS ftable,
              ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(n, i)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS fcols,
              con.confdeltype AS del, con.confupdtype AS upd
       FROM pg_constraint con WHERE con.conrelid = $1`,
      [oid],
    );
    const indexes = await query<{
      name: string;
      unique: boolean;
      constraint: boolean;
      where: string | null;
      keys: string[];
      options: number[];
    }>(
      `SELECT i.indexrelid::regclass::text AS name, i.indisunique AS unique,
              EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = i.indexrelid AND con.contype = 'u') AS constraint,
              pg_get_expr(i.indpred, i.indrelid) AS where,
              ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true) FROM generate_series(1, i.indnkeyatts) k ORDER BY k)::text[] AS keys,
              i.indoption::int2[] AS options
       FROM pg_index i WHERE i.indrelid = $1 AND NOT i.indisprimary`,
      [oid],
    );
    shape[table] = {
      columns: columns.map((c) => column(c.name, normaliseType(c.type, c.coll), c.notnull, c.dflt)),
      primaryKey: constraints.find((c) => c.contype === 'p')?.cols ?? [],
      foreignKeys: constraints
        .filter((c) => c.contype === 'f')
        .map((c) => foreignKey(c.cols, { table: c.ftable!, columns: c.fcols! }, PG_ACTIONS[c.del]!, PG_ACTIONS[c.upd]!))
        .sort(),
      indexes: indexes
        .map((i) => {
          const keys = i.keys.map((key, k) => {
            const fold = FOLD.exec(key);
            // indoption bit 0: DESC.
            return `${fold ? `${fold[1]} nocase` : key}${(i.options[k]! & 1) === 1 ? ' desc' : ''}`;
          });
          const plainNames = i.keys.map((key) => FOLD.exec(key)?.[1] ?? key);
          const autoName = `${table}_${plainNames.join('_')}_key`;
          return index(i.constraint || i.name === autoName ? AUTO : i.name, i.unique, keys, i.where);
        })
        .sort(),
      checks: constraints.filter((c) => c.contype === 'c').length,
    };
  }
  return shape;
}
