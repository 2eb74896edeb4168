// A service database at schema version 10 (the last one before ids became AUTOINCREMENT) with
// rows in every one of its tables, each reference pointing at a row that exists, and ids with
// gaps (as deletions leave them), so that a migration can be shown to keep every row, reference
// and index of a file the desktop app wrote before it. Two accounts; the first one's owner is
// user 1, whose token is FILLED_OWNER_TOKEN.
import { hashToken } from '../../service/auth/tokens';
import type { Connection } from '../../service/storage/driver';
import { migrate, migrations } from '../../service/storage/migrations';

export const FILLED_VERSION = 10;
export const FILLED_OWNER_TOKEN = 'filled-database-owner-token-0123456789';

const T = '2024-03-04T09:00:00Z';
const LATER = '2024-03-18T09:00:00Z';

const ROWS = `
  INSERT INTO accounts (id, name, created_at, user_limit, project_limit) VALUES
    (1, 'Stint', '${T}', NULL, NULL), (2, 'Other', '${T}', 5, 10);
  INSERT INTO users (id, account_id, email, first_name, last_name, role, created_at, updated_at) VALUES
    (1, 1, 'owner@example.test', 'Olga', 'Owner', 'owner', '${T}', '${T}'),
    (4, 1, 'cora@example.test', 'Cora', 'Worker', 'coworker', '${T}', '${T}'),
    (6, 2, 'other@example.test', NULL, NULL, 'owner', '${T}', '${T}');
  INSERT INTO personal_tokens (id, user_id, token_sha256, created_at, holder) VALUES
    (2, 1, '${hashToken(FILLED_OWNER_TOKEN)}', '${T}', NULL), (5, 4, 'sha-cora', '${T}', NULL);
  INSERT INTO user_passwords (user_id, password_hash, updated_at) VALUES (4, 'scrypt-hash', '${T}');
  INSERT INTO project_groups (id, account_id, name, created_at, updated_at) VALUES (3, 1, 'Clients', '${T}', '${T}');
  INSERT INTO projects (id, account_id, name, project_group_id, budget_minutes, description, created_at, updated_at) VALUES
    (2, 1, 'Site', 3, 600, 'The web site', '${T}', '${T}'),
    (7, 1, 'Intern', NULL, NULL, '', '${T}', '${T}'),
    (8, 2, 'Theirs', NULL, NULL, '', '${T}', '${T}');
  INSERT INTO project_access (user_id, project_id, created_at) VALUES (4, 2, '${T}'), (4, 7, '${T}');
  INSERT INTO teams (id, account_id, name, created_at, updated_at) VALUES (3, 1, 'Team', '${T}', '${T}');
  INSERT INTO team_users (team_id, user_id) VALUES (3, 1), (3, 4);
  INSERT INTO tags (id, account_id, name, created_at, updated_at) VALUES
    (1, 1, 'design', '${T}', '${T}'), (5, 1, 'meeting', '${T}', '${T}'),
    (6, 1, 'meetings', '${T}', '${T}'), (9, 2, 'theirs', '${T}', '${T}');
  INSERT INTO tag_merges (id, account_id, target_tag_id, source_tag_id, created_at) VALUES (2, 1, 5, 6, '${T}');
  INSERT INTO imports (id, account_id, user_id, created_at) VALUES (4, 1, 1, '${T}');
  INSERT INTO invoices (id, account_id, reference, invoice_date, show_hours_worked, show_full_report,
      show_user_summaries, show_project_summaries, show_project_name_for_expenses, customization,
      calculation_method, flat_rate_cents, taxable_cents, taxfree_cents, tax_total_cents, total_cents,
      share_token, created_at, updated_at) VALUES
    (3, 1, 'INV-1', '2024-03-10', 1, 0, 1, 0, 1, '{}', 'flat_rate', 50000, 50000, 0, 10000, 60000, 'share-1', '${T}', '${T}');
  INSERT INTO invoice_custom_rates (invoice_id, user_id, hourly_rate_cents) VALUES (3, 4, 5000);
  INSERT INTO invoice_taxes (id, invoice_id, name, percentage_thousandths, amount_cents) VALUES (7, 3, 'VAT', 20000, 10000);
  INSERT INTO entries (id, account_id, user_id, project_id, date, minutes, description, invoiced_at, invoice_id,
      import_id, approved_at, approved_by_id, created_at, updated_at) VALUES
    (5, 1, 1, 2, '2024-03-01', 30, '#design', '${T}', 3, 4, '${T}', 1, '${T}', '${T}'),
    (9, 1, 4, 7, '2024-03-02', 15, '#meeting #design', NULL, NULL, NULL, NULL, NULL, '${T}', '${T}'),
    (12, 2, 6, 8, '2024-03-02', 45, '#theirs', NULL, NULL, NULL, NULL, NULL, '${T}', '${T}');
  INSERT INTO entry_tags (entry_id, tag_id) VALUES (5, 1), (9, 5), (9, 1), (12, 9);
  INSERT INTO expenses (id, account_id, user_id, project_id, date, price_cents, description, invoice_id, created_at, updated_at) VALUES
    (2, 1, 1, 2, '2024-03-01', 1250, 'Train', 3, '${T}', '${T}');
  INSERT INTO timers (id, user_id, project_id, state, elapsed_ms, running_since_ms, date, description, created_at, updated_at) VALUES
    (3, 1, 2, 'running', 0, ${Date.parse(T)}, '2024-03-04', 'Calls', '${T}', '${T}'),
    (8, 4, 7, 'paused', 60000, NULL, '2024-03-04', NULL, '${T}', '${T}');
  INSERT INTO timer_tags (timer_id, tag_id) VALUES (3, 1), (8, 5);
  INSERT INTO webhooks (id, account_id, name, payload_uri, events, secret, created_at, updated_at) VALUES
    (2, 1, 'Hook', 'https://hooks.example.test/in', '["entry.create"]', 'hook-secret', '${T}', '${T}');
  INSERT INTO webhook_deliveries (id, webhook_id, payload_id, event, body, attempts, created_at, updated_at, due_ms) VALUES
    (11, 2, '8c1f6a52-0000-4000-8000-000000000001', 'entry.create', '{}', 1, '${T}', '${T}', 0);
  INSERT INTO broadcast_receivers (id, account_id, name, payload_uri, subjects, secret, created_at, updated_at, user_id) VALUES
    (4, 1, 'Tray', 'http://127.0.0.1:9/broadcast', '["timers"]', 'receiver-secret', '${T}', '${T}', 1);
  INSERT INTO broadcast_outbox (receiver_id, subject, last_event, url, created_at) VALUES
    (4, 'timer:3', 'timer.start', 'http://127.0.0.1:9/v2/projects/2/timer', '${T}');
  INSERT INTO oauth_applications (id, name, client_id, client_secret_sha256, callback_url, created_at) VALUES
    (2, 'App', 'client-1', 'sha-secret', 'http://127.0.0.1/callback', '${T}');
  INSERT INTO oauth_authorization_codes (id, code_sha256, client_id, user_id, redirect_uri, expires_at, used_at, created_at, code_challenge) VALUES
    (6, 'sha-code', 'client-1', 4, 'http://127.0.0.1/callback', '${LATER}', '${T}', '${T}', 'challenge');
  INSERT INTO oauth_access_tokens (id, user_id, token_sha256, client_id, expires_at, created_at, authorization_code_id) VALUES
    (3, 4, 'sha-access', 'client-1', '${LATER}', '${T}', 6);
  INSERT INTO oauth_refresh_tokens (id, user_id, access_token_id, token_sha256, client_id, created_at, authorization_code_id) VALUES
    (8, 4, 3, 'sha-refresh', 'client-1', '${T}', 6);
  INSERT INTO sign_in_failures (key, failures, last_failure_ms, blocked_until_ms) VALUES ('email:cora@example.test', 2, 1, 0);
`;

/** Brings an empty database to version 10 and fills every table (foreign keys stay as the connection has them). */
export function fillEveryTable(db: Connection): void {
  migrate(db, migrations.slice(0, FILLED_VERSION));
  db.exec(ROWS);
}
