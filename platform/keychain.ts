// Secrets (tokens, refresh tokens, receiver secrets) live only in the OS keychain: macOS Keychain,
// Windows Credential Manager, or the Secret Service on Linux, through @napi-rs/keyring.
// Where no keychain can be reached we say so; we never fall back to a file.

import { AsyncEntry } from '@napi-rs/keyring';

/**
 * client-secret: the OAuth application's secret, which every refresh must present (spec 000 step 5).
 * service-key: the local account's only, the key its embedded service seals webhook and receiver
 * secrets with in its database (32 bytes, base64url).
 * calendar-address: a calendar's address (main/core/calendars/), under the account `calendar-<id>`:
 * Google's secret iCal address lets whoever has it read the whole calendar.
 */
export type SecretKey =
  | 'personal-token'
  | 'access-token'
  | 'refresh-token'
  | 'receiver-secret'
  | 'client-secret'
  | 'service-key'
  | 'calendar-address';

export interface SecretStore {
  /** Where secrets are kept, in words, for the settings window and error messages. */
  readonly description: string;
  get(account: string, key: SecretKey): Promise<string | null>;
  set(account: string, key: SecretKey, value: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string, key: SecretKey): Promise<boolean>;
}

export class KeychainUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      'The system keychain cannot be reached, so Stint cannot store your token safely. ' +
        'On Linux, start a Secret Service (GNOME Keyring or KWallet) in your session.',
      { cause },
    );
    this.name = 'KeychainUnavailableError';
  }
}

/** The keychain's service name; one item per account and kind of secret. */
export const KEYCHAIN_SERVICE = 'Stint';

export function createKeychain(service = KEYCHAIN_SERVICE): SecretStore {
  // On Linux the binding would otherwise fall back, silently, to the kernel's keyutils keyring
  // where no Secret Service answers: kernel memory, gone at the next reboot, so a token "kept"
  // there is lost without a word. Only the Secret Service counts as a keychain; without it the
  // constructor throws, and the guard below says the keychain cannot be reached.
  const entry = (account: string, key: SecretKey) =>
    new AsyncEntry(service, `${account}/${key}`, { linux: { store: 'secret-service' } });
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new KeychainUnavailableError(error);
    }
  };
  return {
    description:
      process.platform === 'darwin'
        ? 'macOS Keychain'
        : process.platform === 'win32'
          ? 'Windows Credential Manager'
          : 'Secret Service',
    get: (account, key) => guard(() => entry(account, key).getPassword()),
    set: (account, key, value) => guard(() => entry(account, key).setPassword(value)),
    delete: (account, key) => guard(() => entry(account, key).deletePassword()),
  };
}

/** What the web host says, once, where it keeps secrets in memory (no keychain, or --session-secrets). */
export function sessionSecretsNotice(asked: boolean): string {
  return `${asked ? 'As asked (--session-secrets)' : 'No keychain answered'}, so Stint keeps its token in memory and makes a new one at each start; nothing secret is written to disk.`;
}

/**
 * Secrets held in memory for this session only: the explicit mode offered where no keychain
 * exists. Nothing survives a restart; the user pastes the token again.
 */
export function createSessionSecrets(): SecretStore {
  const values = new Map<string, string>();
  const id = (account: string, key: SecretKey) => `${account}/${key}`;
  return {
    description: 'memory (this session only)',
    get: async (account, key) => values.get(id(account, key)) ?? null,
    set: async (account, key, value) => void values.set(id(account, key), value),
    delete: async (account, key) => values.delete(id(account, key)),
  };
}
