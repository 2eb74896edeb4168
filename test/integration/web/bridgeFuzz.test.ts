// Fuzzing the web host's bridge, as the service's bad-input tests fuzz its endpoints: whatever an
// authenticated socket sends (frames that are not JSON, JSON of every shape, unknown channels,
// prototype keys, huge numbers, deep nesting, binary frames, frames over the size limit, floods),
// the host never crashes, answers every refused frame with the contract's fail result (a code and
// a message) or closes the socket with a close code, runs no handler for a refused call and
// changes nothing in the app's data; a valid call on a new socket is answered afterwards.
//
// The host runs in this process in front of the real core and the embedded service; the handlers
// it is given count their calls, and the data is read from core's snapshot and the service's
// database file. Sockets offer the secret in their handshake (web/host.ts), as the app's page does.

import fc from 'fast-check';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { channels, requests, type Channel, type Handlers } from '../../../common/contract';
import { isChannel } from '../../../common/dispatch';
import { openEmbeddedAccount, type EmbeddedAccount } from '../../../main/core/embedded/embeddedAccount';
import { createSessionSecrets } from '../../../platform/keychain';
import { CLOSE_FLOOD, FLOOD_LIMITS, MAX_PAYLOAD } from '../../../web/bridgeServer';
import { bridgeProtocols } from '../../../common/webHostSecret';
import { startWebHost, type WebHost } from '../../../web/host';
import { soleCoreApp, withAccountsRefused } from '../../support/soleCore';
import { openDatabaseFile } from '../../support/sqliteFile';
import { makeTempDir } from '../../support/tempDir';
import { must } from '../core/harness';

let dataDir: string;
let account: EmbeddedAccount;
let host: WebHost;
let db: DatabaseSync;
/** Every handler the host ran, by channel; the fuzz's own probes (getSnapshot) are taken out. */
const ran: Channel[] = [];
/** Channels whose handler never answers, for the in-flight limit. */
const held = new Set<Channel>();
/** What escaped as a crash would: an unhandled rejection or an uncaught exception in this process. */
const crashes: unknown[] = [];
const onCrash = (error: unknown) => void crashes.push(error);

beforeAll(async () => {
  process.on('unhandledRejection', onCrash);
  process.on('uncaughtException', onCrash);
  dataDir = makeTempDir('stint-bridge-fuzz-');
  account = await openEmbeddedAccount({ dataDir, secrets: createSessionSecrets() });
  const core = account.core;
  // Some data for a refused call to spoil: two projects, an entry, a paused timer.
  const { projectId } = await must(core.handlers.createProject({ name: 'Fuzzed' }));
  await must(core.handlers.createProject({ name: 'Other' }));
  await must(core.handlers.quickEntry({ text: '0:30 @Fuzzed seed entry #tag' }));
  await must(core.handlers.startTimer({ projectId, description: 'seed timer' }));
  await must(core.handlers.pauseTimer({ projectId }));
  await core.whenIdle();

  const whole = withAccountsRefused(core.handlers);
  const handlers = Object.fromEntries(
    channels.map((channel) => [
      channel,
      (request: unknown) => {
        ran.push(channel);
        if (held.has(channel)) return new Promise(() => {});
        return (whole[channel] as (r: unknown) => Promise<unknown>)(request);
      },
    ]),
  ) as unknown as Handlers;
  host = await startWebHost({ app: { ...soleCoreApp(core), handlers }, assets: new Map() });
  db = openDatabaseFile(join(dataDir, 'local-service', 'service.db'), { readonly: true });
});

afterAll(async () => {
  db?.close();
  await host?.close();
  await account?.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.off('unhandledRejection', onCrash);
  process.off('uncaughtException', onCrash);
});

afterEach(() => {
  held.clear();
});

/** The app's data as the user sees it and as the service keeps it; what a poll refreshes is left out. */
function fingerprint(): string {
  const s = account.core.getSnapshot();
  const rows = ['projects', 'entries', 'timers', 'tags', 'entry_tags', 'timer_tags'].map((table) =>
    db
      .prepare(`SELECT * FROM ${table}`)
      .all()
      .map((row) => JSON.stringify(row))
      .sort(),
  );
  const timers = s.timers.map(({ asOf: _asOf, ...timer }) => timer);
  return JSON.stringify({
    projects: s.projects,
    timers,
    today: s.today,
    outbox: s.outbox,
    accounts: s.accounts,
    settings: s.settings,
    undo: s.undo,
    idle: s.idle,
    rows,
  });
}

