// Sealing webhook and receiver secrets at rest (service/storage/secretBox.ts): AES-256-GCM with a
// random IV per value in the enc1 text form; only the key that sealed a value opens it, changed
// bytes are refused by the tag, and plain values (written before there was a key) pass through.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealed, secretBox, UnreadableSecretError } from '../../../service/storage/secretBox';

const SECRET = randomBytes(32).toString('hex');

/** The stored text with one byte of a base64url part changed. */
function flipByte(stored: string, part: 0 | 1 | 2): string {
  const [iv, tag, ciphertext] = stored.slice('enc1:'.length).split('.') as [string, string, string];
  const parts = [iv, tag, ciphertext].map((p) => Buffer.from(p, 'base64url'));
  parts[part]![0]! ^= 0x01;
  return `enc1:${parts.map((p) => p.toString('base64url')).join('.')}`;
}

describe('secret box (service/storage/secretBox.ts)', () => {
  const box = secretBox(randomBytes(32));

  it('seals into the enc1 form, without the secret in any form, and opens it again', () => {
    const stored = box.seal(SECRET);
    expect(stored).toMatch(/^enc1:[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(isSealed(stored)).toBe(true);
    for (const form of [
      SECRET,
      Buffer.from(SECRET, 'hex').toString('base64url'),
      Buffer.from(SECRET).toString('base64url'),
    ])
      expect(stored).not.toContain(form);
    expect(box.open(stored)).toBe(SECRET);
    expect(box.sealing).toBe(true);
  });

  it('uses a new IV every time: the same secret is never stored the same way twice', () => {
    const sealed = new Set(Array.from({ length: 20 }, () => box.seal(SECRET)));
    expect(sealed.size).toBe(20);
    for (const stored of sealed) expect(box.open(stored)).toBe(SECRET);
  });

  it('refuses a value whose ciphertext, tag or IV was changed (the GCM tag)', () => {
    const stored = box.seal(SECRET);
    for (const part of [0, 1, 2] as const)
      expect(() => box.open(flipByte(stored, part))).toThrow(UnreadableSecretError);
    expect(() => box.open(stored.slice(0, -2))).toThrow(UnreadableSecretError);
  });

  it('refuses a value sealed with another key', () => {
    const other = secretBox(randomBytes(32));
    expect(() => other.open(box.seal(SECRET))).toThrow(/sealed with another key/);
  });

  it('refuses malformed enc1 text: parts missing, a short tag', () => {
    const [iv, tag, ciphertext] = box.seal(SECRET).slice('enc1:'.length).split('.');
    for (const bad of [
      'enc1:',
      `enc1:${iv}.${tag}`,
      `enc1:${iv}.${tag}.${ciphertext}.x`,
      `enc1:${iv}.${tag!.slice(0, 10)}.${ciphertext}`,
    ]) {
      expect(() => box.open(bad), bad).toThrow(UnreadableSecretError);
    }
  });

  it('passes plain values (stored before there was a key) through', () => {
    expect(isSealed(SECRET)).toBe(false);
    expect(box.open(SECRET)).toBe(SECRET);
  });

  it('without a key stores secrets as they are, and cannot open sealed ones', () => {
    const plain = secretBox();
    expect(plain.sealing).toBe(false);
    expect(plain.seal(SECRET)).toBe(SECRET);
    expect(plain.open(SECRET)).toBe(SECRET);
    expect(() => plain.open(box.seal(SECRET))).toThrow(/no secrets key/);
  });

  it('takes only a 32-byte key', () => {
    expect(() => secretBox(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => secretBox(new Uint8Array(0))).toThrow(/32 bytes/);
  });

  it('never puts the stored value in its errors', () => {
    const stored = flipByte(box.seal(SECRET), 2);
    const error = (() => {
      try {
        return box.open(stored);
      } catch (e) {
        return e as Error;
      }
    })() as Error;
    expect(error).toBeInstanceOf(UnreadableSecretError);
    expect(error.message).not.toContain(stored.slice(5, 21));
    expect(error.message).not.toContain(SECRET);
  });
});
