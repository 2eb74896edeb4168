// Migration 5: OAuth. Applications, passwords, authorization codes and sign-in throttling.
// Secrets are stored hashed as everywhere else in the service: a copied service.db yields no
// usable client secret, code, token or password.
import type { Connection } from '../storage/driver';

export function oauthSchema(db: Connection): void {
  db.exec(`
    -- Apart from users so that no query on users (SELECT * included) ever carries a hash.
    CREATE TABLE user_passwords (
      user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      password_hash TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );

    -- Registered through the CLI (spec 000: "Registering an application is not an API operation").
    -- The secret is random and long, so a sha256 is as good as a slow hash and lets it be checked cheaply.
    CREATE TABLE oauth_applications (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      client_id TEXT NOT NULL UNIQUE,
      client_secret_sha256 TEXT NOT NULL,
      callback_url TEXT NOT NULL,
      -- The grants the application may use, space-separated (Doorkeeper's per-application grant
      -- flows); one it may not use answers unauthorized_client.
      grant_types TEXT NOT NULL DEFAULT 'authorization_code refresh_token',
      created_at TEXT NOT NULL
    );

    -- redirect_uri is what step 1 was given (NULL when none): step 3 must repeat it exactly.
    -- used_at makes a code single-use; a second use revokes what the first one issued.
    CREATE TABLE oauth_authorization_codes (
      id INTEGER PRIMARY KEY,
      code_sha256 TEXT NOT NULL UNIQUE,
      client_id TEXT NOT NULL,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      redirect_uri TEXT,
      scope TEXT NOT NULL DEFAULT '',
      expires_at TEXT NOT NULL,
      used_at TEXT,
      created_at TEXT NOT NULL
    );

    -- The code a token descends from (through any number of refreshes): revoking a reused code's
    -- grant finds every token of it.
    ALTER TABLE oauth_access_tokens ADD COLUMN authorization_code_id INTEGER REFERENCES oauth_authorization_codes(id) ON DELETE SET NULL;
    ALTER TABLE oauth_refresh_tokens ADD COLUMN authorization_code_id INTEGER REFERENCES oauth_authorization_codes(id) ON DELETE SET NULL;
    CREATE INDEX oauth_access_tokens_by_code ON oauth_access_tokens(authorization_code_id);
    CREATE INDEX oauth_refresh_tokens_by_code ON oauth_refresh_tokens(authorization_code_id);

    -- Failed sign-ins per key ('email:<address>' or 'ip:<address>'), kept across restarts so a
    -- restart does not reset a guesser's budget. Times in ms of the service's clock.
    CREATE TABLE sign_in_failures (
      key TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      last_failure_ms INTEGER NOT NULL,
      blocked_until_ms INTEGER NOT NULL
    ) WITHOUT ROWID;
  `);
}