const port = () => Number(new URL(host.url).port);
/** What the app's page offers in its handshake: the secret from the printed address's fragment. */
const protocols = () => bridgeProtocols(new URLSearchParams(new URL(host.openUrl).hash.slice(1)).get('k')!);

interface Client {
  ws: WebSocket;
  /** The next {id, result} answer (snapshot pushes are skipped). */
  next(): Promise<{ id: unknown; result: unknown }>;
  /** Every {id, result} answer so far. */
  answers: Array<{ id: unknown; result: unknown }>;
  closed: Promise<{ code: number; reason: string }>;
}

/** A socket as the app's page opens it: its Origin, and the secret offered as a subprotocol. */
async function connect(): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${port()}/bridge`, protocols(), {
    headers: { Origin: `http://127.0.0.1:${port()}` },
  });
  const answers: Client['answers'] = [];
  const waiting: Array<(answer: Client['answers'][number]) => void> = [];
  let read = 0;
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (!('result' in message)) return;
    answers.push(message);
    const resolve = waiting.shift();
    if (resolve) resolve(answers[read++]!);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return {
    ws,
    answers,
    closed,
    next: () =>
      new Promise((resolve, reject) => {
        if (read < answers.length) return resolve(answers[read++]!);
        const timer = setTimeout(() => reject(new Error('no answer in 5 s')), 5_000);
        waiting.push((answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
      }),
  };
}

/** The host is alive and answering: a valid call on a new socket gets its snapshot. */
async function expectAlive() {
  const client = await connect();
  client.ws.send(JSON.stringify({ id: 424242, channel: 'getSnapshot', request: {} }));
  const reply = await client.next();
  expect(reply).toMatchObject({ id: 424242, result: { ok: true, value: { account: { id: 'local' } } } });
  client.ws.close();
  ran.length = 0;
}

/** The contract's refusal: a Result with ok false, a known code and a sentence. */
function expectRefusal(result: unknown, frame: string) {
  expect(result, frame.slice(0, 200)).toMatchObject({
    ok: false,
    error: { code: 'invalid_argument', message: expect.stringMatching(/\S/) },
  });
}

/** Whether the host would run this frame's handler: a JSON object with a safe integer id, a channel and a request its schema accepts. */
function acceptable(frame: string): boolean {
  let message: unknown;
  try {
    message = JSON.parse(frame);
  } catch {
    return false;
  }
  if (typeof message !== 'object' || message === null) return false;
  const { id, channel, request } = message as { id?: unknown; channel?: unknown; request?: unknown };
  return (
    typeof id === 'number' &&
    Number.isSafeInteger(id) &&
    isChannel(channel) &&
    requests[channel].safeParse(request ?? {}).success
  );
}

/** Sends refused frames one by one on one socket: each gets a refusal, no handler runs, nothing changes. */
async function expectRefusedOneByOne(client: Client, frames: string[]) {
  const before = fingerprint();
  for (const frame of frames) {
    client.ws.send(frame);
    const reply = await client.next();
    expectRefusal(reply.result, frame);
    expect(ran, frame.slice(0, 200)).toEqual([]);
  }
  expect(fingerprint()).toBe(before);
}

const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
];

/** A frame's id: mostly usable, sometimes not (huge, fractional, negative zero, a string, absent). */
const ids = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 2 ** 31 }) },
  fc.constantFrom<unknown>(2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, 'x', '1', null, true, [], {}),
  fc.double(),
);

/** A request: any JSON, or an object aimed at a real schema with prototype keys or huge numbers mixed in. */
const requestValues = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.oneof(
      fc.constantFrom(...PROTO_KEYS, 'name', 'projectId', 'text', 'id', 'entryId', 'choice', 'hotkeys'),
      fc.string(),
    ),
    fc.jsonValue(),
  ),
  fc.record({ projectId: fc.oneof(fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, 0, -0, 1.5), fc.double()) }),
);

/** A frame as text: not JSON at all, JSON of any shape, or a message shape with something wrong in it. */
const frames = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        id: ids,
        channel: fc.oneof(
          fc.constantFrom<unknown>(...channels),
          fc.constantFrom<unknown>(...PROTO_KEYS),
          fc.string({ maxLength: 30 }),
          fc.jsonValue(),
        ),
        request: requestValues,
      },
      { requiredKeys: [] },
    )
    .map((message) => JSON.stringify(message)),
  // Prototype keys written as text, which JSON.parse turns into own properties named __proto__.
  fc
    .tuple(
      fc.integer({ min: 0, max: 1000 }),
      fc.constantFrom(...channels),
      fc.constantFrom(...PROTO_KEYS),
      fc.jsonValue(),
    )
    .map(
      ([id, channel, key, value]) =>
        `{"id":${id},"channel":"${channel}","request":{"${key}":${JSON.stringify(value)},"name":"p"},"${key}":{"polluted":true}}`,
    ),
);

