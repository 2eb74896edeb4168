// Migration 2: people and permissions. Account settings the roles need, which projects a
// contractor was given, teams, and OAuth access and refresh tokens (issued by a later step; this
// one only accepts them as credentials). Shipped migrations are never edited: append a new one.
import type { Connection } from './driver';

export function peopleSchema(db: Connection): void {
  db.exec(`
    -- NULL = no limit on the users of the account (decided default); disabled users do not count.
    ALTER TABLE accounts ADD COLUMN user_limit INTEGER CHECK (user_limit IS NULL OR user_limit >= 1);
    -- GAPS.md: coworkers create projects and tags through an entry "only if allowed"; not by default.
    ALTER TABLE accounts ADD COLUMN coworkers_create_projects INTEGER NOT NULL DEFAULT 0 CHECK (coworkers_create_projects IN (0, 1));
    ALTER TABLE accounts ADD COLUMN coworkers_create_tags INTEGER NOT NULL DEFAULT 0 CHECK (coworkers_create_tags IN (0, 1));

    -- The projects a user was given access to. Only contractors are restricted by it; for other
    -- roles it is kept, and applies if they become contractors.
    CREATE TABLE project_access (
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      PRIMARY KEY (user_id, project_id)
    ) WITHOUT ROWID;
    CREATE INDEX project_access_by_project ON project_access(project_id, user_id);

    CREATE TABLE teams (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id),
      name TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    -- Decided, as for projects and tags: a team name names one team of the account, whatever its case.
    CREATE UNIQUE INDEX teams_name ON teams(account_id, name COLLATE NOCASE);

    CREATE TABLE team_users (
      team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      PRIMARY KEY (team_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX team_users_by_user ON team_users(user_id, team_id);

    -- As with personal tokens, only the sha256 of a token is stored.
    CREATE TABLE oauth_access_tokens (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_sha256 TEXT NOT NULL UNIQUE,
      client_id TEXT,
      scope TEXT NOT NULL DEFAULT '',
      expires_at TEXT NOT NULL,
      revoked_at TEXT,
      created_at TEXT NOT NULL
    );
    CREATE INDEX oauth_access_tokens_by_user ON oauth_access_tokens(user_id);

    CREATE TABLE oauth_refresh_tokens (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      access_token_id INTEGER REFERENCES oauth_access_tokens(id) ON DELETE SET NULL,
      token_sha256 TEXT NOT NULL UNIQUE,
      client_id TEXT,
      revoked_at TEXT,
      created_at TEXT NOT NULL
    );
    CREATE INDEX oauth_refresh_tokens_by_user ON oauth_refresh_tokens(user_id);
  `);
}
