// Migration 14 (issue 29): the first answer to a POST sent with an Idempotency-Key, kept 24 h per
// user and key (http/idempotency.ts), in the database so that a retry reaching another instance
// finds it. Shipped: never edited; append a new migration.
import { index, optional, required, type SchemaChange, table } from './schemaDescription';

const idempotencyKeys = table(
  'idempotency_keys',
  [
    required('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
    required('idempotency_key', 'text'),
    required('fingerprint', 'text'),
    required('created_ms', 'ms'),
    optional('status', 'integer'),
    optional('content_type', 'text'),
    optional('location', 'text'),
    optional('body', 'text'),
  ],
  {
    primaryKey: ['user_id', 'idempotency_key'],
    note: [
      "Written in the same transaction as the request's first write, so a write is never stored",
      'without its key (a retry then cannot write again); status and the answer are filled in just',
      'before the answer goes out (status NULL: the write committed, its answer not yet kept).',
      'fingerprint: sha256 of method, path and body, to refuse the key with another request (422).',
    ],
  },
);

/** Laid out alike on both stores (schemaLayouts.ts LAYOUT), as the one text it was. */
export const idempotencySchema: SchemaChange = {
  blocks: [[idempotencyKeys, index('idempotency_keys_created', 'idempotency_keys', ['created_ms'])]],
};
