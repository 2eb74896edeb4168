// Pieces of event delivery that need no network: the retry schedule, the addresses a delivery
// may not go to, signing, and migration 6 giving receivers made before it to the account owner.
import { describe, expect, it } from 'vitest';
import { DAY, DEFAULT_RETRY, HOUR, MINUTE, nextAttempt, retryDelay } from '../../../service/events/backoff';
import { forbiddenAddress } from '../../../service/events/post';
import { sign, verify } from '../../../service/events/signature';
import { column } from '../../../service/storage/db';
import { nodeSqlite } from '../../../service/storage/driver';
import { migrate, migrations } from '../../../service/storage/migrations';

describe('retry schedule (events/backoff.ts)', () => {
  it('doubles from 1 minute up to 6 hours', () => {
    expect([1, 2, 3, 9, 10, 11, 50].map((n) => retryDelay(DEFAULT_RETRY, n))).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 256 * MINUTE, 6 * HOUR, 6 * HOUR, 6 * HOUR]);
  });

  it('puts no attempt after the 3-day mark, tries once at it, and gives up on a failure at or after it', () => {
    const attempts = [0];
    for (let failures = 1; ; failures++) {
      const next = nextAttempt(DEFAULT_RETRY, 0, failures, attempts.at(-1)!);
      if (next === null) break;
      attempts.push(next);
    }
    expect(attempts).toHaveLength(21);
    expect(attempts.at(-1)).toBe(3 * DAY);
    expect(attempts.at(-2)).toBe(511 * MINUTE + 10 * 6 * HOUR);
    expect(nextAttempt(DEFAULT_RETRY, 0, 5, 3 * DAY + 1)).toBeNull();
  });
});

describe('delivery addresses (events/post.ts)', () => {
  it('refuses unspecified and link-local addresses, IPv4-mapped ones too; allows loopback and the LAN', () => {
    for (const a of ['0.0.0.0', '169.254.169.254', '169.254.0.1', '::', 'fe80::1', 'FEBF::1', '::ffff:169.254.169.254']) expect(forbiddenAddress(a), a).toBe(true);
    for (const a of ['127.0.0.1', '::1', '10.0.0.5', '192.168.1.20', '172.16.0.1', '8.8.8.8', '2001:db8::1', 'fec0::1', '::ffff:127.0.0.1']) expect(forbiddenAddress(a), a).toBe(false);
  });
});

describe('signatures (events/signature.ts)', () => {
  it('lowercase hex HMAC-SHA256 of the raw body; verify compares in constant time and refuses any other bytes', () => {
    // RFC 4231 test case 2.
    expect(sign('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    const body = Buffer.from('{"a":1}');
    const signature = sign('secret', body);
    expect(verify('secret', body, signature)).toBe(true);
    expect(verify('secret', Buffer.from('{"a":2}'), signature)).toBe(false);
    expect(verify('other', body, signature)).toBe(false);
    expect(verify('secret', body, signature.toUpperCase())).toBe(false);
    expect(verify('secret', body, signature.slice(1))).toBe(false);
  });
});

describe('migration 6: event delivery', () => {
  it('gives broadcast receivers made before it to their account owner', () => {
    const db = nodeSqlite.open(':memory:');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, migrations.slice(0, 5));
    const now = '2024-03-04T09:00:00Z';
    db.prepare('INSERT INTO accounts (id, name, created_at) VALUES (1, ?, ?)').run('A', now);
    db.prepare(`INSERT INTO users (id, account_id, email, role, created_at, updated_at) VALUES (1, 1, 'l@x', 'leader', ?, ?), (2, 1, 'o@x', 'owner', ?, ?)`).run(now, now, now, now);
    db.prepare(`INSERT INTO broadcast_receivers (account_id, name, payload_uri, subjects, secret, created_at, updated_at) VALUES (1, 'R', 'http://127.0.0.1/b', '["timer"]', 's', ?, ?)`).run(now, now);
    db.prepare(`INSERT INTO webhooks (id, account_id, name, payload_uri, events, secret, created_at, updated_at) VALUES (1, 1, 'W', 'http://127.0.0.1/w', '["*"]', 's', ?, ?)`).run(now, now);
    db.prepare(`INSERT INTO webhook_deliveries (webhook_id, payload_id, event, body, created_at, updated_at) VALUES (1, 'p', 'webhook.ping', '{}', ?, ?)`).run(now, now);
    migrate(db);
    expect(column(db, 'SELECT user_id FROM broadcast_receivers').all()[0]).toBe(2);
    // A payload queued before is due at once, with no failing run.
    expect(db.prepare('SELECT due_ms, failing_since_ms, last_error FROM webhook_deliveries').get()).toEqual({ due_ms: 0, failing_since_ms: null, last_error: null });
  });
});
