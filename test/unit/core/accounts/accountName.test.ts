// An account's name as main reads it (accountName.ts) and stores it (the renameAccount channel,
// through dispatch as the window's call comes, onto the real registry file): trimmed, at most 60
// characters, no control or direction characters, no other account's name; the local account too.
import { afterEach, describe, expect, it } from 'vitest';
import type { Handlers } from '../../../../common/contract';
import { dispatch } from '../../../../common/dispatch';
import type { Result } from '../../../../common/result';
import { readAccountName } from '../../../../main/core/accounts/accountName';
import { createAccountHandlers } from '../../../../main/core/accounts/handlers';
import { readRegistry, writeRegistry, type Registry } from '../../../../main/core/accounts/registry';
import { accountViews } from '../../../../main/core/accounts/views';
import { createSessionSecrets } from '../../../../platform/keychain';
import { tempDir } from '../../../support/tempDir';

const WORK = 'r-0123456789ab';
const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

describe('an account name', () => {
  it('is stored trimmed, its runs of spaces made one', () => {
    expect(readAccountName('  Client   A  ', [])).toEqual({ ok: true, value: 'Client A' });
  });

  it('is refused empty, over 60 characters, or with control or text-direction characters, at its field', () => {
    const refusal = (typed: string) => {
      const read = readAccountName(typed, []);
      return read.ok ? null : { code: read.error.code, field: read.error.field, message: read.error.message };
    };
    expect(refusal('   ')).toEqual({
      code: 'invalid_input',
      field: 'label',
      message: 'Give the account a name, such as Work.',
    });
    expect(refusal('x'.repeat(61))?.message).toBe('An account name is at most 60 characters.');
    expect(readAccountName('é'.repeat(60), [])).toEqual({ ok: true, value: 'é'.repeat(60) });
    for (const sly of ['Work\u202Ekrow', 'Wo\u200Brk', 'Work\nHome', 'Work\u0007', 'Work\u2066x\u2069']) {
      expect(refusal(sly)?.message).toBe('An account name cannot hold control or text-direction characters.');
    }
  });

  it('is refused when another account has it, whatever the case: two accounts must read apart', () => {
    const read = readAccountName('work', ['This computer', 'Work']);
    expect(read.ok ? null : read.error.message).toBe(
      'Another account is already called Work: give this one a name of its own.',
    );
  });
});

describe('renaming an account (renameAccount)', () => {
  function handlers() {
    const dir = tempDir();
    dirs.push(dir);
    const start: Registry = {
      version: 1,
      defaultAccountId: 'local',
      accounts: [
        {
          id: WORK,
          label: 'me@stint.local at 127.0.0.1:8080',
          kind: 'remote',
          baseUrl: 'http://127.0.0.1:8080',
          email: 'me@stint.local',
          auth: 'personal',
        },
      ],
    };
    writeRegistry(dir.path, start);
    let registry = start;
    const { handlers } = createAccountHandlers({
      dataDir: dir.path,
      secrets: createSessionSecrets(),
      registry: () => registry,
      openId: () => 'local',
      save: (next) => {
        writeRegistry(dir.path, next);
        registry = next;
      },
      use: async () => ({ ok: true, value: null }),
      signedIn: () => {},
      forget: () => {},
      signInWaiting: () => {},
      signIn: { port: 0, timeoutMs: 1_000 },
    });
    // Only renameAccount is called: the account handlers stand for the whole contract here.
    const call = (request: unknown) =>
      dispatch(handlers as Handlers, 'renameAccount', request) as Promise<Result<{ label: string }>>;
    const labels = () =>
      accountViews({
        registry: readRegistry(dir.path),
        openId: 'local',
        sessionOnly: false,
        keychainProblem: null,
        statuses: new Map(),
      }).map((a) => a.label);
    return { call, labels };
  }

  it('names a remote account and the local one, kept in accounts.json and shown in the accounts’ views', async () => {
    const { call, labels } = handlers();
    expect(labels()).toEqual(['This computer', 'me@stint.local at 127.0.0.1:8080']);
    expect(await call({ accountId: WORK, label: ' Work ' })).toEqual({ ok: true, value: { label: 'Work' } });
    expect(await call({ accountId: 'local', label: 'Home' })).toEqual({ ok: true, value: { label: 'Home' } });
    expect(labels()).toEqual(['Home', 'Work']);
  });

  it('refuses what the schema or the rules refuse, in words at the field, and keeps the name it had', async () => {
    const { call, labels } = handlers();
    const refused = async (request: unknown) => {
      const answer = await call(request);
      return answer.ok ? null : { field: answer.error.field, message: answer.error.message };
    };
    expect((await refused({ accountId: WORK, label: 42 }))?.field).toBe('label');
    expect(await refused({ accountId: WORK, label: 'x'.repeat(201) })).toEqual({
      field: 'label',
      message: 'The account name is too long: at most 200 characters.',
    });
    expect(await refused({ accountId: WORK, label: 'Work', token: 'sneaked' })).not.toBeNull();
    expect(await refused({ accountId: WORK, label: 'this computer' })).toEqual({
      field: 'label',
      message: 'Another account is already called This computer: give this one a name of its own.',
    });
    expect(await refused({ accountId: WORK, label: 'Work\u202E' })).toEqual({
      field: 'label',
      message: 'An account name cannot hold control or text-direction characters.',
    });
    expect(await refused({ accountId: 'r-ffffffffffff', label: 'Gone' })).toEqual({
      field: 'accountId',
      message: 'That account is no longer connected.',
    });
    expect(labels()).toEqual(['This computer', 'me@stint.local at 127.0.0.1:8080']);
  });
});
