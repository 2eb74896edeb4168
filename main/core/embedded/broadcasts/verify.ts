// Decides whether one broadcast POST is genuine and new (spec 000 "Broadcasts", GAPS.md "Webhooks
// and broadcasts"). Pure: the bytes, the headers and what we expect in, a verdict out; nothing
// here throws on hostile input.
//
// The signature is checked first, over the raw bytes, before anything of the body is parsed: an
// unauthenticated body is never interpreted. A signed body must then be the spec's shape, name
// our receiver and the timer subject, and carry a sent_at that is new:
// - strictly newer than the last one accepted (a replay repeats an old sent_at: the service stamps
//   every send, and sends to one receiver at most once per interval of >= 1 s, so two genuine
//   broadcasts never share a second (sent_at's resolution));
// - not older than MAX_AGE_MS: the service never retries a broadcast and delivers it within its
//   10 s request deadline, so an old one is a replay (for instance one captured before a restart,
//   when the last accepted sent_at is gone) and no longer news anyway;
// - not later than MAX_AHEAD_MS: a sent_at far ahead would, once accepted, make every genuine
//   broadcast until then look like a replay. The embedded service shares this machine's clock;
//   the margin covers a clock stepped (NTP) between signing and checking.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const MAX_AGE_MS = 5 * 60_000;
export const MAX_AHEAD_MS = 60_000;

/** The only subject Stint subscribes to. */
export const SUBJECT = 'timer';

export type Rejection =
  | 'unsigned' // no X-Service-Signature
  | 'bad-signature' // not 64 hex digits, or not the HMAC of these bytes with our secret
  | 'malformed' // signed, but not JSON or not the spec's body
  | 'other-receiver' // broadcast_receiver.id is not ours
  | 'other-subject' // not the timer subject
  | 'replayed' // sent_at not newer than the last accepted one
  | 'stale' // sent_at older than MAX_AGE_MS
  | 'ahead'; // sent_at more than MAX_AHEAD_MS in the future

export type Verdict = { ok: true; sentAt: number; lastEvent: string } | { ok: false; reason: Rejection };

export interface Expected {
  secret: string;
  receiverId: number;
  /** sent_at (ms) must be later than this: the last accepted one, or null for none. */
  newerThan: number | null;
  /** Now (ms) on the clock that stamps sent_at. */
  now: number;
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
// The wire's timestamp (YYYY-MM-DDTHH:MM:SSZ); fractions and offsets are accepted as ISO 8601 allows.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

export function verifyBroadcast(body: Buffer, headers: IncomingHttpHeaders, expected: Expected): Verdict {
  const given = headers['x-service-signature'];
  if (given === undefined || given === '') return reject('unsigned');
  if (!signatureMatches(body, given, expected.secret)) return reject('bad-signature');

  const parsed = parseBody(body);
  if (!parsed) return reject('malformed');
  if (parsed.receiverId !== expected.receiverId) return reject('other-receiver');
  if (parsed.subject !== SUBJECT) return reject('other-subject');
  if (expected.newerThan !== null && parsed.sentAt <= expected.newerThan) return reject('replayed');
  if (parsed.sentAt < expected.now - MAX_AGE_MS) return reject('stale');
  if (parsed.sentAt > expected.now + MAX_AHEAD_MS) return reject('ahead');
  return { ok: true, sentAt: parsed.sentAt, lastEvent: parsed.lastEvent };
}

/**
 * Constant-time comparison of the given hex signature with the HMAC-SHA256 of the body. Compared
 * as 32 decoded bytes, so upper-case hex (spec 000 says only "hexadecimal") is the same MAC; a
 * value of the wrong length or not hex (or a header sent twice) fails before any comparison.
 */
export function signatureMatches(body: Buffer, given: string | string[], secret: string): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

interface Parsed {
  receiverId: number;
  subject: string;
  sentAt: number;
  lastEvent: string;
}

/** The spec's body: {broadcast_receiver: {id, name}, sent_at, last_event, subject: {type, url}}. */
function parseBody(body: Buffer): Parsed | null {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  const { broadcast_receiver: receiver, sent_at: sentAt, last_event: lastEvent, subject } = value;
  if (!isObject(receiver) || !Number.isSafeInteger(receiver.id) || typeof receiver.name !== 'string') return null;
  if (!isObject(subject) || typeof subject.type !== 'string' || typeof subject.url !== 'string') return null;
  if (typeof lastEvent !== 'string' || typeof sentAt !== 'string' || !TIMESTAMP.test(sentAt)) return null;
  const ms = Date.parse(sentAt);
  if (Number.isNaN(ms)) return null;
  return { receiverId: receiver.id as number, subject: subject.type, sentAt: ms, lastEvent };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const reject = (reason: Rejection): Verdict => ({ ok: false, reason });
