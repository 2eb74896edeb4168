// The accounts the user connected, kept in <dataDir>/accounts.json: what each one is (a remote
// service's address, how the app signs in there, the OAuth application's public parts) and which
// one is the default. Never a secret: tokens, refresh tokens and the OAuth client secret are in
// the keychain under the account's id (platform/keychain.ts).
//
// The embedded local account is not listed: it always exists (embedded/embeddedAccount.ts) and cannot be removed.

import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { makePrivateDir } from '../../../platform/privateFiles';
import { LOCAL_ACCOUNT } from '../embedded/embeddedAccount';

export const REGISTRY_FILE = 'accounts.json';

const httpUrl = z.string().max(2048).refine(isHttpUrl, 'must be an http(s) address');

const remoteAccount = z.object({
  id: z.string().regex(/^r-[a-f0-9]{12}$/),
  label: z.string().min(1).max(200),
  kind: z.literal('remote'),
  baseUrl: httpUrl,
  /** Whose account it is at that address: a second sign-in as the same user updates this one. */
  email: z.string().max(320).nullable(),
  auth: z.enum(['oauth', 'personal']),
  /** The OAuth application (public parts only; its secret is in the keychain). */
  oauth: z.object({ clientId: z.string().min(1).max(500), authUrl: httpUrl }).optional(),
});

const registryFile = z.object({
  version: z.literal(1),
  defaultAccountId: z.string().max(100),
  accounts: z.array(remoteAccount).max(100),
  /** The name the user gave the account on this computer (accountName.ts); absent: "This computer". */
  localLabel: z.string().min(1).max(200).optional(),
});

export type RemoteAccount = z.infer<typeof remoteAccount>;
export type Registry = z.infer<typeof registryFile>;

export const emptyRegistry = (): Registry => ({ version: 1, defaultAccountId: LOCAL_ACCOUNT.id, accounts: [] });

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/** The registry on disk; an absent file is the first start (only the local account). */
export function readRegistry(dataDir: string): Registry {
  let text: string;
  try {
    text = readFileSync(join(dataDir, REGISTRY_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyRegistry();
    throw error;
  }
  const parsed = registryFile.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(
      `${join(dataDir, REGISTRY_FILE)} is not a list of Stint accounts: ${parsed.error.issues[0]?.message ?? 'unreadable'}`,
    );
  const registry = parsed.data;
  // A default that no longer exists (the file edited by hand) falls back to the local account.
  const known = registry.accounts.some((a) => a.id === registry.defaultAccountId);
  return known ? registry : { ...registry, defaultAccountId: LOCAL_ACCOUNT.id };
}

/** Writes the whole file through a temporary one, so a crash leaves the old or the new list, never half. */
export function writeRegistry(dataDir: string, registry: Registry): void {
  makePrivateDir(dataDir);
  const path = join(dataDir, REGISTRY_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(registryFile.parse(registry), null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

export const newAccountId = (): string => `r-${randomBytes(6).toString('hex')}`;

/** The base URL as compared and stored: no trailing slash, no query or fragment. */
export function normalBaseUrl(text: string): string {
  const url = new URL(text.trim());
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}

/** The account already registered for this user at this address, if any (signing in again updates it). */
export const findRemote = (registry: Registry, baseUrl: string, email: string | null): RemoteAccount | undefined =>
  registry.accounts.find((a) => a.baseUrl === baseUrl && a.email !== null && a.email === email);

/** The registry with `account` added or replaced (by id). */
export function withAccount(registry: Registry, account: RemoteAccount): Registry {
  const others = registry.accounts.filter((a) => a.id !== account.id);
  return { ...registry, accounts: [...others, account] };
}

/** The registry with the account (the local one included) under the name given; an unknown id changes nothing. */
export function withLabel(registry: Registry, id: string, label: string): Registry {
  if (id === LOCAL_ACCOUNT.id) return { ...registry, localLabel: label };
  return { ...registry, accounts: registry.accounts.map((a) => (a.id === id ? { ...a, label } : a)) };
}

/** The name each account goes by, the local one's included, by id. */
export function accountLabels(registry: Registry): Map<string, string> {
  return new Map([
    [LOCAL_ACCOUNT.id, registry.localLabel ?? LOCAL_ACCOUNT.label],
    ...registry.accounts.map((a): [string, string] => [a.id, a.label]),
  ]);
}

/** The registry without the account; its default goes back to the local account when it was this one. */
export function withoutAccount(registry: Registry, id: string): Registry {
  return {
    ...registry,
    accounts: registry.accounts.filter((a) => a.id !== id),
    defaultAccountId: registry.defaultAccountId === id ? LOCAL_ACCOUNT.id : registry.defaultAccountId,
  };
}
