import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  readRegistry,
  REGISTRY_FILE,
  withAccount,
  withoutAccount,
  writeRegistry,
  type RemoteAccount,
} from '../../../../main/core/accounts/registry';
import { tempDir } from '../../../support/tempDir';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});
const folder = () => {
  const dir = tempDir();
  dirs.push(dir);
  return dir.path;
};

const work: RemoteAccount = {
  id: 'r-0123456789ab',
  label: 'Work',
  kind: 'remote',
  baseUrl: 'https://time.example.com',
  email: 'me@example.com',
  auth: 'personal',
};

describe('the account registry', () => {
  it('starts with only the local account, and reads back what was written', () => {
    const dir = folder();
    expect(readRegistry(dir)).toEqual({ version: 1, defaultAccountId: 'local', accounts: [] });
    writeRegistry(dir, { ...withAccount(readRegistry(dir), work), defaultAccountId: work.id });
    expect(readRegistry(dir)).toEqual({ version: 1, defaultAccountId: work.id, accounts: [work] });
    expect(withoutAccount(readRegistry(dir), work.id)).toEqual({ version: 1, defaultAccountId: 'local', accounts: [] });
  });

  it('refuses to write or read an account with a non-http address or a stray field such as a token', () => {
    const dir = folder();
    expect(() =>
      writeRegistry(dir, { version: 1, defaultAccountId: 'local', accounts: [{ ...work, baseUrl: 'file:///etc' }] }),
    ).toThrow();
    writeFileSync(
      join(dir, REGISTRY_FILE),
      JSON.stringify({ version: 1, defaultAccountId: 'local', accounts: [{ ...work, token: 'secret' }] }),
    );
    expect(readRegistry(dir).accounts[0]).not.toHaveProperty('token');
  });

  it('falls back to the local account when the default named is not listed', () => {
    const dir = folder();
    writeFileSync(
      join(dir, REGISTRY_FILE),
      JSON.stringify({ version: 1, defaultAccountId: 'r-ffffffffffff', accounts: [work] }),
    );
    expect(readRegistry(dir).defaultAccountId).toBe('local');
  });
});
