// Proof Key for Code Exchange (RFC 7636, S256), which RFC 8252 §6 asks of native apps: a code
// caught on its way back to the app (another program listening on the loopback port, the
// browser's history) cannot be exchanged without the verifier, which never leaves this process:
// only its hash goes through the browser. One pair per sign-in, never stored or logged.
import { createHash, randomBytes } from 'node:crypto';

export interface Pkce {
  /** 32 random bytes, base64url (43 characters): sent only to the token endpoint. */
  verifier: string;
  /** BASE64URL(SHA256(verifier)): sent in the authorize URL with code_challenge_method=S256. */
  challenge: string;
}

export const s256Challenge = (verifier: string): string =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');

export function newPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256Challenge(verifier) };
}
