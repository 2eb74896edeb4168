// Sign-in on the authorize page: throttled per e-mail (5 free failures) and per address (20, for
// e-mails past their own budget only), then blocked for 30 s doubling up to 15 min, by the
// service's clock. Passwords come from
// ServiceOptions.ownerPassword or the set-password command.
import { describe, expect, it } from 'vitest';
import { startService } from '../../../../service';
import { setPassword } from '../../../../service/oauth/setPassword';
import { Browser, OWNER_EMAIL, OWNER_PASSWORD, serveOAuth } from '../support/oauthSupport';
import { withDb } from '../support/peopleSupport';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { asDb, openDatabaseFile } from '../../../support/sqliteFile';
import { TEST_PASSWORD_COST } from '../../../support/passwordCost';

const start = (clientId: string) => ({ client_id: clientId, response_type: 'code', state: 's' });

describe('sign-in throttling', () => {
  it('blocks an e-mail after 5 failures for 30 s, then 60 s, even for the right password; a success clears the count', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    const attempt = (password: string) => browser.signIn(start(oauth.clientId), OWNER_EMAIL, password);

    for (let i = 1; i <= 5; i++) {
      const page = await attempt(`guess ${i}`);
      expect(page.status, `failure ${i}`).toBe(401);
      expect(page.headers['retry-after']).toBeUndefined();
    }
    const sixth = await attempt('guess 6');
    expect(sixth.status).toBe(401);
    expect(sixth.headers['retry-after']).toBe('30');
    expect(sixth.text).toContain('try again in 30 seconds');

    const blocked = await attempt(OWNER_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain('Too many failed sign-ins');
    expect(blocked.fields.ticket).toBeUndefined();

    oauth.clock.advance(29_000);
    expect((await attempt(OWNER_PASSWORD)).status).toBe(429);
    oauth.clock.advance(1_000);
    const seventh = await attempt('guess 7'); // the block ended; this failure doubles it
    expect(seventh.headers['retry-after']).toBe('60');
    oauth.clock.advance(59_000);
    expect((await attempt(OWNER_PASSWORD)).status).toBe(429);
    oauth.clock.advance(1_000);
    const consent = await attempt(OWNER_PASSWORD);
    expect(consent.status).toBe(200);
    expect(consent.fields.ticket).toBeTruthy();

    // Counting starts again after the success.
    const after = await attempt('guess 8');
    expect(after.status).toBe(401);
    expect(after.headers['retry-after']).toBeUndefined();
  });

  it('counts every letter case of an e-mail as one, and blocks other e-mails not at all', async () => {
    const oauth = await serveOAuth();
    const lee = await oauth.member('leader');
    await withDbAsync(oauth.dataDir, (db) =>
      setPassword(asDb(db), lee.id, 'lee password 1', { now: '2024-01-01T00:00:00Z', cost: TEST_PASSWORD_COST }),
    );
    const browser = new Browser(oauth.service.url);
    for (const email of [
      'owner@stint.test',
      'OWNER@stint.test',
      'Owner@Stint.Test',
      ' owner@stint.test',
      'owner@STINT.test',
      'owner@stint.TEST',
    ])
      await browser.signIn(start(oauth.clientId), email, 'wrong');
    expect((await browser.signIn(start(oauth.clientId), OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(429);
    expect((await browser.signIn(start(oauth.clientId), lee.email, 'lee password 1')).status).toBe(200);
  });

  // About 30 scrypt checks (16 MiB each, ~0.1 s on a quiet machine, ten times that under load):
  // the file's 30 s bound is a hang guard this test's honest work can reach on a busy machine.
  it('an address past its 20 failures does not lock an account below its own limit: after 21 failures on made-up e-mails the owner signs in; an e-mail past its own budget also waits for the address', async () => {
    const oauth = await serveOAuth(); // every test client is 127.0.0.1, as every local client is
    const lee = await oauth.member('leader');
    await withDbAsync(oauth.dataDir, (db) =>
      setPassword(asDb(db), lee.id, 'lee password 1', { now: '2024-01-01T00:00:00Z', cost: TEST_PASSWORD_COST }),
    );
    const browser = new Browser(oauth.service.url);
    const signIn = (email: string, password: string) => browser.signIn(start(oauth.clientId), email, password);
    for (let i = 0; i <= 20; i++) {
      const page = await signIn(`nobody-${i}@stint.test`, 'wrong');
      expect(page.status, `failure ${i + 1}`).toBe(401);
      expect(page.headers['retry-after'], `failure ${i + 1}`).toBeUndefined(); // each e-mail failed once
    }
    // The address is locked (21 failures), but the owner's e-mail has failed fewer times than its limit.
    const owner = await signIn(OWNER_EMAIL, OWNER_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.fields.ticket).toBeTruthy();
    expect((await signIn(OWNER_EMAIL, 'typo')).status).toBe(401);
    expect((await signIn(OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(200);

    // Guessing one e-mail past its own budget from this address: its 6th failure locks it, and
    // after its own 30 s it still waits for the address's lock (failures 23 to 28: 30 s doubled 7 times, capped).
    for (let i = 1; i <= 5; i++) expect((await signIn(lee.email, `guess ${i}`)).status).toBe(401);
    const sixth = await signIn(lee.email, 'guess 6');
    expect(sixth.status).toBe(401);
    expect(sixth.headers['retry-after']).toBe('900');
    oauth.clock.advance(30_000);
    expect((await signIn(lee.email, 'lee password 1')).status).toBe(429);
    expect((await signIn(OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(200); // the owner still is not
    oauth.clock.advance(870_000);
    expect((await signIn(lee.email, 'lee password 1')).status).toBe(200);
  }, 180_000);

  it('checks simultaneous guesses one after another, so a burst gets no more than the budget', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    const page = await browser.open(start(oauth.clientId));
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        browser.post({ ...page.fields, email: OWNER_EMAIL, password: `burst ${i}` }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(6); // 5 free, the 6th checked and blocking
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('forgets failures a day after the last one', async () => {
    const oauth = await serveOAuth();
    const browser = new Browser(oauth.service.url);
    for (let i = 0; i < 5; i++) await browser.signIn(start(oauth.clientId), OWNER_EMAIL, 'wrong');
    oauth.clock.advance(24 * 3600_000);
    const next = await browser.signIn(start(oauth.clientId), OWNER_EMAIL, 'wrong');
    expect(next.status).toBe(401);
    expect(next.headers['retry-after']).toBeUndefined();
  });

  it('keeps counting across a restart of the service', async () => {
    const oauth = await serveOAuth();
    for (let i = 0; i < 6; i++)
      await new Browser(oauth.service.url).signIn(start(oauth.clientId), OWNER_EMAIL, 'wrong');
    await oauth.service.close();
    const again = await startService({ dataDir: oauth.dataDir, rateLimit: 0, now: oauth.clock });
    try {
      expect((await new Browser(again.url).signIn(start(oauth.clientId), OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(
        429,
      );
    } finally {
      await again.close();
    }
  });
});

describe('passwords', () => {
  it('ServiceOptions.ownerPassword replaces the owner password at every start; a short one is refused', async () => {
    const oauth = await serveOAuth();
    const stored = withDb(oauth, (db) =>
      db.prepare('SELECT password_hash FROM user_passwords WHERE user_id = ?').get(oauth.service.ownerId),
    ) as { password_hash: string };
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain(OWNER_PASSWORD);
    await expect(serveOAuth({ ownerPassword: 'short' })).rejects.toThrow(/at least 8/);
  });
});

async function withDbAsync<T>(dataDir: string, fn: (db: DatabaseSync) => Promise<T>): Promise<T> {
  const db = openDatabaseFile(join(dataDir, 'service.db'));
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}
