// Migration 1, the walking skeleton: the account, its users and their personal tokens, projects,
// tags, entries and timers. Shipped: never edited (schemaLayouts.ts); append a new migration.
import { id, index, nocase, optional, required, type SchemaChange, table, uniqueIndex } from './schemaDescription';
import { accountId, timestamps } from './schemaColumns';
import { POSTGRES_IN_LIST, SQLITE_SKELETON } from './schemaLayouts';

const accounts = table('accounts', [id, required('name', 'text'), required('created_at', 'timestamp')]);

const users = table('users', [
  id,
  accountId,
  required('email', 'text', { unique: 'nocase' }),
  optional('first_name', 'text'),
  optional('last_name', 'text'),
  optional('profile_image_url', 'text'),
  required('role', 'text', { check: "role IN ('owner', 'supervisor', 'leader', 'coworker', 'contractor')" }),
  required('state', 'text', {
    default: 'active',
    check: "state IN ('active', 'pending', 'disabled', 'suspended')",
  }),
  required('time_format', 'text', { default: 'hours_minutes', check: "time_format IN ('fraction', 'hours_minutes')" }),
  required('week_start', 'text', { default: 'monday', check: "week_start IN ('sunday', 'monday')" }),
  required('utc_offset', 'integer', { default: 0 }),
  required('send_personal_weekly_report_email', 'boolean', { default: 0 }),
  required('send_team_weekly_report_email', 'boolean', { default: 0 }),
  ...timestamps,
]);

const personalTokens = table(
  'personal_tokens',
  [
    id,
    required('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
    required('token_sha256', 'text', { unique: true }),
    required('created_at', 'timestamp'),
  ],
  { note: ['Only the sha256 of a token is kept: a copied database file yields no usable credential.'] },
);

const projects = table('projects', [
  id,
  accountId,
  required('name', 'text'),
  required('billable', 'boolean', { default: 1 }),
  required('billing_increment', 'integer', {
    default: 15,
    check: 'billing_increment IN (1, 5, 6, 10, 15, 20, 30, 60)',
  }),
  required('enabled', 'boolean', { default: 1 }),
  optional('color', 'text'),
  optional('project_group_id', 'integer'),
  ...timestamps,
]);

const tags = table('tags', [
  id,
  accountId,
  required('name', 'text'),
  required('billable', 'boolean', { default: 1 }),
  ...timestamps,
]);

const entries = table('entries', [
  id,
  accountId,
  required('user_id', 'integer', { references: 'users' }),
  optional('project_id', 'integer', { references: 'projects' }),
  required('date', 'date'),
  required('minutes', 'integer', { check: 'minutes >= 0' }),
  optional('description', 'text'),
  optional('source_url', 'text'),
  optional('invoiced_at', 'timestamp'),
  optional('invoice_id', 'integer'),
  optional('import_id', 'integer'),
  optional('approved_at', 'timestamp'),
  optional('approved_by_id', 'integer', { references: 'users' }),
  ...timestamps,
]);

const entryTags = table(
  'entry_tags',
  [
    required('entry_id', 'integer', { references: 'entries', onDelete: 'cascade' }),
    required('tag_id', 'integer', { references: 'tags', onDelete: 'cascade' }),
  ],
  { primaryKey: ['entry_id', 'tag_id'], withoutRowid: true },
);

const timers = table(
  'timers',
  [
    id,
    required('user_id', 'integer', { references: 'users', onDelete: 'cascade' }),
    required('project_id', 'integer', { references: 'projects', onDelete: 'cascade' }),
    required('state', 'text', { check: "state IN ('pending', 'running', 'paused')" }),
    required('elapsed_ms', 'integer', { default: 0, check: 'elapsed_ms >= 0' }),
    optional('running_since_ms', 'ms'),
    required('date', 'date'),
    optional('description', 'text'),
    ...timestamps,
  ],
  {
    checks: ["(state = 'running') = (running_since_ms IS NOT NULL)"],
    note: [
      'Elapsed time is elapsed_ms plus, while running, now - running_since_ms: exact at any read',
      'without a ticking writer.',
    ],
  },
);

const timerTags = table(
  'timer_tags',
  [
    required('timer_id', 'integer', { references: 'timers', onDelete: 'cascade' }),
    required('tag_id', 'integer', { references: 'tags', onDelete: 'cascade' }),
  ],
  { primaryKey: ['timer_id', 'tag_id'], withoutRowid: true },
);

export const skeletonSchema: SchemaChange = {
  blocks: [
    // The account, its users and their personal tokens.
    [accounts],
    [users],
    [personalTokens],
    // Projects and tags.
    [
      projects,
      uniqueIndex('projects_name', 'projects', ['account_id', nocase('name')], {
        note: ['project_name on entry creation looks a project up by name, so a name names one project.'],
      }),
    ],
    [
      tags,
      uniqueIndex('tags_name', 'tags', ['account_id', nocase('name')], {
        note: ['A #hashtag names one tag of the account, whatever its letter case.'],
      }),
    ],
    // Entries and their tags.
    [
      entries,
      index('entries_by_date', 'entries', ['account_id', 'date DESC', 'id DESC']),
      index('entries_by_project', 'entries', ['project_id']),
      index('entries_by_user', 'entries', ['user_id', 'date']),
    ],
    [entryTags, index('entry_tags_by_tag', 'entry_tags', ['tag_id', 'entry_id'])],
    // Timers and their tags.
    [
      timers,
      uniqueIndex('timers_one_per_project', 'timers', ['user_id', 'project_id']),
      uniqueIndex('timers_one_running', 'timers', ['user_id'], {
        where: "state = 'running'",
        note: ['At most one running timer per user, enforced by the database as well as by the code.'],
      }),
    ],
    [timerTags],
  ],
  sqliteExecsFrom: [3, 5, 7],
  layout: { sqlite: SQLITE_SKELETON, postgres: POSTGRES_IN_LIST },
};
