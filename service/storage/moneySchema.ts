// Migration 4: money and events. Expenses, invoices (with their taxes and custom rates), webhooks
// with the queue of their payloads, and broadcast receivers. Shipped: never edited
// (schemaLayouts.ts); append a new migration.
//
// Money is kept in integer cents and tax percentages in thousandths of a percent, so sums are
// exact; the wire shows them as decimals. An invoice's amounts are computed once, when it is
// made, and kept: they are what the invoice says, whatever happens to rates later.
import { type Column, id, index, optional, required, type SchemaChange, table, uniqueIndex } from './schemaDescription';
import { accountId, timestamps } from './schemaColumns';
import { POSTGRES_IN_LIST, SQLITE_SCHEMA_FILE } from './schemaLayouts';

const zeroOrOne = (column: string) => required(column, 'boolean', { check: `${column} IN (0, 1)` });

const invoices = table('invoices', [
  id,
  accountId,
  required('state', 'text', {
    default: 'unpaid',
    check: "state IN ('unpaid', 'awaiting_payment', 'in_progress', 'paid', 'none')",
  }),
  required('reference', 'text'),
  required('invoice_date', 'date'),
  optional('project_name', 'text'),
  optional('company_name', 'text'),
  optional('company_details', 'text'),
  optional('recipient_details', 'text'),
  optional('description', 'text'),
  optional('footer', 'text'),
  zeroOrOne('show_hours_worked'),
  zeroOrOne('show_full_report'),
  zeroOrOne('show_user_summaries'),
  zeroOrOne('show_project_summaries'),
  zeroOrOne('show_project_name_for_expenses'),
  required('customization', 'text', {
    note: ['Labels, locale, currency and payment settings: one JSON object, written whole.'],
  }),
  required('calculation_method', 'text', {
    check: "calculation_method IN ('standard_hourly_rate', 'custom_hourly_rates', 'flat_rate')",
  }),
  optional('standard_hourly_rate_cents', 'cents'),
  optional('flat_rate_cents', 'cents'),
  required('taxable_cents', 'cents'),
  required('taxfree_cents', 'cents'),
  required('tax_total_cents', 'cents'),
  required('total_cents', 'cents'),
  required('share_token', 'text', { unique: true }),
  ...timestamps,
]);

const invoiceCustomRates = table(
  'invoice_custom_rates',
  [
    required('invoice_id', 'integer', { references: 'invoices', onDelete: 'cascade' }),
    required('user_id', 'integer', { references: 'users' }),
    required('hourly_rate_cents', 'cents', { check: 'hourly_rate_cents >= 0' }),
  ],
  { primaryKey: ['invoice_id', 'user_id'], withoutRowid: true },
);

const invoiceTaxes = table('invoice_taxes', [
  id,
  required('invoice_id', 'integer', { references: 'invoices', onDelete: 'cascade' }),
  optional('name', 'text'),
  required('percentage_thousandths', 'integer', { check: 'percentage_thousandths >= 0' }),
  required('amount_cents', 'cents'),
]);

const expenses = table('expenses', [
  id,
  accountId,
  required('user_id', 'integer', { references: 'users' }),
  required('project_id', 'integer', { references: 'projects' }),
  required('date', 'date'),
  required('price_cents', 'cents'),
  optional('description', 'text'),
  required('taxable', 'boolean', { default: 1, check: 'taxable IN (0, 1)' }),
  optional('invoice_id', 'integer', { references: 'invoices' }),
  ...timestamps,
]);

/**
 * A webhook's or a broadcast receiver's columns: where its payloads go, what it is sent (`topics`,
 * events or subjects), and the secret they are signed with.
 */
const receiverColumns = (topics: 'events' | 'subjects', secret: Column): Column[] => [
  id,
  accountId,
  required('name', 'text'),
  required('state', 'text', { default: 'enabled', check: "state IN ('enabled', 'disabled')" }),
  required('payload_uri', 'text'),
  required(topics, 'text'),
  secret,
  ...timestamps,
];

const webhooks = table(
  'webhooks',
  receiverColumns(
    'events',
    required('secret', 'text', {
      note: [
        'Not a hash: the service signs every payload with it (spec 000 "Events"). Sealed',
        '(AES-256-GCM, storage/secretBox.ts) when the service has a secrets key, else plain.',
      ],
    }),
  ),
  { note: ['events and subjects: JSON arrays of strings, in the order they were added.'] },
);

const webhookDeliveries = table(
  'webhook_deliveries',
  [
    id,
    required('webhook_id', 'integer', { references: 'webhooks', onDelete: 'cascade' }),
    required('payload_id', 'text', { unique: true }),
    required('event', 'text'),
    required('body', 'text'),
    required('state', 'text', { default: 'pending', check: "state IN ('pending', 'delivered', 'failed')" }),
    required('attempts', 'integer', { default: 0 }),
    optional('next_attempt_at', 'timestamp'),
    ...timestamps,
  ],
  {
    note: [
      'Payloads waiting for delivery, delivered, or failed: the queue a later step delivers from,',
      'one webhook at a time, in id order. payload_id is the UUID of X-Service-Delivery.',
    ],
  },
);

const broadcastReceivers = table('broadcast_receivers', receiverColumns('subjects', required('secret', 'text')));

export const moneySchema: SchemaChange = {
  blocks: [
    // Invoices, with their custom hourly rates and their taxes.
    [
      invoices,
      uniqueIndex('invoices_reference', 'invoices', ['account_id', 'reference'], {
        note: ['A reference names one invoice of the account (decided).'],
      }),
      index('invoices_by_date', 'invoices', ['account_id', 'invoice_date DESC', 'id DESC']),
    ],
    [invoiceCustomRates],
    [invoiceTaxes, index('invoice_taxes_by_invoice', 'invoice_taxes', ['invoice_id', 'id'])],
    // Expenses, and the indexes that find the expenses and the entries of an invoice.
    [
      expenses,
      index('expenses_by_date', 'expenses', ['account_id', 'date DESC', 'id DESC']),
      index('expenses_by_project', 'expenses', ['project_id']),
      index('expenses_by_user', 'expenses', ['user_id', 'date']),
      index('expenses_by_invoice', 'expenses', ['invoice_id']),
      index('entries_by_invoice', 'entries', ['invoice_id']),
    ],
    // Webhooks and the queue of their payloads.
    [webhooks],
    [webhookDeliveries, index('webhook_deliveries_queue', 'webhook_deliveries', ['webhook_id', 'state', 'id'])],
    [broadcastReceivers],
  ],
  sqliteExecsFrom: [3, 4, 6],
  layout: { sqlite: SQLITE_SCHEMA_FILE, postgres: POSTGRES_IN_LIST },
};
