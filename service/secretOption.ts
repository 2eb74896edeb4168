// A secret the service command takes (the owner's personal token, the owner's password): from a
// file (--token-file), from an environment variable, or from the plain flag (--token). The flag
// is readable by every local user in the process list (/proc/<pid>/cmdline, `ps`), so it earns a
// warning; a process's environment (/proc/<pid>/environ) is readable only by its own user and
// root, and the file must be too: one that group or others may read is refused.

import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';

export interface SecretSource {
  /** The plain flag, as in --token. */
  flag: string;
  /** The flag that names a file holding the secret, as in --token-file. */
  fileFlag: string;
  /** The environment variable that holds it. */
  env: string;
  /** The environment variable that names a file holding it (a container's secret file). */
  fileEnv: string;
}

export const TOKEN_SOURCE: SecretSource = {
  flag: 'token',
  fileFlag: 'token-file',
  env: 'STINT_SERVICE_TOKEN',
  fileEnv: 'STINT_SERVICE_TOKEN_FILE',
};
export const OWNER_PASSWORD_SOURCE: SecretSource = {
  flag: 'owner-password',
  fileFlag: 'owner-password-file',
  env: 'STINT_OWNER_PASSWORD',
  fileEnv: 'STINT_OWNER_PASSWORD_FILE',
};

/** The key that seals webhook and broadcast receiver secrets at rest (storage/secretBox.ts); every instance of a team needs the same. */
export const SECRETS_KEY_SOURCE: SecretSource = {
  flag: 'secrets-key',
  fileFlag: 'secrets-key-file',
  env: 'STINT_SECRETS_KEY',
  fileEnv: 'STINT_SECRETS_KEY_FILE',
};

export class SecretOptionError extends Error {}

/** A secrets key as written: 64 hex digits, or the base64 (or base64url) of 32 bytes. */
export function parseSecretsKey(text: string, from: string): Uint8Array {
  const value = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : undefined;
  if (bytes?.length !== 32)
    throw new SecretOptionError(
      `${from} must hold a 32-byte key: 64 hex digits or 44 characters of base64 (make one with: openssl rand -hex 32)`,
    );
  return new Uint8Array(bytes);
}

export interface SecretOption {
  value: string | undefined;
  /** Where it came from, as the user gave it: '--token', '--token-file', 'STINT_SERVICE_TOKEN'. */
  from: string | undefined;
  /** Said on stderr when the plain flag was used. */
  warning?: string;
}

/**
 * The secret from the flags' values and the environment: the flag or the file when given (not
 * both), else the file the environment names (fileEnv), else the environment variable, else none.
 * The variable is taken out of the process's environment once read, so nothing this process
 * starts inherits it.
 */
export function readSecretOption(
  source: SecretSource,
  values: Record<string, unknown>,
  env: NodeJS.ProcessEnv = process.env,
): SecretOption {
  const plain = values[source.flag];
  const file = values[source.fileFlag];
  if (typeof plain === 'string' && typeof file === 'string')
    throw new SecretOptionError(`give --${source.flag} or --${source.fileFlag}, not both`);
  const fromEnv = env[source.env];
  const fileFromEnv = env[source.fileEnv];
  delete env[source.env];
  if (fileFromEnv && fromEnv) throw new SecretOptionError(`give ${source.env} or ${source.fileEnv}, not both`);
  if (typeof plain === 'string') {
    return {
      value: plain,
      from: `--${source.flag}`,
      warning:
        `warning: --${source.flag} can be read by every user of this machine in the process list; ` +
        `use --${source.fileFlag} <file> (chmod 600) or ${source.env} instead`,
    };
  }
  if (typeof file === 'string')
    return { value: readPrivateFile(file, `--${source.fileFlag}`), from: `--${source.fileFlag}` };
  if (fileFromEnv) return { value: readPrivateFile(fileFromEnv, source.fileEnv), from: source.fileEnv };
  if (fromEnv !== undefined && fromEnv !== '') return { value: fromEnv, from: source.env };
  return { value: undefined, from: undefined };
}

/** The file's text without its final line break; refused unless only its owner may read it. */
function readPrivateFile(path: string, flag: string): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new SecretOptionError(`${flag} ${path} cannot be read: ${(error as Error).message}`);
  }
  try {
    // The mode of the file actually opened, not of whatever the path names a moment later.
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new SecretOptionError(`${flag} ${path} is not a file`);
    const mode = stat.mode & 0o777;
    // Windows keeps no POSIX modes (Node reports 0o666 for every writable file): its ACLs decide.
    if (process.platform !== 'win32' && (mode & 0o077) !== 0)
      throw new SecretOptionError(
        `${flag} ${path} can be read by other users (mode ${mode.toString(8).padStart(4, '0')}); run: chmod 600 ${path}`,
      );
    const text = readFileSync(fd, 'utf8').replace(/\r?\n$/, '');
    if (text === '') throw new SecretOptionError(`${flag} ${path} is empty`);
    return text;
  } finally {
    closeSync(fd);
  }
}
