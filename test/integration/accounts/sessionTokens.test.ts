// Without a keychain the embedded account makes a new token at each start: the previous one is
// revoked then, so tokens do not pile up in the service, and a token from an earlier session no
// longer opens it. Tokens the app does not hold (the command line's, v1's) are kept.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStintApp } from '../../../main/core/accounts/app';
import { createSessionSecrets } from '../../../platform/keychain';
import { addPersonalToken } from '../../../service/auth/tokens';
import { openSqliteStore } from '../../../service/storage/sqliteStore';
import { freePort } from '../../e2e/support';
import { openDatabaseFile, value } from '../../support/sqliteFile';
import { appsPerTest } from './apps';

const apps = appsPerTest();

const status = async (port: number, token: string) =>
  (
    await fetch(`http://127.0.0.1:${port}/v2/current_user`, {
      headers: { 'user-agent': 'StintTest/1', 'x-servicetoken': token },
    })
  ).status;

describe('the embedded account without a keychain', () => {
  it('revokes the previous session’s token at start, and keeps tokens it does not hold', async () => {
    const dataDir = apps.folder();
    const port = await freePort();
    const database = join(dataDir, 'local-service', 'service.db');

    const firstSecrets = createSessionSecrets();
    const first = await openStintApp({ dataDir, secrets: firstSecrets, localPort: port });
    const firstToken = (await firstSecrets.get('local', 'personal-token'))!;
    expect(await status(port, firstToken)).toBe(200);
    await first.stop();

    // A token someone made for a script meanwhile (not the app's).
    const scriptToken = 'a-script-token-that-is-long-enough-0123456789';
    const db = openSqliteStore(join(dataDir, 'local-service'));
    await addPersonalToken(db, 1, scriptToken, new Date().toISOString());
    await db.close();

    for (let start = 0; start < 3; start++) {
      const secrets = createSessionSecrets();
      const app = await openStintApp({ dataDir, secrets, localPort: port });
      const token = (await secrets.get('local', 'personal-token'))!;
      expect(await status(port, token)).toBe(200);
      expect(await status(port, firstToken)).toBe(401);
      expect(await status(port, scriptToken)).toBe(200);
      await app.stop();
    }
    const file = openDatabaseFile(database, { readonly: true });
    expect(value(file, 'SELECT COUNT(*) FROM personal_tokens')).toBe(2);
    file.close();
  });
});
