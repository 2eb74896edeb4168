// The account channels of the contract: add an account by pasted personal token, sign in with the
// browser (OAuth), sign out, choose the default, give one a name. Every credential is tried before anything is
// saved, refusals name the field to fix, and secrets go only to the secret store (the keychain,
// or this session's memory where none answers).

import type { Handlers } from '../../../common/contract';
import { fail, ok, type Result } from '../../../common/result';
import type { ConnectionOptions } from '../../api/options';
import { LOCAL_ACCOUNT } from '../embedded/embeddedAccount';
import type { SecretKey, SecretStore } from '../../../platform/keychain';
import { readAccountName } from './accountName';
import {
  accountLabels,
  findRemote,
  newAccountId,
  withAccount,
  withLabel,
  withoutAccount,
  type Registry,
  type RemoteAccount,
} from './registry';
import { signInWithBrowser, type SignInDeps } from './signIn';
import { signOutRemote, type SignOutOutcome } from './signOut';
import { readBaseUrl, whoIs, type Identity } from './whoIs';
import type { AccountChannel } from '../types';

/** The account channels, which the app answers itself: no core ever sees them. */
export type AccountHandlers = Pick<Handlers, AccountChannel>;

export interface AccountDeps {
  dataDir: string;
  secrets: SecretStore;
  registry(): Registry;
  /** The account whose core runs now. */
  openId(): string;
  /** Persists and keeps the new registry (throws when the file cannot be written). */
  save(registry: Registry): void;
  /**
   * Makes the account the open one and the default; `reopen` when its credential changed while it
   * was open. Refused when it cannot be opened (no credential).
   */
  use(id: string, options?: { reopen?: boolean }): Promise<Result<null>>;
  /** The credential works (again). */
  signedIn(id: string): void;
  /** Forgets what was known about a removed account. */
  forget(id: string): void;
  /** The authorize page a browser sign-in waits on, or null once none waits (the snapshot's signIn). */
  signInWaiting(url: string | null): void;
  connection?: ConnectionOptions | undefined;
  signIn: Omit<SignInDeps, 'connection' | 'started'>;
}

const OAUTH_SECRETS: SecretKey[] = ['access-token', 'refresh-token', 'client-secret'];

export function createAccountHandlers(deps: AccountDeps): { handlers: AccountHandlers; stop(): Promise<void> } {
  // A new browser sign-in replaces one still waiting (they share the registered port).
  let cancelSignIn: ((reason: Error) => Promise<void>) | null = null;

  const handlers: AccountHandlers = {
    addAccountWithToken: async ({ baseUrl, token, label }) => {
      const base = readBaseUrl(baseUrl);
      if (!base.ok) return base;
      const pasted = token.trim();
      if (pasted === '') return fail('invalid_input', "Paste a personal token from the service's settings.", 'token');
      const identity = await whoIs(base.value, { kind: 'personal', token: pasted }, 'token', deps.connection);
      if (!identity.ok) return identity;
      return keepAccount(deps, {
        identity: identity.value,
        fields: { baseUrl: base.value, auth: 'personal' },
        label,
        secrets: { 'personal-token': pasted, ...Object.fromEntries(OAUTH_SECRETS.map((key) => [key, null])) },
      });
    },

    beginSignIn: async (request) => {
      await cancelSignIn?.(new Error('A new sign-in was started in its place.'));
      const mine = { cancel: null as ((reason: Error) => Promise<void>) | null };
      const signedIn = await signInWithBrowser(request, {
        ...deps.signIn,
        connection: deps.connection,
        started: (cancel) => {
          mine.cancel = cancel;
          cancelSignIn = cancel;
        },
        waiting: (url) => {
          if (cancelSignIn === mine.cancel) deps.signInWaiting(url);
        },
      });
      if (cancelSignIn === mine.cancel) {
        cancelSignIn = null;
        deps.signInWaiting(null);
      }
      if (!signedIn.ok) return signedIn;
      const { baseUrl, authUrl, clientId, clientSecret, tokens, identity } = signedIn.value;
      return keepAccount(deps, {
        identity,
        fields: { baseUrl, auth: 'oauth', oauth: { clientId, authUrl } },
        label: undefined,
        secrets: {
          'access-token': tokens.accessToken,
          'refresh-token': tokens.refreshToken,
          'client-secret': clientSecret || null,
          'personal-token': null,
        },
      });
    },

    cancelSignIn: async () => {
      // Answers once the listener is closed: the registered port is free again when this returns.
      await cancelSignIn?.(new Error('You cancelled the sign-in; start it again when you are ready.'));
      return ok(null);
    },

    signOut: ({ accountId }) => signOutAccount(deps, accountId),

    setDefaultAccount: async ({ accountId }) => {
      const known = accountId === LOCAL_ACCOUNT.id || deps.registry().accounts.some((a) => a.id === accountId);
      if (!known) return fail('not_found', 'That account is no longer connected.', 'accountId');
      return deps.use(accountId);
    },

    renameAccount: async ({ accountId, label }) => renameAccount(deps, accountId, label),
  };

  return {
    handlers,
    /** Stops listening for a browser sign-in that still waits (the app is quitting). */
    stop: async () => {
      await cancelSignIn?.(new Error('Stint is quitting.'));
    },
  };
}

