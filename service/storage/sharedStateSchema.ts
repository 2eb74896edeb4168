// Migration 11 (issue 20): what one process used to keep in its memory, moved into the database
// so that any number of instances on one database act as one service. The text reads on both
// stores: PostgreSQL's list turns INTEGER into BIGINT and drops WITHOUT ROWID.
export const SHARED_STATE_SCHEMA = `
  -- The rate limit's "theoretical arrival time" per client address (http/rateLimit.ts, GCRA), in
  -- microseconds of the database's clock. PostgreSQL only: a single SQLite process keeps it in
  -- memory (service/README.md "Rate limit").
  CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    due_us INTEGER NOT NULL
  ) WITHOUT ROWID;

  -- Single-use consent tickets of the authorize page (oauth/tickets.ts): only the sha256 of the
  -- ticket is kept, bound to the browser's CSRF nonce; request is the checked authorization
  -- request as JSON (its application is looked up again by client id when the ticket is used).
  CREATE TABLE oauth_consent_tickets (
    ticket_sha256 TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    nonce TEXT NOT NULL,
    request TEXT NOT NULL,
    expires_ms INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX oauth_consent_tickets_by_expiry ON oauth_consent_tickets (expires_ms);
  CREATE INDEX oauth_consent_tickets_by_user ON oauth_consent_tickets (user_id);

  -- Keys the service makes once and every instance shares (the CSRF key of oauth/csrf.ts, as
  -- base64url), made by the first instance that needs one.
  CREATE TABLE service_keys (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;
`;
