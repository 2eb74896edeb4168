// Pieces of event delivery that need no network: the retry schedule, the addresses a delivery
// may not go to, signing, and migration 6 giving receivers made before it to the account owner.
import { describe, expect, it } from 'vitest';
import { DAY, DEFAULT_RETRY, HOUR, MINUTE, nextAttempt, retryDelay } from '../../../service/events/backoff';
import type { LookupAddress } from 'node:dns';
import { checkedLookup, forbiddenAddress, refusedUri, type Resolve } from '../../../service/events/post';
import { httpUrl } from '../../../service/resources/subscriptions';
import { sign, verify } from '../../../service/events/signature';
import { nodeSqlite } from '../../../service/storage/driver';
import { migrate, migrations } from '../../../service/storage/migrations';

describe('retry schedule (events/backoff.ts)', () => {
  it('doubles from 1 minute up to 6 hours', () => {
    expect([1, 2, 3, 9, 10, 11, 50].map((n) => retryDelay(DEFAULT_RETRY, n))).toEqual([
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      256 * MINUTE,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
    ]);
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
    for (const a of ['0.0.0.0', '169.254.169.254', '169.254.0.1', '::', 'fe80::1', 'FEBF::1', '::ffff:169.254.169.254'])
      expect(forbiddenAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '::1',
      '10.0.0.5',
      '192.168.1.20',
      '172.16.0.1',
      '8.8.8.8',
      '2001:db8::1',
      'fec0::1',
      '::ffff:127.0.0.1',
    ])
      expect(forbiddenAddress(a), a).toBe(false);
  });

  // The decision is on the address's bytes, whatever spelling reaches it: URL parsing rewrites
  // [::ffff:169.254.169.254] to [::ffff:a9fe:a9fe], and getaddrinfo reads 2852039166 as 169.254.169.254.
  it('refuses link-local and unspecified IPv4 addresses spelt inside IPv6 (mapped, translated, compatible, 6to4, NAT64) or in decimal, octal or hex', () => {
    for (const a of [
      '::ffff:a9fe:a9fe',
      '::FFFF:A9FE:A9FE',
      '[::ffff:a9fe:a9fe]',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::ffff:0:a9fe:a9fe',
      '::ffff:0:169.254.169.254',
      '::ffff:0.0.0.0',
      '::ffff:0:0',
      '::a9fe:a9fe',
      '::169.254.169.254',
      '::0.0.0.0',
      '2002:a9fe:a9fe::1',
      '2002:a9fe:0001:1:2:3:4:5',
      '2002::',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::169.254.169.254',
      '64:ff9b::',
      'fe80::1%eth0',
      '2852039166',
      '0251.0376.0251.0376',
      '0xa9fea9fe',
      '0XA9FEA9FE',
      '0xa9.0xfe.0xa9.0xfe',
      '169.254.43518',
      '169.16689662',
      '0251.0xfe.43518',
      '169.254.169.254.',
      '0',
      '0x0',
      '00.0',
      '0x',
    ])
      expect(forbiddenAddress(a), a).toBe(true);
    for (const a of [
      '::ffff:7f00:1',
      '::ffff:0a00:0005',
      '::7f00:1',
      '0:0:0:0:0:0:0:1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      '64:ff9b::808:808',
      '2001:db8::a9fe:a9fe',
      '2001:db8::169.254.169.254',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '169.253.255.255',
      '169.255.0.0',
      'localhost',
      'example.com',
      '169.254.example',
      '0xg',
    ])
      expect(forbiddenAddress(a), a).toBe(false);
  });

  it('decides on a payload URI the same way when a webhook is created and when it is delivered: every spelling of a refused address is refused, names and loopback pass', () => {
    for (const uri of [
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:169.254.169.254]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[::169.254.169.254]/',
      'http://[::ffff:0:169.254.169.254]/',
      'http://[2002:a9fe:a9fe::1]/',
      'http://[64:ff9b::169.254.169.254]/',
      'http://2852039166/',
      'http://0251.0376.0251.0376/',
      'http://0xa9fea9fe/',
      'http://0xa9.0xfe.0xa9.0xfe/',
      'https://169.254.43518/',
      'http://169.254.169.254./',
      'http://%31%36%39.254.169.254/',
      'http://[fe80::1]/h',
      'http://[::]/h',
      'http://0/h',
      'http://0.0.0.0:9/h',
    ]) {
      expect(refusedUri(uri), uri).toMatch(/^address .* is not allowed$/);
      expect(httpUrl(uri), uri).toBeNull();
    }
    for (const uri of [
      'http://127.0.0.1:9/h',
      'http://[::1]:9/h',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
      'http://localhost:9/h',
      'https://example.com/hook',
      'http://192.168.1.20/h',
    ]) {
      expect(refusedUri(uri), uri).toBeNull();
      expect(httpUrl(uri), uri).toBe(uri);
    }
    expect(refusedUri('ftp://127.0.0.1/h')).toBe('payload_uri scheme ftp: is not allowed');
    expect(refusedUri('not a uri')).toBe('payload_uri is not a URL');
  });

  it('checks every address a name resolves to when connecting, and hands the connection only allowed ones', async () => {
    const resolving =
      (addresses: string[]): Resolve =>
      (_host, _options, callback) =>
        callback(
          null,
          addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
    const lookUp = (resolve: Resolve, all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((done) =>
        checkedLookup(resolve)(
          'hook.test',
          { all },
          (error: NodeJS.ErrnoException | null, address: unknown, family?: number) =>
            done({ error, result: all ? address : { address, family } }),
        ),
      );
    for (const refused of [
      ['169.254.169.254'],
      ['::ffff:a9fe:a9fe'],
      ['::ffff:169.254.169.254'],
      ['64:ff9b::a9fe:a9fe', '2002:a9fe:a9fe::'],
      ['0.0.0.0', '::'],
    ]) {
      const { error } = await lookUp(resolving(refused), false);
      expect(error?.code, refused.join()).toBe('EADDRNOTALLOWED');
    }
    expect(await lookUp(resolving(['::ffff:a9fe:a9fe', '127.0.0.1', '::1']), true)).toEqual({
      error: null,
      result: [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
    });
    expect(await lookUp(resolving(['::ffff:a9fe:a9fe', '::ffff:127.0.0.1']), false)).toEqual({
      error: null,
      result: { address: '::ffff:127.0.0.1', family: 6 },
    });
  });
});

describe('signatures (events/signature.ts)', () => {
  it('lowercase hex HMAC-SHA256 of the raw body; verify compares in constant time and refuses any other bytes', () => {
    // RFC 4231 test case 2.
    expect(sign('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
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
    db.prepare(
      `INSERT INTO users (id, account_id, email, role, created_at, updated_at) VALUES (1, 1, 'l@x', 'leader', ?, ?), (2, 1, 'o@x', 'owner', ?, ?)`,
    ).run(now, now, now, now);
    db.prepare(
      `INSERT INTO broadcast_receivers (account_id, name, payload_uri, subjects, secret, created_at, updated_at) VALUES (1, 'R', 'http://127.0.0.1/b', '["timer"]', 's', ?, ?)`,
    ).run(now, now);
    db.prepare(
      `INSERT INTO webhooks (id, account_id, name, payload_uri, events, secret, created_at, updated_at) VALUES (1, 1, 'W', 'http://127.0.0.1/w', '["*"]', 's', ?, ?)`,
    ).run(now, now);
    db.prepare(
      `INSERT INTO webhook_deliveries (webhook_id, payload_id, event, body, created_at, updated_at) VALUES (1, 'p', 'webhook.ping', '{}', ?, ?)`,
    ).run(now, now);
    migrate(db);
    expect(db.prepare('SELECT user_id FROM broadcast_receivers').get()).toEqual({ user_id: 2 });
    // A payload queued before is due at once, with no failing run.
    expect(db.prepare('SELECT due_ms, failing_since_ms, last_error FROM webhook_deliveries').get()).toEqual({
      due_ms: 0,
      failing_since_ms: null,
      last_error: null,
    });
  });
});
