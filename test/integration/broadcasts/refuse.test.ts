// What anyone on this machine can POST to the receiver: a tampered, unsigned or replayed
// broadcast never triggers a re-read (issue 5), and is answered 4xx. The forged bodies are signed
// here with the receiver's real secret (read from the test's secret store), so each case differs
// from an accepted broadcast in exactly the one way it names.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT, until } from '../../support/offline';
import { broadcastBody, hmac, post, startWatched, type Watched } from './support';

let w: Watched;
let secret: string;
let receiverId: number;
beforeEach(async () => {
  w = await startWatched();
  secret = (await w.secrets.get(ACCOUNT.id, 'receiver-secret'))!;
  receiverId = w.broadcasts.receiverId!;
  expect(secret).toBeTruthy();
});
afterEach(() => w.close());

const reads = () => w.counted.count('GET /v2/timers');
const signed = (body: Buffer, key = secret) => ({ 'x-service-signature': hmac(key, body) });

/** Answers the status, having given core time to (wrongly) re-read. */
async function refused(body: Buffer, headers: Record<string, string>, url = w.url): Promise<number> {
  const before = { reads: reads(), heard: w.heard.length };
  const status = await post(url, body, headers);
  await new Promise((r) => setTimeout(r, 100));
  expect(w.heard.length, 'onBroadcast called').toBe(before.heard);
  expect(reads(), 'core re-read the timers').toBe(before.reads);
  return status;
}

describe('the receiver refuses', () => {
  it('a genuine broadcast is accepted once (204, one re-read); the same bytes again are a replay (409, nothing)', async () => {
    const body = broadcastBody(receiverId, Date.now());
    const before = reads();
    expect(await post(w.url, body, signed(body))).toBe(204);
    await until(() => reads() === before + 1, 'the re-read');
    expect(w.heard).toEqual(['timer.running']);
    expect(await refused(body, signed(body))).toBe(409);
    expect(await refused(body, signed(body))).toBe(409);
  });

  it('an older sent_at after a newer one was accepted (a replay of an earlier broadcast)', async () => {
    const earlier = broadcastBody(receiverId, Date.now() - 2000);
    const later = broadcastBody(receiverId, Date.now());
    expect(await post(w.url, later, signed(later))).toBe(204);
    expect(await refused(earlier, signed(earlier))).toBe(409);
  });

  it('an unsigned broadcast (401)', async () => {
    expect(await refused(broadcastBody(receiverId, Date.now()), {})).toBe(401);
  });

  it('a broadcast with one byte changed after signing (401)', async () => {
    const body = broadcastBody(receiverId, Date.now());
    const headers = signed(body);
    const tampered = Buffer.from(body.toString().replace('timer.running', 'timer.runninG'));
    expect(tampered.length).toBe(body.length);
    expect(await refused(tampered, headers)).toBe(401);
  });

  it('a broadcast signed with another secret, or with a signature of the wrong length (401)', async () => {
    const body = broadcastBody(receiverId, Date.now());
    expect(await refused(body, signed(body, 'not-the-secret'))).toBe(401);
    expect(await refused(body, { 'x-service-signature': hmac(secret, body).slice(0, 40) })).toBe(401);
  });

  it('a correctly signed broadcast naming another receiver id (403) or another subject (422)', async () => {
    const other = broadcastBody(receiverId + 1, Date.now());
    expect(await refused(other, signed(other))).toBe(403);
    const entry = broadcastBody(receiverId, Date.now(), 'entry');
    expect(await refused(entry, signed(entry))).toBe(422);
  });

  it('a correctly signed body that is not a broadcast (400), or is stale or from the future (409)', async () => {
    const junk = Buffer.from('{"hello":"world"}');
    expect(await refused(junk, signed(junk))).toBe(400);
    const stale = broadcastBody(receiverId, Date.now() - 10 * 60_000);
    expect(await refused(stale, signed(stale))).toBe(409);
    const ahead = broadcastBody(receiverId, Date.now() + 10 * 60_000);
    expect(await refused(ahead, signed(ahead))).toBe(409);
  });

  it('anything but a POST on its path from its own address, and bodies over 64 KiB', async () => {
    const body = broadcastBody(receiverId, Date.now());
    expect(await refused(body, signed(body), w.url.replace('/stint/broadcast', '/other'))).toBe(404);
    expect(await refused(body, { ...signed(body), host: `stint.example:${w.broadcasts.port}` })).toBe(421);
    const huge = Buffer.concat([body, Buffer.alloc(70 * 1024, 0x20)]);
    expect(await refused(huge, signed(huge))).toBe(413);
    expect(await refused(huge, { ...signed(huge), 'transfer-encoding': 'chunked' })).toBe(413); // no length declared: counted while read
    const get = await fetch(w.url);
    expect(get.status).toBe(405);
  });
});
