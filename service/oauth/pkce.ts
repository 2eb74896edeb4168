// Proof Key for Code Exchange (RFC 7636), S256 only. A code issued with a challenge is exchanged
// only by whoever holds the verifier behind it, so a code caught on its way back (another app on
// the loopback port, a browser history, a log) is worthless alone (RFC 8252 §8.1, RFC 9700 §2.1.1).
// `plain` is refused: it sends the verifier itself through the browser, which defeats the point,
// and OAuth 2.1 drops it. Codes without a challenge keep working for the confidential clients of
// spec 000, whose secret binds the code already.
import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1 and §4.2: 43 to 128 characters of the unreserved set, for verifier and challenge alike. */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

export type ChallengeCheck = { ok: true; challenge: string | null } | { ok: false; description: string };

/**
 * Step 1's code_challenge and code_challenge_method (each present once or absent). A method
 * without a challenge, a challenge without a method (RFC 7636 would read it as plain), plain or
 * any other method, and a challenge of the wrong form are invalid_request (RFC 7636 §4.4.1).
 */
export function readChallenge(challenge: string | undefined, method: string | undefined): ChallengeCheck {
  if (challenge === undefined && method === undefined) return { ok: true, challenge: null };
  if (challenge === undefined)
    return { ok: false, description: 'code_challenge_method was sent without code_challenge' };
  if (method !== 'S256')
    return {
      ok: false,
      description:
        method === undefined || method === 'plain'
          ? 'code_challenge_method plain is not supported; use S256'
          : 'code_challenge_method must be S256',
    };
  if (!PKCE_VALUE.test(challenge))
    return { ok: false, description: 'code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~' };
  return { ok: true, challenge };
}

/** BASE64URL(SHA256(verifier)), the S256 challenge of a verifier (RFC 7636 §4.2). */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/**
 * Whether step 3's code_verifier fits the code's challenge. A code issued with a challenge needs
 * the verifier; one issued without takes none: a verifier sent for it means the client believes
 * it asked for PKCE and did not, perhaps because someone swapped the code (RFC 9700 §4.8.2), so it
 * is refused too. The comparison takes the same time wherever the values differ.
 */
export function verifierFits(challenge: string | null, verifier: string | undefined): boolean {
  if (challenge === null) return verifier === undefined;
  if (verifier === undefined || !PKCE_VALUE.test(verifier)) return false;
  const expected = Buffer.from(challenge, 'ascii');
  const actual = Buffer.from(s256(verifier), 'ascii');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