describe('the web bridge, fuzzed', () => {
  it('answers any text frame it refuses with fail(invalid_argument), runs no handler and changes nothing', async () => {
    let client = await connect();
    const before = fingerprint();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(frames, async (frame) => {
        fc.pre(!acceptable(frame));
        // A fresh socket now and then, to stay under the flood limit: this test is about content.
        if (++sent % (FLOOD_LIMITS.burst / 2) === 0) {
          expect(client.ws.readyState).toBe(WebSocket.OPEN);
          client.ws.close();
          client = await connect();
        }
        client.ws.send(frame);
        const reply = await client.next();
        expectRefusal(reply.result, frame);
        expect(ran, frame.slice(0, 200)).toEqual([]);
        expect(Object.prototype).not.toHaveProperty('polluted');
      }),
      { numRuns: 1_000 },
    );
    expect(fingerprint()).toBe(before);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
    await expectAlive();
    expect(crashes).toEqual([]);
  });

  it('answers frames that make a careless error path throw (an object or a deep array as the channel, deep nesting, huge numbers, prototype keys)', async () => {
    const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const client = await connect();
    await expectRefusedOneByOne(client, [
      // String(channel) throws for these: {"toString": 1} is not a function, a deep array overflows the stack.
      '{"id":1,"channel":{"toString":1}}',
      '{"id":2,"channel":{"toString":{},"valueOf":{}}}',
      '{"id":3,"channel":[{"toString":1}]}',
      `{"id":4,"channel":${deep(90_000)}}`,
      `{"id":5,"channel":"createProject","request":{"name":${deep(90_000)}}}`,
      `{"id":6,"channel":"updateSettings","request":{"hotkeys":{"toggleTimer":${deep(50_000)}}}}`,
      `{"id":7,"channel":"updateEntry","request":${deep(100_000)}}`,
      deep(120_000),
      // Huge and odd numbers, as ids and as values.
      '{"id":1e400,"channel":"getSnapshot","request":{}}',
      '{"id":9007199254740993,"channel":"getSnapshot","request":{}}',
      '{"id":-0.0000001,"channel":"getSnapshot","request":{}}',
      '{"id":8,"channel":"pauseTimer","request":{"projectId":1e400}}',
      '{"id":9,"channel":"deleteEntry","request":{"entryId":1e308}}',
      '{"id":10,"channel":"deleteEntry","request":{"entryId":-9007199254740993}}',
      '{"id":11,"channel":"startTimer","request":{"projectId":123456789012345678901234567890}}',
      '{"id":12,"channel":"updateSettings","request":{"idleThresholdMinutes":1e400}}',
      // Prototype keys, at the top and in the request.
      '{"id":13,"channel":"createProject","request":{"__proto__":{"polluted":true},"name":"x"}}',
      '{"id":14,"channel":"createProject","request":{"constructor":{"prototype":{"polluted":true}},"name":"x"}}',
      '{"id":15,"channel":"__proto__","request":{}}',
      '{"id":16,"channel":"constructor","request":{}}',
      '{"id":17,"channel":"hasOwnProperty","request":{}}',
      '{"__proto__":{"polluted":true},"id":18,"channel":"toString"}',
      '{"id":19,"channel":"updateSettings","request":{"hotkeys":{"__proto__":{"toggleTimer":"Ctrl+X"}}}}',
      // Unknown channels, and the contract's names in another case or with padding.
      '{"id":20,"channel":"deleteEverything","request":{}}',
      '{"id":21,"channel":"CreateProject","request":{"name":"x"}}',
      '{"id":22,"channel":" createProject","request":{"name":"x"}}',
      `{"id":23,"channel":"${'x'.repeat(100_000)}"}`,
      // Strings over the contract's limits.
      `{"id":24,"channel":"quickEntry","request":{"text":"1:00 ${'a'.repeat(10_001)}"}}`,
      `{"id":25,"channel":"createProject","request":{"name":"${'n'.repeat(256)}"}}`,
    ]);
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
    await expectAlive();
    expect(crashes).toEqual([]);
  });

  it('answers a binary frame with a refusal, and closes a socket on a text frame that is not UTF-8 (1007)', async () => {
    const before = fingerprint();
    const client = await connect();
    for (const frame of [
      Buffer.from(JSON.stringify({ id: 1, channel: 'createProject', request: { name: 'Binary' } })),
      Buffer.from([0, 255, 1, 254]),
    ]) {
      client.ws.send(frame, { binary: true });
      const reply = await client.next();
      expect(reply).toMatchObject({
        id: null,
        result: { ok: false, error: { code: 'invalid_argument', message: 'Malformed message' } },
      });
    }
    client.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect((await client.closed).code).toBe(1007);
    expect(ran).toEqual([]);
    expect(fingerprint()).toBe(before);
    await expectAlive();
    expect(crashes).toEqual([]);
  });

  it(`closes a socket whose frame is over ${MAX_PAYLOAD / 1024} KiB with 1009, before reading it`, async () => {
    const before = fingerprint();
    // Just under the limit: read, and refused by the contract (a name is at most 255 characters).
    const under = await connect();
    const name = 'u'.repeat(MAX_PAYLOAD - 100);
    under.ws.send(JSON.stringify({ id: 1, channel: 'createProject', request: { name } }));
    expectRefusal((await under.next()).result, 'under the limit');
    under.ws.close();
    // Over it: a valid call by its shape, but too big to be one of ours.
    for (const size of [MAX_PAYLOAD + 1, 4 * 1024 * 1024]) {
      const over = await connect();
      const frame = JSON.stringify({ id: 2, channel: 'quickEntry', request: { text: `1:00 ${'o'.repeat(size)}` } });
      over.ws.send(frame);
      expect((await over.closed).code).toBe(1009);
      expect(over.answers).toEqual([]);
    }
    expect(ran).toEqual([]);
    expect(fingerprint()).toBe(before);
    await expectAlive();
    expect(crashes).toEqual([]);
  });

  it('answers a burst a page could send, and closes a flooding socket with 1008 (policy violation)', async () => {
    const before = fingerprint();
    // What a page may do: a few dozen frames at once (calls resent after a reconnect), then a
    // hundred more one after another. Every frame answered, the socket stays open.
    const page = await connect();
    const atOnce = 40;
    for (let i = 0; i < atOnce; i++) page.ws.send(JSON.stringify({ id: i, channel: 'noSuchChannel', request: {} }));
    for (let i = 0; i < atOnce; i++) expectRefusal((await page.next()).result, `burst ${i}`);
    for (let i = 0; i < 100; i++) {
      page.ws.send(JSON.stringify({ id: i, channel: 'startTimer', request: { projectId: 0 } }));
      expectRefusal((await page.next()).result, `one by one ${i}`);
    }
    expect(page.ws.readyState).toBe(WebSocket.OPEN);
    page.ws.close();

    // A flood: thousands of frames at once, valid calls among them, from one socket.
    const flood = await connect();
    const started = Date.now();
    for (let i = 0; i < 20_000; i++) {
      flood.ws.send(
        i % 2
          ? JSON.stringify({ id: i, channel: 'createProject', request: { name: 'flood', extra: i } })
          : `not json ${i}`,
      );
    }
    const { code, reason } = await flood.closed;
    expect(code).toBe(CLOSE_FLOOD);
    expect(reason).toBe('Too many messages');
    expect(Date.now() - started).toBeLessThan(5_000);
    // What was answered before the close was answered as refusals; at most the burst was read.
    expect(flood.answers.length).toBeLessThanOrEqual(FLOOD_LIMITS.burst + 5);
    for (const answer of flood.answers) expectRefusal(answer.result, 'flood');
    expect(ran).toEqual([]);
    expect(fingerprint()).toBe(before);
    await expectAlive();
    expect(crashes).toEqual([]);
  });

  it(`closes a socket that keeps more than ${FLOOD_LIMITS.inFlight} calls unanswered with 1008`, async () => {
    held.add('refresh');
    const client = await connect();
    for (let i = 0; i <= FLOOD_LIMITS.inFlight; i++)
      client.ws.send(JSON.stringify({ id: i, channel: 'refresh', request: {} }));
    expect((await client.closed).code).toBe(CLOSE_FLOOD);
    expect(ran.filter((c) => c === 'refresh')).toHaveLength(FLOOD_LIMITS.inFlight);
    ran.length = 0;
    await expectAlive();
    expect(crashes).toEqual([]);
  });
});
