// Migration 4: money and events. Expenses, invoices (with their taxes and custom rates), webhooks
// with the queue of their payloads, and broadcast receivers. Shipped migrations are never edited:
// append a new one.
//
// Money is kept in integer cents and tax percentages in thousandths of a percent, so sums are
// exact; the wire shows them as decimals. An invoice's amounts are computed once, when it is
// made, and kept: they are what the invoice says, whatever happens to rates later.
import type { Connection } from './driver';

export function moneySchema(db: Connection): void {
  invoiceTables(db);
  expenseTable(db);
  webhookTables(db);
  broadcastReceiverTable(db);
}

/** Invoices, with their custom hourly rates and their taxes. */
function invoiceTables(db: Connection): void {
  db.exec(`
    CREATE TABLE invoices (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id),
      state TEXT NOT NULL DEFAULT 'unpaid' CHECK (state IN ('unpaid', 'awaiting_payment', 'in_progress', 'paid', 'none')),
      reference TEXT NOT NULL,
      invoice_date TEXT NOT NULL,
      project_name TEXT,
      company_name TEXT,
      company_details TEXT,
      recipient_details TEXT,
      description TEXT,
      footer TEXT,
      show_hours_worked INTEGER NOT NULL CHECK (show_hours_worked IN (0, 1)),
      show_full_report INTEGER NOT NULL CHECK (show_full_report IN (0, 1)),
      show_user_summaries INTEGER NOT NULL CHECK (show_user_summaries IN (0, 1)),
      show_project_summaries INTEGER NOT NULL CHECK (show_project_summaries IN (0, 1)),
      show_project_name_for_expenses INTEGER NOT NULL CHECK (show_project_name_for_expenses IN (0, 1)),
      -- Labels, locale, currency and payment settings: one JSON object, written whole.
      customization TEXT NOT NULL,
      calculation_method TEXT NOT NULL CHECK (calculation_method IN ('standard_hourly_rate', 'custom_hourly_rates', 'flat_rate')),
      standard_hourly_rate_cents INTEGER,
      flat_rate_cents INTEGER,
      taxable_cents INTEGER NOT NULL,
      taxfree_cents INTEGER NOT NULL,
      tax_total_cents INTEGER NOT NULL,
      total_cents INTEGER NOT NULL,
      share_token TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    -- A reference names one invoice of the account (decided).
    CREATE UNIQUE INDEX invoices_reference ON invoices(account_id, reference);
    CREATE INDEX invoices_by_date ON invoices(account_id, invoice_date DESC, id DESC);

    CREATE TABLE invoice_custom_rates (
      invoice_id INTEGER NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      user_id INTEGER NOT NULL REFERENCES users(id),
      hourly_rate_cents INTEGER NOT NULL CHECK (hourly_rate_cents >= 0),
      PRIMARY KEY (invoice_id, user_id)
    ) WITHOUT ROWID;

    CREATE TABLE invoice_taxes (
      id INTEGER PRIMARY KEY,
      invoice_id INTEGER NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      name TEXT,
      percentage_thousandths INTEGER NOT NULL CHECK (percentage_thousandths >= 0),
      amount_cents INTEGER NOT NULL
    );
    CREATE INDEX invoice_taxes_by_invoice ON invoice_taxes(invoice_id, id);
  `);
}

/** Expenses, and the indexes that find the expenses and the entries of an invoice. */
function expenseTable(db: Connection): void {
  db.exec(`
    CREATE TABLE expenses (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id),
      user_id INTEGER NOT NULL REFERENCES users(id),
      project_id INTEGER NOT NULL REFERENCES projects(id),
      date TEXT NOT NULL,
      price_cents INTEGER NOT NULL,
      description TEXT,
      taxable INTEGER NOT NULL DEFAULT 1 CHECK (taxable IN (0, 1)),
      invoice_id INTEGER REFERENCES invoices(id),
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX expenses_by_date ON expenses(account_id, date DESC, id DESC);
    CREATE INDEX expenses_by_project ON expenses(project_id);
    CREATE INDEX expenses_by_user ON expenses(user_id, date);
    CREATE INDEX expenses_by_invoice ON expenses(invoice_id);
    CREATE INDEX entries_by_invoice ON entries(invoice_id);
  `);
}

/** Webhooks and the queue of their payloads. */
function webhookTables(db: Connection): void {
  db.exec(`
    -- events and subjects: JSON arrays of strings, in the order they were added.
    CREATE TABLE webhooks (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id),
      name TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'enabled' CHECK (state IN ('enabled', 'disabled')),
      payload_uri TEXT NOT NULL,
      events TEXT NOT NULL,
      -- Not a hash: the service signs every payload with it (spec 000 "Events"). Sealed
      -- (AES-256-GCM, storage/secretBox.ts) when the service has a secrets key, else plain.
      secret TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );

    -- Payloads waiting for delivery, delivered, or failed: the queue a later step delivers from,
    -- one webhook at a time, in id order. payload_id is the UUID of X-Service-Delivery.
    CREATE TABLE webhook_deliveries (
      id INTEGER PRIMARY KEY,
      webhook_id INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      payload_id TEXT NOT NULL UNIQUE,
      event TEXT NOT NULL,
      body TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX webhook_deliveries_queue ON webhook_deliveries(webhook_id, state, id);
  `);
}

/** Broadcast receivers. */
function broadcastReceiverTable(db: Connection): void {
  db.exec(`
    CREATE TABLE broadcast_receivers (
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id),
      name TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'enabled' CHECK (state IN ('enabled', 'disabled')),
      payload_uri TEXT NOT NULL,
      subjects TEXT NOT NULL,
      secret TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
  `);
}
