// Migration 14 (issue 29): the first answer to a POST sent with an Idempotency-Key, kept 24 h per
// user and key (http/idempotency.ts), in the database so that a retry reaching another instance
// finds it. The text reads on both stores: PostgreSQL's list turns INTEGER into BIGINT.
export const IDEMPOTENCY_SCHEMA = `
  -- Written in the same transaction as the request's first write, so a write is never stored
  -- without its key (a retry then cannot write again); status and the answer are filled in just
  -- before the answer goes out (status NULL: the write committed, its answer not yet kept).
  -- fingerprint: sha256 of method, path and body, to refuse the key with another request (422).
  CREATE TABLE idempotency_keys (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    idempotency_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    status INTEGER,
    content_type TEXT,
    location TEXT,
    body TEXT,
    PRIMARY KEY (user_id, idempotency_key)
  );
  CREATE INDEX idempotency_keys_created ON idempotency_keys (created_ms);
`;
