// Webhook and broadcast receiver signing secrets, sealed at rest. They cannot be hashed as tokens
// are (signing a delivery needs the secret itself), so with a key (ServiceOptions.secretsKey: the
// embedded service's, kept in the OS keychain) each is stored as AES-256-GCM ciphertext and
// opened only where it is used. The stored text says what it is:
//
//   enc1:<iv>.<tag>.<ciphertext>   (base64url each; a random 12-byte IV per value, 16-byte tag)
//
// Anything without the prefix is a plain value: rows written before there was a key, or by a
// service run without one (`npm run service`, a server whose disk is its own), which stores the
// secret as it is. Errors say why a value cannot be opened, never what it holds.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'enc1:';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;

/** A stored secret this service cannot open: sealed under another key, without a key, tampered with, or malformed. */
export class UnreadableSecretError extends Error {
  constructor(reason: string) {
    super(`the stored secret cannot be read: ${reason}`);
    this.name = 'UnreadableSecretError';
  }
}

export interface SecretBox {
  /** True when seal() encrypts (a key was given). */
  readonly sealing: boolean;
  /** What the database stores for `plain`: ciphertext with a key, `plain` itself without. */
  seal(plain: string): string;
  /** The secret a stored value holds; a plain value passes through. Throws UnreadableSecretError. */
  open(stored: string): string;
}

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** The box of a service: sealing with `key` (32 bytes), or storing plain values without one. */
export function secretBox(key?: Uint8Array): SecretBox {
  if (key === undefined) {
    return {
      sealing: false,
      seal: (plain) => plain,
      open(stored) {
        if (isSealed(stored)) throw new UnreadableSecretError('it is encrypted and this service has no secrets key');
        return stored;
      },
    };
  }
  if (key.length !== SECRETS_KEY_BYTES)
    throw new Error(`the secrets key must be ${SECRETS_KEY_BYTES} bytes, not ${key.length}`);
  // A copy: the caller's buffer may be reused or wiped.
  const k = Buffer.from(key);
  return {
    sealing: true,
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, k, iv, { authTagLength: TAG_BYTES });
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${ciphertext.toString('base64url')}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const parts = stored.slice(PREFIX.length).split('.');
      if (parts.length !== 3) throw new UnreadableSecretError('it is not of the enc1 form');
      const [iv, tag, ciphertext] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
        throw new UnreadableSecretError('it is not of the enc1 form');
      try {
        const decipher = createDecipheriv(ALGORITHM, k, iv, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        // GCM's tag check: another key sealed it, or its bytes were changed.
        throw new UnreadableSecretError('it was sealed with another key, or changed');
      }
    },
  };
}
