// Who signed a Linux update: the downloaded file's bytes against the detached ed25519 signature
// published beside it (`<file>.sig`, raw 64 bytes or their base64), with the release key built
// into the app (releaseKey.ts). The feed's sha512 only says the file is the one the feed names;
// this says the release owner published it, so a feed host (or whoever took it over) cannot.

import { createPublicKey, verify } from 'node:crypto';

/** An ed25519 signature is 64 bytes; a .sig file holds them raw or as base64 text. */
export function signatureBytes(sig: Buffer): Buffer | null {
  if (sig.length === 64) return sig;
  const text = sig.toString('utf8').trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const decoded = Buffer.from(text, 'base64');
  return decoded.length === 64 ? decoded : null;
}

/** Whether `sig` is the release key's signature of exactly these bytes. */
export function signedByRelease(data: Buffer, sig: Buffer, publicKeyPem: string): boolean {
  const bytes = signatureBytes(sig);
  if (!bytes) return false;
  const key = createPublicKey(publicKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') return false;
  return verify(null, data, key, bytes);
}
