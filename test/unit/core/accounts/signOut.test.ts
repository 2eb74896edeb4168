// Signing out of a remote account whose service is out of reach: the token is forgotten here all
// the same, and the user is told in words why it was not revoked (not the system's ECONNREFUSED).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signOutRemote } from '../../../../main/core/accounts/signOut';
import { createSessionSecrets } from '../../../../platform/keychain';
import { closedPortUrl } from '../../../support/offline';
import { tempDir } from '../../../support/tempDir';

let dir: ReturnType<typeof tempDir>;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => dir.remove());

describe('signing out while the service is out of reach', () => {
  it('deletes the token here and says in words why it was not revoked', async () => {
    const baseUrl = await closedPortUrl();
    const secrets = createSessionSecrets();
    const account = {
      id: 'r-0123456789ab',
      label: 'Work',
      kind: 'remote' as const,
      baseUrl,
      email: 'me@example.com',
      auth: 'oauth' as const,
      oauth: { clientId: 'stint', authUrl: baseUrl },
    };
    await secrets.set(account.id, 'access-token', 'the-access-token');
    await secrets.set(account.id, 'client-secret', 'the-client-secret');
    const outcome = await signOutRemote(account, secrets, dir.path, { rateLimit: 0 });
    expect(outcome).toEqual({
      revoked: false,
      message: `The token could not be revoked (Cannot reach ${new URL(baseUrl).host}: nothing answers there); it was deleted from this computer.`,
    });
    expect(await secrets.get(account.id, 'access-token')).toBeNull();
  });
});
