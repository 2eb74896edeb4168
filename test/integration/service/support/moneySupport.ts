// Helpers of the money and event tests (entry actions, expenses, invoices, webhooks): creating
// expenses and invoices through the API, and reading or changing the database beside a running
// service (for what no endpoint can do yet, such as a failed webhook payload).
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { Store } from '../../../../service/storage/store';
import { connectionOf } from '../../../support/sqliteFile';
import { openDatabaseFile } from '../../../support/sqliteFile';
import type { Client } from './support';

export async function createExpense(client: Client, fields: Record<string, unknown>): Promise<any> {
  const reply = await client.post('/v2/expenses', { date: '2024-03-04', price: 10, ...fields });
  if (reply.status !== 201) throw new Error(`expense not created: ${reply.status} ${reply.text}`);
  return reply.body;
}

export async function createInvoice(client: Client, fields: Record<string, unknown> = {}): Promise<any> {
  const reply = await client.post('/v2/invoices', { invoice_date: '2024-03-31', ...fields });
  if (reply.status !== 201) throw new Error(`invoice not created: ${reply.status} ${reply.text}`);
  return reply.body;
}

/** Runs fn on the service's database file (the service keeps running). */
export function withDatabase<T>(dataDir: string, fn: (db: DatabaseSync) => T): T {
  const db = openDatabaseFile(join(dataDir, 'service.db'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Every row of the tables, as text: equal before and after means nothing was written. */
export function snapshotTables(store: Store | DatabaseSync, tables: string[]): string {
  const db = 'prepare' in store ? store : connectionOf(store);
  return JSON.stringify(tables.map((t) => db.prepare(`SELECT * FROM ${t} ORDER BY 1`).all()));
}

export const MONEY_TABLES = [
  'entries',
  'expenses',
  'invoices',
  'invoice_taxes',
  'invoice_custom_rates',
  'webhooks',
  'webhook_deliveries',
  'broadcast_receivers',
  'projects',
  'users',
];
