// Signing of deliveries (spec 000 "Events", GAPS.md): X-Service-Signature is the lowercase hex
// HMAC-SHA256 of the raw request body, keyed with the webhook's (receiver's) secret as it is when
// the request is sent, so a rerolled secret signs every later attempt.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function sign(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** What a receiver does: recompute and compare in constant time. */
export function verify(secret: string, body: Buffer | string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, body), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
