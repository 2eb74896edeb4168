// The accounts as the settings window (and the sign-in notifications) see them: a pure function of
// the registry, which account is open, and what is known about each one's credential.

import type { AccountState, AccountView } from '../../../common/snapshot';
import { LOCAL_ACCOUNT } from '../embedded/embeddedAccount';
import type { Registry } from './registry';

export interface AccountStatus {
  state: AccountState;
  /** Why the state is not 'ok', in words. */
  problem: string | null;
}

export interface ViewInput {
  registry: Registry;
  /** The account whose core runs now. */
  openId: string;
  /** No keychain answered: secrets are held in memory until the app quits. */
  sessionOnly: boolean;
  /** Why no keychain is used, when none is (the keychain's own words). */
  keychainProblem: string | null;
  /** Known states of remote accounts; an absent one is 'ok'. */
  statuses: ReadonlyMap<string, AccountStatus>;
}

export const SESSION_ONLY_NOTE =
  'No keychain answered, so this token is kept in memory until Stint quits; you will paste it again next time.';
/** The local account needs no pasting: its token is made anew at each start; its data stays. */
export const LOCAL_SESSION_ONLY_NOTE =
  'No keychain answered, so this account’s token is made anew each time Stint starts and kept in memory only; your timers and entries are kept as usual.';

export function accountViews(input: ViewInput): AccountView[] {
  const { registry, openId, sessionOnly } = input;
  const local: AccountView = {
    ...LOCAL_ACCOUNT,
    label: registry.localLabel ?? LOCAL_ACCOUNT.label,
    baseUrl: null,
    auth: 'embedded',
    isDefault: registry.defaultAccountId === LOCAL_ACCOUNT.id,
    isOpen: openId === LOCAL_ACCOUNT.id,
    state: 'ok',
    sessionOnly,
    // The local account always opens, so it is where the missing keychain is explained.
    problem: sessionOnly ? [input.keychainProblem, LOCAL_SESSION_ONLY_NOTE].filter(Boolean).join(' ') : null,
  };
  const remotes = registry.accounts.map((account): AccountView => {
    const status = input.statuses.get(account.id) ?? { state: 'ok', problem: null };
    return {
      id: account.id,
      label: account.label,
      kind: 'remote',
      baseUrl: account.baseUrl,
      auth: account.auth,
      isDefault: registry.defaultAccountId === account.id,
      isOpen: openId === account.id,
      state: status.state,
      sessionOnly,
      problem: status.problem ?? (sessionOnly && status.state === 'ok' ? SESSION_ONLY_NOTE : null),
    };
  });
  return [local, ...remotes];
}

/** The status of a remote account that has no credential on this computer. */
export function missingCredential(sessionOnly: boolean, keychainProblem: string | null): AccountStatus {
  return sessionOnly
    ? {
        state: 'keychain-unavailable',
        problem: `${keychainProblem ?? 'No keychain answered.'} Paste a personal token to use this account for this session.`,
      }
    : { state: 'signed-out', problem: 'Signed out: sign in again or paste a personal token to use this account.' };
}

export const UNAUTHORIZED: AccountStatus = {
  state: 'unauthorized',
  problem: 'The service refused this account’s token (revoked or expired): sign in again or paste a new token.',
};
