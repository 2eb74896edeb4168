// Numbered schema migrations. The database's PRAGMA user_version is the number of migrations
// applied; each one runs in its own transaction with the version bump, so a failure leaves the
// file at the previous version instead of half-migrated. Append new migrations; never edit one
// that has shipped, since existing databases have already run it.
import type { Connection } from './driver';
import { peopleSchema } from './peopleSchema';
import { moneySchema } from './moneySchema';
import { oauthSchema } from '../oauth/schema';
import { SHARED_STATE_SCHEMA } from './sharedStateSchema';
import { neverReuseIds } from './neverReuseIds';
import { IDEMPOTENCY_SCHEMA } from './idempotencySchema';

export type Migration = ((db: Connection) => void) & {
  /**
   * Runs with foreign keys off (a table rebuild: dropping a table with them on would delete its
   * rows first and fire ON DELETE CASCADE). The pragma is a no-op inside a transaction, so
   * migrate() switches it before BEGIN, and refuses to commit if the migration broke a reference.
   */
  readonly withoutForeignKeys?: boolean;
};

/** Migration 1, the walking skeleton, table by table. */
function skeletonSchema(db: Connection): void {
  accountTables(db);
  projectAndTagTables(db);
  entryTables(db);
  timerTables(db);
}

/** The account, its users and their personal tokens. */
function accountTables(db: Connection): void {
  db.exec(`
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        email TEXT NOT NULL COLLATE NOCASE UNIQUE,
        first_name TEXT,
        last_name TEXT,
        profile_image_url TEXT,
        role TEXT NOT NULL CHECK (role IN ('owner', 'supervisor', 'leader', 'coworker', 'contractor')),
        state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'pending', 'disabled', 'suspended')),
        time_format TEXT NOT NULL DEFAULT 'hours_minutes' CHECK (time_format IN ('fraction', 'hours_minutes')),
        week_start TEXT NOT NULL DEFAULT 'monday' CHECK (week_start IN ('sunday', 'monday')),
        utc_offset INTEGER NOT NULL DEFAULT 0,
        send_personal_weekly_report_email INTEGER NOT NULL DEFAULT 0,
        send_team_weekly_report_email INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      -- Only the sha256 of a token is kept: a copied database file yields no usable credential.
      CREATE TABLE personal_tokens (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_sha256 TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      );
  `);
}

/** Projects and tags. */
function projectAndTagTables(db: Connection): void {
  db.exec(`
      CREATE TABLE projects (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        billable INTEGER NOT NULL DEFAULT 1,
        billing_increment INTEGER NOT NULL DEFAULT 15 CHECK (billing_increment IN (1, 5, 6, 10, 15, 20, 30, 60)),
        enabled INTEGER NOT NULL DEFAULT 1,
        color TEXT,
        project_group_id INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- project_name on entry creation looks a project up by name, so a name names one project.
      CREATE UNIQUE INDEX projects_name ON projects(account_id, name COLLATE NOCASE);

      CREATE TABLE tags (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        billable INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- A #hashtag names one tag of the account, whatever its letter case.
      CREATE UNIQUE INDEX tags_name ON tags(account_id, name COLLATE NOCASE);
  `);
}

/** Entries and their tags. */
function entryTables(db: Connection): void {
  db.exec(`
      CREATE TABLE entries (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        project_id INTEGER REFERENCES projects(id),
        date TEXT NOT NULL,
        minutes INTEGER NOT NULL CHECK (minutes >= 0),
        description TEXT,
        source_url TEXT,
        invoiced_at TEXT,
        invoice_id INTEGER,
        import_id INTEGER,
        approved_at TEXT,
        approved_by_id INTEGER REFERENCES users(id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX entries_by_date ON entries(account_id, date DESC, id DESC);
      CREATE INDEX entries_by_project ON entries(project_id);
      CREATE INDEX entries_by_user ON entries(user_id, date);

      CREATE TABLE entry_tags (
        entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
        tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
        PRIMARY KEY (entry_id, tag_id)
      ) WITHOUT ROWID;
      CREATE INDEX entry_tags_by_tag ON entry_tags(tag_id, entry_id);
  `);
}

