// The schema, described once: what a migration changes (tables, their columns and keys, indexes,
// added columns), from which schemaRender.ts writes SQLite's and PostgreSQL's DDL through
// dialect.ts. A migration is a list of blocks (statements that belong together, a blank line
// between blocks); notes are the comments that say why, written above what they explain.
// service/storage/README.md says how to write a new one.

/**
 * What a column holds; the name says what the service keeps in it, the store keeps one of two
 * storage types (schemaRender.ts STORAGE): `id` the table's own key, numbered by the store (see
 * dialect.ts rowKey); `boolean` 0 or 1; `timestamp` ISO 8601 text; `date` a calendar day as
 * text; `ms` milliseconds since the epoch; `cents` money in integer cents.
 */
export type ColumnType = 'id' | 'integer' | 'text' | 'boolean' | 'timestamp' | 'date' | 'ms' | 'cents';

export interface ColumnOptions {
  /** The table's key on its own (see `key`; an `id` column is one already). */
  readonly primaryKey?: boolean;
  /** A number, or a text written as an SQL string literal (no quote inside). */
  readonly default?: number | string;
  /** No two rows alike; 'nocase': no two alike ignoring the case of ASCII letters (dialect.ts nocase). */
  readonly unique?: true | 'nocase';
  /** The table whose `id` this column holds. */
  readonly references?: string;
  /** What deleting the referenced row does to this one (none: the delete is refused). */
  readonly onDelete?: 'cascade' | 'set null';
  /** An SQL condition every row meets, in the subset both stores read. */
  readonly check?: string;
  /** Comment lines written above the column, inside the CREATE TABLE. */
  readonly note?: readonly string[];
}

export interface Column extends ColumnOptions {
  readonly name: string;
  readonly type: ColumnType;
  readonly notNull: boolean;
}

/** The table's own numbered key, `id` (never NULL, so written without NOT NULL). */
export const id: Column = { name: 'id', type: 'id', notNull: false };

/** The table's key on its own, a column other than `id` (a key is never NULL: written without NOT NULL). */
export const key = (name: string, type: ColumnType, options: ColumnOptions = {}): Column => ({
  name,
  type,
  notNull: false,
  primaryKey: true,
  ...options,
});

/** A column every row has a value in (NOT NULL). */
export const required = (name: string, type: ColumnType, options: ColumnOptions = {}): Column => ({
  name,
  type,
  notNull: true,
  ...options,
});

/** A column that may be NULL. */
export const optional = (name: string, type: ColumnType, options: ColumnOptions = {}): Column => ({
  name,
  type,
  notNull: false,
  ...options,
});

/** The comment lines above a statement. */
interface Noted {
  readonly note?: readonly string[];
}

export interface TableOptions extends Noted {
  /** A key over several columns (a single column's is ColumnOptions.primaryKey). */
  readonly primaryKey?: readonly string[];
  /** Conditions over several columns. */
  readonly checks?: readonly string[];
  /** Stored as SQLite's clustered table on its primary key (a storage choice; PostgreSQL has none). */
  readonly withoutRowid?: boolean;
}

export interface Table extends TableOptions {
  readonly kind: 'table';
  readonly name: string;
  readonly columns: readonly Column[];
}

/** An index column: a column name with an optional ` DESC`, or one compared ignoring ASCII case. */
export type IndexColumn = string | { readonly nocase: string };

export interface IndexOptions extends Noted {
  readonly unique?: boolean;
  /** A partial index: only rows meeting this condition. */
  readonly where?: string;
}

export interface Index extends IndexOptions {
  readonly kind: 'index';
  readonly name: string;
  readonly table: string;
  readonly columns: readonly IndexColumn[];
}

export interface AddColumn extends Noted {
  readonly kind: 'addColumn';
  readonly table: string;
  readonly column: Column;
}

export interface DropIndex extends Noted {
  readonly kind: 'dropIndex';
  readonly name: string;
}

/**
 * SQL that is no schema: a data move, in the subset both stores read, the same text on both.
 * Lines after the first keep their indentation relative to it.
 */
export interface DataChange extends Noted {
  readonly kind: 'sql';
  readonly text: string;
}

export type Statement = Table | Index | AddColumn | DropIndex | DataChange;

/** Statements that belong together; a migration writes a blank line between blocks. */
export type Block = readonly Statement[];

export const table = (name: string, columns: readonly Column[], options: TableOptions = {}): Table => ({
  kind: 'table',
  name,
  columns,
  ...options,
});

export const index = (
  name: string,
  on: string,
  columns: readonly IndexColumn[],
  options: IndexOptions = {},
): Index => ({ kind: 'index', name, table: on, columns, ...options });

export const uniqueIndex = (
  name: string,
  on: string,
  columns: readonly IndexColumn[],
  options: IndexOptions = {},
): Index => index(name, on, columns, { ...options, unique: true });

/** An index column compared ignoring the case of ASCII letters. */
export const nocase = (column: string): IndexColumn => ({ nocase: column });

export const addColumn = (on: string, column: Column, note?: readonly string[]): AddColumn => ({
  kind: 'addColumn',
  table: on,
  column,
  ...(note ? { note } : {}),
});

export const dropIndex = (name: string, note?: readonly string[]): DropIndex => ({
  kind: 'dropIndex',
  name,
  ...(note ? { note } : {}),
});

export const dataChange = (text: string, note?: readonly string[]): DataChange => ({
  kind: 'sql',
  text,
  ...(note ? { note } : {}),
});

/** How a migration's text is laid out (schemaLayouts.ts): spaces and comments, never its meaning. */
export interface Layout {
  /** Before the first line. */
  readonly start: string;
  /** Spaces before each line (a table's columns get two more). */
  readonly indent: number;
  /** After the last line. */
  readonly end: string;
  /** Whether the notes are written. */
  readonly notes: boolean;
  /** Whether a blank line separates blocks. */
  readonly gaps: boolean;
  /** `ON t (a)` rather than `ON t(a)` in an index. */
  readonly indexSpace: boolean;
}

export interface SchemaChange {
  readonly blocks: readonly Block[];
  /** How the text is laid out on each store; a new migration leaves it out (schemaLayouts.ts LAYOUT). */
  readonly layout?: { readonly sqlite?: Layout; readonly postgres?: Layout };
  /**
   * The blocks (by index) where SQLite starts another exec() call: some shipped migrations ran
   * their text in parts. PostgreSQL runs one text.
   */
  readonly sqliteExecsFrom?: readonly number[];
}

/** A schema change described once. */
export const schemaChange = (...blocks: Block[]): SchemaChange => ({ blocks });
