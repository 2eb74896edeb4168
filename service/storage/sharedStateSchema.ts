// Migration 11 (issue 20): what one process used to keep in its memory, moved into the database
// so that any number of instances on one database act as one service. Shipped: never edited;
// append a new migration.
import { index, key, required, type SchemaChange, table } from './schemaDescription';

const rateLimits = table('rate_limits', [key('key', 'text'), required('due_us', 'integer')], {
  withoutRowid: true,
  note: [
    `The rate limit's "theoretical arrival time" per client address (http/rateLimit.ts, GCRA), in`,
    "microseconds of the database's clock. PostgreSQL only: a single SQLite process keeps it in",
    'memory (service/README.md "Rate limit").',
  ],
});

const consentTickets = table(
  'oauth_consent_tickets',
  [
    key('ticket_sha256', 'text'),
    required('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
    required('nonce', 'text'),
    required('request', 'text'),
    required('expires_ms', 'ms'),
  ],
  {
    withoutRowid: true,
    note: [
      'Single-use consent tickets of the authorize page (oauth/tickets.ts): only the sha256 of the',
      "ticket is kept, bound to the browser's CSRF nonce; request is the checked authorization",
      'request as JSON (its application is looked up again by client id when the ticket is used).',
    ],
  },
);

const serviceKeys = table('service_keys', [key('name', 'text'), required('value', 'text')], {
  withoutRowid: true,
  note: [
    'Keys the service makes once and every instance shares (the CSRF key of oauth/csrf.ts, as',
    'base64url), made by the first instance that needs one.',
  ],
});

/** Laid out alike on both stores (schemaLayouts.ts LAYOUT), as the one text it was. */
export const sharedStateSchema: SchemaChange = {
  blocks: [
    [rateLimits],
    [
      consentTickets,
      index('oauth_consent_tickets_by_expiry', 'oauth_consent_tickets', ['expires_ms']),
      index('oauth_consent_tickets_by_user', 'oauth_consent_tickets', ['user_id']),
    ],
    [serviceKeys],
  ],
};
