// Every schema migration, in order, described once (schemaDescription.ts): entry N is migration N
// on both stores, so a version number means one schema on SQLite and on PostgreSQL
// (migrations.ts and postgresMigrations.ts render this list and run it;
// test/integration/storage/schemaParity.test.ts compares the two from each database's catalogue).
// Append new migrations, written only as descriptions (service/storage/README.md); never edit one
// that has shipped, since existing databases have already run it
// (test/unit/service/storage/shippedMigrations.test.ts holds the text each shipped one runs).
import type { Connection } from './driver';
import { idempotencySchema } from './idempotencySchema';
import { moneySchema } from './moneySchema';
import { neverReuseIds } from './neverReuseIds';
import { oauthSchema } from '../oauth/schema';
import { peopleSchema } from './peopleSchema';
import {
  addColumn,
  type Column,
  dataChange,
  dropIndex,
  id,
  index,
  optional,
  required,
  type SchemaChange,
  table,
} from './schemaDescription';
import { accountId, timestamps } from './schemaColumns';
import { POSTGRES_IN_LIST, POSTGRES_IN_LIST_DENSE, POSTGRES_ONE_LINE, SQLITE_IN_LIST } from './schemaLayouts';
import { sharedStateSchema } from './sharedStateSchema';
import { skeletonSchema } from './skeletonSchema';

/**
 * A migration no description says: each store's own code or text. Only migration 13, which
 * rebuilds SQLite's tables from their own CREATE text and changes nothing on PostgreSQL.
 */
export interface DialectMigration {
  readonly sqlite: ((db: Connection) => void) & { readonly withoutForeignKeys?: boolean };
  readonly postgres: string;
}

export type HistoryEntry = SchemaChange | DialectMigration;

/** Written inside the two lists before the schema was described once (schemaLayouts.ts). */
const inList = (postgres = POSTGRES_IN_LIST) => ({ sqlite: SQLITE_IN_LIST, postgres });

/** 3: projects and tags (project groups, merges, tag locks). */
const projectGroupsSchema: SchemaChange = {
  blocks: [
    [
      table('project_groups', [id, accountId, required('name', 'text'), ...timestamps]),
      index('projects_by_group', 'projects', ['project_group_id'], {
        note: [
          'projects.project_group_id (from 1) has no foreign key; deleting a group ungroups its projects in code.',
        ],
      }),
    ],
    [
      addColumn(
        'accounts',
        optional('project_limit', 'integer', { check: 'project_limit IS NULL OR project_limit >= 0' }),
        ["The account's plan: at most this many projects, archived ones included; NULL = no limit."],
      ),
    ],
    [
      table(
        'tag_merges',
        [
          id,
          accountId,
          required('target_tag_id', 'integer', { references: 'tags' }),
          required('source_tag_id', 'integer', { unique: true, references: 'tags' }),
          required('created_at', 'timestamp'),
        ],
        {
          note: [
            'A tag merge not yet finished (spec 000 conventions 10: large ones run in the background).',
            'Both tags are locked while a row names them; the row survives a restart, so the merge resumes.',
            'No cascade: a locked tag cannot be deleted underneath its merge.',
          ],
        },
      ),
      index('tag_merges_by_target', 'tag_merges', ['target_tag_id']),
    ],
    [
      index('entries_by_project_date', 'entries', ['project_id', 'date DESC', 'id DESC'], {
        note: ["Entries of one project (and of a group's projects) in list order, without a sort."],
      }),
      dropIndex('entries_by_project'),
    ],
  ],
  layout: inList(),
};

/** 6: event delivery (webhook delivery queue state, broadcast coalescing); see service/events/. */
const eventDeliverySchema: SchemaChange = {
  blocks: [
    [
      addColumn('webhook_deliveries', required('due_ms', 'ms', { default: 0 }), [
        'The head payload of a webhook is tried when due_ms (ms since the epoch; 0 = at once) has',
        'come; failing_since_ms starts the 3-day window of retries (GAPS.md); last_error says why',
        'the last attempt failed. next_attempt_at (migration 4) repeats due_ms as a timestamp.',
      ]),
      addColumn('webhook_deliveries', optional('failing_since_ms', 'ms')),
      addColumn('webhook_deliveries', optional('last_error', 'text')),
    ],
    [
      addColumn('broadcast_receivers', optional('user_id', 'integer', { references: 'users', onDelete: 'cascade' }), [
        'A broadcast receiver hears the timers of the user who created it; ones made before this',
        "migration belong to their account's owner.",
      ]),
      // A data move: the owner of each receiver's account, in the SQL both stores read.
      dataChange(
        [
          'UPDATE broadcast_receivers SET user_id = (',
          "  SELECT u.id FROM users u WHERE u.account_id = broadcast_receivers.account_id AND u.role = 'owner' ORDER BY u.id LIMIT 1",
          ');',
        ].join('\n'),
      ),
    ],
    [
      table(
        'broadcast_outbox',
        [
          required('receiver_id', 'integer', { references: 'broadcast_receivers', onDelete: 'cascade' }),
          required('subject', 'text'),
          required('last_event', 'text'),
          required('url', 'text'),
          required('created_at', 'timestamp'),
        ],
        {
          primaryKey: ['receiver_id', 'subject'],
          withoutRowid: true,
          note: [
            'Broadcasts waiting for the next interval: one row per receiver and subject, which a newer',
            'event overwrites (coalescing), written in the transaction of the change that caused it.',
          ],
        },
      ),
    ],
  ],
  layout: inList(),
};