/** Timers and their tags. */
function timerTables(db: Connection): void {
  db.exec(`
      -- Elapsed time is elapsed_ms plus, while running, now - running_since_ms: exact at any read
      -- without a ticking writer.
      CREATE TABLE timers (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'paused')),
        elapsed_ms INTEGER NOT NULL DEFAULT 0 CHECK (elapsed_ms >= 0),
        running_since_ms INTEGER,
        date TEXT NOT NULL,
        description TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        CHECK ((state = 'running') = (running_since_ms IS NOT NULL))
      );
      CREATE UNIQUE INDEX timers_one_per_project ON timers(user_id, project_id);
      -- At most one running timer per user, enforced by the database as well as by the code.
      CREATE UNIQUE INDEX timers_one_running ON timers(user_id) WHERE state = 'running';

      CREATE TABLE timer_tags (
        timer_id INTEGER NOT NULL REFERENCES timers(id) ON DELETE CASCADE,
        tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
        PRIMARY KEY (timer_id, tag_id)
      ) WITHOUT ROWID;
  `);
}

export const migrations: Migration[] = [
  // 1: the walking skeleton: account, users, personal tokens, projects, tags, entries, timers.
  skeletonSchema,

  // Slots 2 to 4 are reserved while the full v2 API is built in parallel, one per area, so the
  // order of migrations is fixed before any of them is written. Until a slot is filled it only
  // bumps the version.
  // 2: people and permissions (users, project access, teams).
  peopleSchema,
  // 3: projects and tags (project groups, merges, tag locks).
  (db) =>
    db.exec(`
      CREATE TABLE project_groups (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- projects.project_group_id (from 1) has no foreign key; deleting a group ungroups its projects in code.
      CREATE INDEX projects_by_group ON projects(project_group_id);

      -- The account's plan: at most this many projects, archived ones included; NULL = no limit.
      ALTER TABLE accounts ADD COLUMN project_limit INTEGER CHECK (project_limit IS NULL OR project_limit >= 0);

      -- A tag merge not yet finished (spec 000 conventions 10: large ones run in the background).
      -- Both tags are locked while a row names them; the row survives a restart, so the merge resumes.
      -- No cascade: a locked tag cannot be deleted underneath its merge.
      CREATE TABLE tag_merges (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        target_tag_id INTEGER NOT NULL REFERENCES tags(id),
        source_tag_id INTEGER NOT NULL UNIQUE REFERENCES tags(id),
        created_at TEXT NOT NULL
      );
      CREATE INDEX tag_merges_by_target ON tag_merges(target_tag_id);

      -- Entries of one project (and of a group's projects) in list order, without a sort.
      CREATE INDEX entries_by_project_date ON entries(project_id, date DESC, id DESC);
      DROP INDEX entries_by_project;
    `),
  // 4: money and events (entry approval and invoicing, expenses, invoices, webhooks, broadcast receivers).
  moneySchema,
  // Slots 5 to 7 are reserved while OAuth, event delivery and the legacy v1 API are built in
  // parallel; until a slot is filled it only bumps the version.
  // 5: OAuth (applications, passwords, authorization codes, refresh tokens, sign-in throttling).
  oauthSchema,
  // 6: event delivery (webhook delivery queue state, broadcast coalescing); see service/events/.
  (db) =>
    db.exec(`
      -- The head payload of a webhook is tried when due_ms (ms since the epoch; 0 = at once) has
      -- come; failing_since_ms starts the 3-day window of retries (GAPS.md); last_error says why
      -- the last attempt failed. next_attempt_at (migration 4) repeats due_ms as a timestamp.
      ALTER TABLE webhook_deliveries ADD COLUMN due_ms INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE webhook_deliveries ADD COLUMN failing_since_ms INTEGER;
      ALTER TABLE webhook_deliveries ADD COLUMN last_error TEXT;

      -- A broadcast receiver hears the timers of the user who created it; ones made before this
      -- migration belong to their account's owner.
      ALTER TABLE broadcast_receivers ADD COLUMN user_id INTEGER REFERENCES users(id) ON DELETE CASCADE;
      UPDATE broadcast_receivers SET user_id = (
        SELECT u.id FROM users u WHERE u.account_id = broadcast_receivers.account_id AND u.role = 'owner' ORDER BY u.id LIMIT 1
      );

      -- Broadcasts waiting for the next interval: one row per receiver and subject, which a newer
      -- event overwrites (coalescing), written in the transaction of the change that caused it.
      CREATE TABLE broadcast_outbox (
        receiver_id INTEGER NOT NULL REFERENCES broadcast_receivers(id) ON DELETE CASCADE,
        subject TEXT NOT NULL,
        last_event TEXT NOT NULL,
        url TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (receiver_id, subject)
      ) WITHOUT ROWID;
    `),
  // 7: legacy v1 (imports and anything v1 keeps that v2 does not); see service/v1/.
  (db) =>
    db.exec(`
      -- One row per POST /api/entries/import: the import_id of the entries it made, which v2
      -- shows as the entry's import and filters by (import_ids).
      CREATE TABLE imports (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        created_at TEXT NOT NULL
      );

      -- A project's budget, set through v1 (budget-minutes); v2 shows it as budgeted_minutes.
      ALTER TABLE projects ADD COLUMN budget_minutes INTEGER CHECK (budget_minutes IS NULL OR budget_minutes >= 0);
    `),
  (db) =>
    db.exec(`
      -- Who a personal token was given to: 'app' for the desktop app's own token, which a start
      -- with a new one replaces (where no keychain keeps it, a new one is made at every start);
      -- NULL for every other token (the command line's, v1's api_auth_token), never replaced.
      ALTER TABLE personal_tokens ADD COLUMN holder TEXT;
    `),
  (db) =>
    db.exec(`
      -- A project's description: not in spec 001, but the real service sends it and takes it on
      -- create and update (service/README.md "Beyond the spec"); '' when none was given.
      ALTER TABLE projects ADD COLUMN description TEXT NOT NULL DEFAULT '';
    `),
  // 10: PKCE (oauth/pkce.ts).
  (db) =>
    db.exec(`
      -- The S256 code_challenge step 1 sent (RFC 7636; plain is refused, so no method is kept);
      -- NULL for a code asked for without one. The token request must bring its verifier.
      ALTER TABLE oauth_authorization_codes ADD COLUMN code_challenge TEXT;
    `),
  // 11: state that instances on one database share (issue 20): see sharedStateSchema.ts.
  (db) => db.exec(SHARED_STATE_SCHEMA),
  // 12: delivery shared by several instances on one database (service/events/webhookClaims.ts).
  (db) =>
    db.exec(`
      -- The instance sending a webhook's head, and until when (wall-clock ms) its lease holds: on
      -- PostgreSQL one instance at a time sends a webhook's payloads; a lease past its expiry is
      -- taken over (its instance died). SQLite has one process: it leaves them NULL.
      ALTER TABLE webhooks ADD COLUMN delivery_lease_owner TEXT;
      ALTER TABLE webhooks ADD COLUMN delivery_lease_expires_ms INTEGER;

      -- When a waiting broadcast goes out (service clock, ms): an interval after the first change
      -- since the last send, whichever instance saw it; 0 (rows from before) = at once.
      ALTER TABLE broadcast_outbox ADD COLUMN due_ms INTEGER NOT NULL DEFAULT 0;
    `),
  // 13: ids are never given again: every `id INTEGER PRIMARY KEY` becomes AUTOINCREMENT (neverReuseIds.ts).
  neverReuseIds,
  // 14: the first answer to a POST with an Idempotency-Key, per user and key (http/idempotency.ts).
  (db) => db.exec(IDEMPOTENCY_SCHEMA),
];