interface KeptAccount {
  identity: Identity;
  fields: Omit<RemoteAccount, 'id' | 'label' | 'kind' | 'email'>;
  label: string | undefined;
  secrets: Partial<Record<SecretKey, string | null>>;
}

/** Saves the account with its new secrets (old ones of the other kind deleted) and opens it. */
async function keepAccount(deps: AccountDeps, { identity, fields, label, secrets }: KeptAccount) {
  const existing = findRemote(deps.registry(), fields.baseUrl, identity.email);
  const host = new URL(fields.baseUrl).host;
  // A name given with the token is read as a rename's is; none keeps the one it had, or makes one.
  const named = label?.trim() ? readAccountName(label, otherLabels(deps.registry(), existing?.id)) : null;
  if (named && !named.ok) return named;
  const account: RemoteAccount = {
    id: existing?.id ?? newAccountId(),
    label: named?.value || existing?.label || `${identity.name} at ${host}`,
    kind: 'remote',
    email: identity.email,
    ...fields,
  };
  // Secrets first: a listed account whose secret is missing would only be "signed out", while a
  // secret without an account would be an orphan in the keychain.
  try {
    for (const [key, value] of Object.entries(secrets) as [SecretKey, string | null][]) {
      if (value) await deps.secrets.set(account.id, key, value);
      else await deps.secrets.delete(account.id, key);
    }
    deps.save(withAccount(deps.registry(), account));
  } catch (error) {
    return fail('internal', (error as Error).message);
  }
  deps.signedIn(account.id);
  // Adding never changes the default by itself: the window asks "Use it now?" and an answer
  // calls setDefaultAccount. Only an account that already is the default (signed in again, or
  // its token replaced) is opened again with the new credential.
  const inUse = deps.openId() === account.id || deps.registry().defaultAccountId === account.id;
  if (inUse) {
    const used = await deps.use(account.id, { reopen: true });
    if (!used.ok) return used;
  }
  return ok({ accountId: account.id, label: account.label, inUse });
}

/** The names of every account but this one (the local one's included). */
const otherLabels = (registry: Registry, accountId: string | undefined): string[] =>
  [...accountLabels(registry)].filter(([id]) => id !== accountId).map(([, label]) => label);

/** Gives the account the name typed, once it is checked against the others' (accountName.ts). */
function renameAccount(deps: AccountDeps, accountId: string, typed: string): Result<{ label: string }> {
  const registry = deps.registry();
  if (!accountLabels(registry).has(accountId))
    return fail('not_found', 'That account is no longer connected.', 'accountId');
  const name = readAccountName(typed, otherLabels(registry, accountId));
  if (!name.ok) return name;
  try {
    deps.save(withLabel(registry, accountId, name.value));
  } catch (error) {
    return fail('internal', `The name could not be saved: ${(error as Error).message}`);
  }
  return ok({ label: name.value });
}

/** Signs the account out and takes it off the list; the account on this computer cannot be. */
async function signOutAccount(deps: AccountDeps, accountId: string): Promise<Result<SignOutOutcome>> {
  if (accountId === LOCAL_ACCOUNT.id) {
    return fail(
      'invalid_input',
      'The account on this computer needs no sign-in and cannot be removed; make another account the default to use that one instead.',
      'accountId',
    );
  }
  const account = deps.registry().accounts.find((a) => a.id === accountId);
  if (!account) return fail('not_found', 'That account is no longer connected.', 'accountId');
  // Away from it first: its core must not send with a token that is about to go.
  if (deps.openId() === accountId) {
    const away = await deps.use(LOCAL_ACCOUNT.id);
    if (!away.ok) return away;
  }
  // What it holds here first (keychain items, the receiver, its folder), the registry entry
  // last: should the keychain fail midway, the account is still listed and signing out again
  // finishes the job, where an entry removed first would leave its secrets with nothing to
  // find them by.
  let outcome: SignOutOutcome;
  try {
    outcome = await signOutRemote(account, deps.secrets, deps.dataDir, deps.connection);
  } catch (error) {
    return fail(
      'internal',
      `Signing out did not finish: ${(error as Error).message} The account stays in the list; sign out again to finish.`,
    );
  }
  try {
    deps.save(withoutAccount(deps.registry(), accountId));
  } catch (error) {
    return fail(
      'internal',
      `Its secrets are deleted, but the list of accounts could not be saved: ${(error as Error).message}`,
    );
  }
  deps.forget(accountId);
  return ok(outcome);
}