/** 7: legacy v1 (imports and anything v1 keeps that v2 does not); see service/v1/. */
const legacyV1Schema: SchemaChange = {
  blocks: [
    [
      table(
        'imports',
        [id, accountId, required('user_id', 'integer', { references: 'users' }), required('created_at', 'timestamp')],
        {
          note: [
            'One row per POST /api/entries/import: the import_id of the entries it made, which v2',
            "shows as the entry's import and filters by (import_ids).",
          ],
        },
      ),
    ],
    [
      addColumn(
        'projects',
        optional('budget_minutes', 'integer', { check: 'budget_minutes IS NULL OR budget_minutes >= 0' }),
        ["A project's budget, set through v1 (budget-minutes); v2 shows it as budgeted_minutes."],
      ),
    ],
  ],
  layout: inList(POSTGRES_IN_LIST_DENSE),
};

/** A migration of one added column. */
const oneColumn = (on: string, column: Column, note: string[]): SchemaChange => ({
  blocks: [[addColumn(on, column, note)]],
  layout: inList(POSTGRES_ONE_LINE),
});

/** 12: delivery shared by several instances on one database (service/events/webhookClaims.ts). */
const sharedDeliverySchema: SchemaChange = {
  blocks: [
    [
      addColumn('webhooks', optional('delivery_lease_owner', 'text'), [
        "The instance sending a webhook's head, and until when (wall-clock ms) its lease holds: on",
        "PostgreSQL one instance at a time sends a webhook's payloads; a lease past its expiry is",
        'taken over (its instance died). SQLite has one process: it leaves them NULL.',
      ]),
      addColumn('webhooks', optional('delivery_lease_expires_ms', 'ms')),
    ],
    [
      addColumn('broadcast_outbox', required('due_ms', 'ms', { default: 0 }), [
        'When a waiting broadcast goes out (service clock, ms): an interval after the first change',
        'since the last send, whichever instance saw it; 0 (rows from before) = at once.',
      ]),
    ],
  ],
  layout: inList(POSTGRES_IN_LIST_DENSE),
};

export const schemaHistory: readonly HistoryEntry[] = [
  // 1: the walking skeleton: account, users, personal tokens, projects, tags, entries, timers.
  skeletonSchema,
  // Slots 2 to 4 were reserved while the full v2 API was built in parallel, one per area, so the
  // order of migrations was fixed before any of them was written.
  // 2: people and permissions (users, project access, teams).
  peopleSchema,
  // 3: projects and tags (project groups, merges, tag locks).
  projectGroupsSchema,
  // 4: money and events (entry approval and invoicing, expenses, invoices, webhooks, broadcast receivers).
  moneySchema,
  // Slots 5 to 7 were reserved while OAuth, event delivery and the legacy v1 API were built in parallel.
  // 5: OAuth (applications, passwords, authorization codes, refresh tokens, sign-in throttling).
  oauthSchema,
  // 6: event delivery (webhook delivery queue state, broadcast coalescing).
  eventDeliverySchema,
  // 7: legacy v1 (imports, project budgets).
  legacyV1Schema,
  // 8: who a personal token was given to ('app' or NULL).
  oneColumn('personal_tokens', optional('holder', 'text'), [
    "Who a personal token was given to: 'app' for the desktop app's own token, which a start",
    'with a new one replaces (where no keychain keeps it, a new one is made at every start);',
    "NULL for every other token (the command line's, v1's api_auth_token), never replaced.",
  ]),
  // 9: a project's description ('' when none was given).
  oneColumn('projects', required('description', 'text', { default: '' }), [
    "A project's description: not in spec 001, but the real service sends it and takes it on",
    'create and update (service/README.md "Beyond the spec"); \'\' when none was given.',
  ]),
  // 10: PKCE (oauth/pkce.ts).
  oneColumn('oauth_authorization_codes', optional('code_challenge', 'text'), [
    'The S256 code_challenge step 1 sent (RFC 7636; plain is refused, so no method is kept);',
    'NULL for a code asked for without one. The token request must bring its verifier.',
  ]),
  // 11: state that instances on one database share (issue 20).
  sharedStateSchema,
  // 12: delivery shared by the instances (webhook leases, broadcast due times).
  sharedDeliverySchema,
  // 13: ids are never given again. SQLite's tables become AUTOINCREMENT (neverReuseIds.ts); on
  // PostgreSQL the identity columns' sequences never went back, so nothing changes.
  { sqlite: neverReuseIds, postgres: '-- 13: identity sequences never reuse an id: nothing to change.' },
  // 14: the first answer to a POST with an Idempotency-Key, per user and key (http/idempotency.ts).
  idempotencySchema,
];
