import { describe, expect, it } from 'vitest';
import { checkCredentials, hashPassword, verifyPassword } from '../../../service/auth/passwords';
import { openSqliteStore } from '../../../service/storage/sqliteStore';
import { ensureOwner } from '../../../service/storage/owner';
import { setPassword } from '../../../service/oauth/setPassword';
import { buildService } from '../../../service';
import { TEST_PASSWORD_COST } from '../../support/passwordCost';

// scrypt is slow on purpose (about 0.1 s a hash here, many times that on a loaded machine): these
// tests get the integration tests' bound, not the unit tests' 5 s.
describe('passwords', { timeout: 30_000 }, () => {
  it('hashes with a random salt and the parameters in the stored string', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$5\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('hashes at the cost it is given (the tests’ own), and a check reads the cost from the stored string', async () => {
    const cheap = await hashPassword('correct horse', TEST_PASSWORD_COST);
    expect(cheap).toMatch(/^scrypt\$16\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse', cheap)).toBe(true);
    expect(await verifyPassword('correct horsE', cheap)).toBe(false);
  });

  it('a service hashes its passwords at OWASP’s cost unless its tuning names another', async () => {
    const storedBy = async (options: Parameters<typeof buildService>[0]) => {
      const service = await buildService({ ownerPassword: 'owner password 1', ...options });
      try {
        return (await service.db.get(
          'SELECT password_hash FROM user_passwords WHERE user_id = ?',
          service.ownerId,
        )) as {
          password_hash: string;
        };
      } finally {
        await service.app.close();
      }
    };
    expect((await storedBy({})).password_hash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect((await storedBy({ tuning: { passwordHash: TEST_PASSWORD_COST } })).password_hash).toMatch(
      /^scrypt\$16\$8\$1\$/,
    );
  });

  it('refuses stored strings it cannot read instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$3$8$1$c2FsdA$aGFzaA',
      'scrypt$16384$8$1$$',
      'bcrypt$x$y$z$a$b',
      'scrypt$1073741824$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
    ])
      expect(await verifyPassword('x', stored)).toBe(false);
  });

  it('checkCredentials answers the id of an active user with that e-mail and password only', async () => {
    const db = openSqliteStore();
    const { ownerId } = await ensureOwner(db, { email: 'Me@Stint.local', now: '2024-01-01T00:00:00Z', utcOffset: 0 });
    expect(await checkCredentials(db, 'me@stint.local', 'secret-pass')).toBeNull(); // no password yet
    await setPassword(db, ownerId, 'secret-pass', { now: '2024-01-01T00:00:00Z' });
    expect(await checkCredentials(db, 'me@stint.local', 'secret-pass')).toBe(ownerId);
    expect(await checkCredentials(db, ' ME@STINT.LOCAL ', 'secret-pass')).toBe(ownerId);
    expect(await checkCredentials(db, 'me@stint.local', 'wrong-pass')).toBeNull();
    expect(await checkCredentials(db, 'nobody@stint.local', 'secret-pass')).toBeNull();
    db.connection.prepare("UPDATE users SET state = 'disabled' WHERE id = ?").run(ownerId);
    expect(await checkCredentials(db, 'me@stint.local', 'secret-pass')).toBeNull();
    await db.close();
  });

  it('refuses to set a short password', async () => {
    const db = openSqliteStore();
    const { ownerId } = await ensureOwner(db, { email: 'me@stint.local', now: '2024-01-01T00:00:00Z', utcOffset: 0 });
    await expect(setPassword(db, ownerId, 'short', { now: '2024-01-01T00:00:00Z' })).rejects.toThrow(/at least 8/);
    await db.close();
  });
});