/** Brings the database to the latest schema; refuses a file written by a newer service. */
export function migrate(db: Connection, list: Migration[] = migrations): { from: number; to: number } {
  const from = schemaVersion(db);
  if (from > list.length) {
    throw new Error(
      `service.db has schema version ${from}, newer than this service knows (${list.length}); refusing to touch it`,
    );
  }
  for (let version = from; version < list.length; version++) runMigration(db, list[version]!, version + 1);
  return { from, to: list.length };
}

/** One migration and its version bump in one transaction, with foreign keys off if it asks. */
function runMigration(db: Connection, migration: Migration, version: number): void {
  const switchForeignKeys = migration.withoutForeignKeys === true && pragmaValue(db, 'foreign_keys') === 1;
  if (switchForeignKeys) db.exec('PRAGMA foreign_keys = OFF');
  try {
    db.exec('BEGIN');
    try {
      const before = migration.withoutForeignKeys ? foreignKeyViolations(db) : [];
      migration(db);
      if (migration.withoutForeignKeys) {
        const broken = foreignKeyViolations(db).filter((v) => !before.includes(v));
        if (broken.length) throw new Error(`migration ${version} broke references: ${broken.join('; ')}`);
      }
      db.exec(`PRAGMA user_version = ${version}`);
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    if (switchForeignKeys) db.exec('PRAGMA foreign_keys = ON');
  }
}

/** PRAGMA foreign_key_check's rows (table, rowid, parent), as text: what references nothing. */
function foreignKeyViolations(db: Connection): string[] {
  const rows = db.prepare('PRAGMA foreign_key_check').all() as Array<Record<string, unknown>>;
  return rows.map((r) => `${r.table} row ${r.rowid} -> ${r.parent}`);
}

/** The number of migrations the database has run (PRAGMA user_version). */
export function schemaVersion(db: Connection): number {
  return pragmaValue(db, 'user_version');
}

function pragmaValue(db: Connection, name: string): number {
  const statement = db.prepare(`PRAGMA ${name}`);
  statement.setReturnArrays(true);
  return Number((statement.get() as unknown[])[0]);
}
