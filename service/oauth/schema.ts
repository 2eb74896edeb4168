// Migration 5: OAuth. Applications, passwords, authorization codes and sign-in throttling.
// Secrets are stored hashed as everywhere else in the service: a copied service.db yields no
// usable client secret, code, token or password. Shipped: never edited
// (storage/schemaLayouts.ts); append a new migration.
import { addColumn, id, index, key, optional, required, type SchemaChange, table } from '../storage/schemaDescription';
import { POSTGRES_IN_LIST, SQLITE_SCHEMA_FILE } from '../storage/schemaLayouts';

const userPasswords = table(
  'user_passwords',
  [
    key('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
    required('password_hash', 'text'),
    required('updated_at', 'timestamp'),
  ],
  { note: ['Apart from users so that no query on users (SELECT * included) ever carries a hash.'] },
);

const applications = table(
  'oauth_applications',
  [
    id,
    required('name', 'text'),
    required('client_id', 'text', { unique: true }),
    required('client_secret_sha256', 'text'),
    required('callback_url', 'text'),
    required('grant_types', 'text', {
      default: 'authorization_code refresh_token',
      note: [
        "The grants the application may use, space-separated (Doorkeeper's per-application grant",
        'flows); one it may not use answers unauthorized_client.',
      ],
    }),
    required('created_at', 'timestamp'),
  ],
  {
    note: [
      'Registered through the CLI (spec 000: "Registering an application is not an API operation").',
      'The secret is random and long, so a sha256 is as good as a slow hash and lets it be checked cheaply.',
    ],
  },
);

const authorizationCodes = table(
  'oauth_authorization_codes',
  [
    id,
    required('code_sha256', 'text', { unique: true }),
    required('client_id', 'text'),
    required('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
    optional('redirect_uri', 'text'),
    required('scope', 'text', { default: '' }),
    required('expires_at', 'timestamp'),
    optional('used_at', 'timestamp'),
    required('created_at', 'timestamp'),
  ],
  {
    note: [
      'redirect_uri is what step 1 was given (NULL when none): step 3 must repeat it exactly.',
      'used_at makes a code single-use; a second use revokes what the first one issued.',
    ],
  },
);

const codeOfToken = (tokens: string, note?: string[]) =>
  addColumn(
    tokens,
    optional('authorization_code_id', 'integer', { references: 'oauth_authorization_codes', onDelete: 'set null' }),
    note,
  );

const signInFailures = table(
  'sign_in_failures',
  [
    key('key', 'text'),
    required('failures', 'integer'),
    required('last_failure_ms', 'ms'),
    required('blocked_until_ms', 'ms'),
  ],
  {
    withoutRowid: true,
    note: [
      "Failed sign-ins per key ('email:<address>' or 'ip:<address>'), kept across restarts so a",
      "restart does not reset a guesser's budget. Times in ms of the service's clock.",
    ],
  },
);

export const oauthSchema: SchemaChange = {
  blocks: [
    [userPasswords],
    [applications],
    [authorizationCodes],
    [
      codeOfToken('oauth_access_tokens', [
        "The code a token descends from (through any number of refreshes): revoking a reused code's",
        'grant finds every token of it.',
      ]),
      codeOfToken('oauth_refresh_tokens'),
      index('oauth_access_tokens_by_code', 'oauth_access_tokens', ['authorization_code_id']),
      index('oauth_refresh_tokens_by_code', 'oauth_refresh_tokens', ['authorization_code_id']),
    ],
    [signInFailures],
  ],
  layout: { sqlite: SQLITE_SCHEMA_FILE, postgres: POSTGRES_IN_LIST },
};
