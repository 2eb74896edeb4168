// Which store the service runs on: PostgreSQL when it is given a database URL (DATABASE_URL, for
// a team: any number of instances on one database), else SQLite in its data folder (the embedded
// default: the app and `npm run service` with no database named).
import { openPostgresStore } from './postgresStore';
import { openSqliteStore } from './sqliteStore';
import type { Store } from './store';

export interface StoreChoice {
  /** postgres://… or postgresql://… (DATABASE_URL); absent or empty = SQLite. */
  databaseUrl?: string;
  /** SQLite's folder for service.db; absent = in memory. */
  dataDir?: string;
  /** PostgreSQL's connections at most per instance (DATABASE_POOL_SIZE); default 10. */
  poolSize?: number;
}

const POSTGRES = /^postgres(ql)?:\/\//i;

/** The URL with its password hidden, for logs and error messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unreadable database URL)';
  }
}

/** Opens (and migrates) the chosen store. */
export async function openStore(choice: StoreChoice): Promise<Store> {
  const url = choice.databaseUrl?.trim();
  if (!url) return openSqliteStore(choice.dataDir);
  if (!POSTGRES.test(url)) {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql:// (got ${redactDatabaseUrl(url)})`);
  }
  if (choice.poolSize !== undefined && !(Number.isInteger(choice.poolSize) && choice.poolSize >= 1)) {
    throw new Error(`The pool size must be a whole number of connections, at least 1 (got ${choice.poolSize})`);
  }
  return openPostgresStore({ url, poolSize: choice.poolSize });
}
