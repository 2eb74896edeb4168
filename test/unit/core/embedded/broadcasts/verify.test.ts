// verifyBroadcast (main/core/embedded/broadcasts/verify.ts): a broadcast counts only when its signature is
// the HMAC-SHA256 of the exact bytes with our secret, its body is the spec's for our receiver and
// the timer subject, and its sent_at is new and plausible. Anything else is a reason, never a throw.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_AGE_MS,
  MAX_AHEAD_MS,
  signatureMatches,
  verifyBroadcast,
  type Expected,
} from '../../../../../main/core/embedded/broadcasts/verify';

const SECRET = 'a1b2c3-receiver-secret';
const NOW = Date.parse('2025-03-10T09:00:00Z');
const RECEIVER = 7;

const bodyOf = (over: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({
      broadcast_receiver: { id: RECEIVER, name: 'Stint desktop' },
      sent_at: '2025-03-10T09:00:00Z',
      last_event: 'timer.running',
      subject: { type: 'timer', url: 'http://127.0.0.1:4000/v2/timers' },
      ...over,
    }),
  );
const sign = (body: Buffer | string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');
const expected = (over: Partial<Expected> = {}): Expected => ({
  secret: SECRET,
  receiverId: RECEIVER,
  newerThan: null,
  now: NOW,
  ...over,
});
const check = (body: Buffer, signature: string | string[] | undefined, over: Partial<Expected> = {}) =>
  verifyBroadcast(body, signature === undefined ? {} : { 'x-service-signature': signature }, expected(over));
const reason = (v: ReturnType<typeof verifyBroadcast>) => (v.ok ? 'accepted' : v.reason);

describe('verifyBroadcast', () => {
  it('accepts the spec body signed with our secret, answering its sent_at and last_event', () => {
    const body = bodyOf();
    expect(check(body, sign(body))).toEqual({ ok: true, sentAt: NOW, lastEvent: 'timer.running' });
  });

  it('accepts the signature in upper-case hex (the same 32 bytes)', () => {
    const body = bodyOf();
    expect(check(body, sign(body).toUpperCase()).ok).toBe(true);
  });

  it('refuses a broadcast without a signature, or with an empty one', () => {
    expect(reason(check(bodyOf(), undefined))).toBe('unsigned');
    expect(reason(check(bodyOf(), ''))).toBe('unsigned');
  });

  it('refuses a signature made with another secret, or over other bytes', () => {
    const body = bodyOf();
    expect(reason(check(body, sign(body, 'other-secret')))).toBe('bad-signature');
    expect(reason(check(body, sign(bodyOf({ last_event: 'timer.paused' }))))).toBe('bad-signature');
    // The same JSON with other whitespace is other bytes: the signature covers the raw body.
    const spaced = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    expect(reason(check(spaced, sign(body)))).toBe('bad-signature');
  });

  it('refuses any single byte changed, whatever the byte', () => {
    const body = bodyOf();
    const signature = sign(body);
    fc.assert(
      fc.property(fc.nat(body.length - 1), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const tampered = Buffer.from(body);
        tampered[at] = tampered[at]! ^ flip;
        expect(reason(check(tampered, signature))).toBe('bad-signature');
      }),
    );
  });

  it('refuses, without throwing, signatures of the wrong length, not hex, or sent twice', () => {
    const body = bodyOf();
    const good = sign(body);
    for (const bad of [
      good.slice(0, 63),
      `${good}0`,
      `${good.slice(0, 62)}zz`,
      ` ${good.slice(1)}`,
      `sha256=${good}`,
      good.slice(0, 32),
      'é'.repeat(32),
      '0'.repeat(64),
    ]) {
      expect(reason(check(body, bad)), bad).toBe('bad-signature');
    }
    expect(reason(check(body, [good, good]))).toBe('bad-signature');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (junk) => {
        expect(check(body, junk === '' ? ' ' : junk).ok).toBe(false);
      }),
    );
  });

  it('signatureMatches compares in constant time only buffers of equal length (no throw on any input)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.string({ maxLength: 80 }),
        (bytes, given) => typeof signatureMatches(Buffer.from(bytes), given, SECRET) === 'boolean',
      ),
    );
  });

  it('refuses a signed body that is not JSON or not the spec shape', () => {
    const base = JSON.parse(bodyOf().toString());
    const shapes: unknown[] = [
      'null',
      '[]',
      '"text"',
      '{',
      '',
      { ...base, broadcast_receiver: undefined },
      { ...base, broadcast_receiver: { id: '7', name: 'x' } },
      { ...base, broadcast_receiver: { id: 7.5, name: 'x' } },
      { ...base, broadcast_receiver: { id: RECEIVER } },
      { ...base, broadcast_receiver: [RECEIVER] },
      { ...base, subject: 'timer' },
      { ...base, subject: { type: 'timer' } },
      { ...base, last_event: 3 },
      { ...base, last_event: undefined },
      { ...base, sent_at: undefined },
      { ...base, sent_at: NOW },
      { ...base, sent_at: '2025-03-10' },
      { ...base, sent_at: '2025-03-10 09:00:00' },
      { ...base, sent_at: '2025-03-10T25:00:00Z' },
      { ...base, sent_at: 'yesterday' },
    ];
    for (const shape of shapes) {
      const body = Buffer.from(typeof shape === 'string' ? shape : JSON.stringify(shape));
      expect(reason(check(body, sign(body))), body.toString()).toBe('malformed');
    }
    const notUtf8 = Buffer.from([0xff, 0xfe, 0x7b, 0x7d]);
    expect(reason(check(notUtf8, sign(notUtf8)))).toBe('malformed');
  });

  it('refuses a signed broadcast for another receiver id', () => {
    const body = bodyOf({ broadcast_receiver: { id: RECEIVER + 1, name: 'Stint desktop' } });
    expect(reason(check(body, sign(body)))).toBe('other-receiver');
  });

  it('refuses a signed broadcast of a subject other than timer', () => {
    const body = bodyOf({ subject: { type: 'entry', url: 'http://127.0.0.1:4000/v2/entries' } });
    expect(reason(check(body, sign(body)))).toBe('other-subject');
  });

  it('refuses a replay: a sent_at equal to or older than the last accepted one', () => {
    const body = bodyOf();
    expect(reason(check(body, sign(body), { newerThan: NOW }))).toBe('replayed');
    expect(reason(check(body, sign(body), { newerThan: NOW + 1000, now: NOW + 2000 }))).toBe('replayed');
    expect(check(body, sign(body), { newerThan: NOW - 1000 }).ok).toBe(true);
  });

  it(`refuses a sent_at older than ${MAX_AGE_MS / 60_000} min or more than ${MAX_AHEAD_MS / 1000} s ahead of now`, () => {
    const body = bodyOf();
    expect(check(body, sign(body), { now: NOW + MAX_AGE_MS }).ok).toBe(true);
    expect(reason(check(body, sign(body), { now: NOW + MAX_AGE_MS + 1 }))).toBe('stale');
    expect(check(body, sign(body), { now: NOW - MAX_AHEAD_MS }).ok).toBe(true);
    expect(reason(check(body, sign(body), { now: NOW - MAX_AHEAD_MS - 1 }))).toBe('ahead');
  });

  it('reads sent_at with an offset or fractions as the same instant', () => {
    const body = bodyOf({ sent_at: '2025-03-10T10:00:00.250+01:00' });
    expect(check(body, sign(body))).toMatchObject({ ok: true, sentAt: NOW + 250 });
  });

  it('checks the signature before looking at the body: an unsigned or mis-signed body of any shape is refused as such', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 500 }), (bytes) => {
        const body = Buffer.from(bytes);
        expect(reason(check(body, undefined))).toBe('unsigned');
        expect(reason(check(body, sign(body, 'wrong')))).toBe('bad-signature');
      }),
    );
  });

  it('never throws and accepts nothing unsigned, whatever JSON arrives signed with another key', () => {
    fc.assert(
      fc.property(fc.json(), (json) => {
        const body = Buffer.from(json);
        expect(check(body, sign(body, 'attacker')).ok).toBe(false);
        expect(() => check(body, sign(body))).not.toThrow();
      }),
    );
  });
});
