// Migration 2: people and permissions. Account settings the roles need, which projects a
// contractor was given, teams, and OAuth access and refresh tokens (issued by a later step; this
// one only accepts them as credentials). Shipped: never edited (schemaLayouts.ts); append a new
// migration.
import {
  addColumn,
  id,
  index,
  nocase,
  optional,
  required,
  type SchemaChange,
  table,
  uniqueIndex,
} from './schemaDescription';
import { accountId, timestamps } from './schemaColumns';
import { POSTGRES_IN_LIST, SQLITE_SCHEMA_FILE } from './schemaLayouts';

const accountSettings = [
  addColumn('accounts', optional('user_limit', 'integer', { check: 'user_limit IS NULL OR user_limit >= 1' }), [
    'NULL = no limit on the users of the account (decided default); disabled users do not count.',
  ]),
  addColumn(
    'accounts',
    required('coworkers_create_projects', 'boolean', { default: 0, check: 'coworkers_create_projects IN (0, 1)' }),
    ['GAPS.md: coworkers create projects and tags through an entry "only if allowed"; not by default.'],
  ),
  addColumn(
    'accounts',
    required('coworkers_create_tags', 'boolean', { default: 0, check: 'coworkers_create_tags IN (0, 1)' }),
  ),
];

const projectAccess = table(
  'project_access',
  [
    required('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
    required('project_id', 'integer', { references: 'projects', onDelete: 'cascade' }),
    required('created_at', 'timestamp'),
  ],
  {
    primaryKey: ['user_id', 'project_id'],
    withoutRowid: true,
    note: [
      'The projects a user was given access to. Only contractors are restricted by it; for other',
      'roles it is kept, and applies if they become contractors.',
    ],
  },
);

const teams = table('teams', [id, accountId, required('name', 'text'), ...timestamps]);

const teamUsers = table(
  'team_users',
  [
    required('team_id', 'integer', { references: 'teams', onDelete: 'cascade' }),
    required('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
  ],
  { primaryKey: ['team_id', 'user_id'], withoutRowid: true },
);

const oauthAccessTokens = table(
  'oauth_access_tokens',
  [
    id,
    required('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
    required('token_sha256', 'text', { unique: true }),
    optional('client_id', 'text'),
    required('scope', 'text', { default: '' }),
    required('expires_at', 'timestamp'),
    optional('revoked_at', 'timestamp'),
    required('created_at', 'timestamp'),
  ],
  { note: ['As with personal tokens, only the sha256 of a token is stored.'] },
);

const oauthRefreshTokens = table('oauth_refresh_tokens', [
  id,
  required('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
  optional('access_token_id', 'integer', { references: 'oauth_access_tokens', onDelete: 'set null' }),
  required('token_sha256', 'text', { unique: true }),
  optional('client_id', 'text'),
  optional('revoked_at', 'timestamp'),
  required('created_at', 'timestamp'),
]);

export const peopleSchema: SchemaChange = {
  blocks: [
    accountSettings,
    [projectAccess, index('project_access_by_project', 'project_access', ['project_id', 'user_id'])],
    [
      teams,
      uniqueIndex('teams_name', 'teams', ['account_id', nocase('name')], {
        note: ['Decided, as for projects and tags: a team name names one team of the account, whatever its case.'],
      }),
    ],
    [teamUsers, index('team_users_by_user', 'team_users', ['user_id', 'team_id'])],
    [oauthAccessTokens, index('oauth_access_tokens_by_user', 'oauth_access_tokens', ['user_id'])],
    [oauthRefreshTokens, index('oauth_refresh_tokens_by_user', 'oauth_refresh_tokens', ['user_id'])],
  ],
  layout: { sqlite: SQLITE_SCHEMA_FILE, postgres: POSTGRES_IN_LIST },
};
