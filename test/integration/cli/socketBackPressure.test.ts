// A same-user client that pipelines thousands of calls on the command line's socket and does not
// read the answers: the app stops answering it (and reading from it) once its answers are not
// being read, so its memory for that connection stays bounded; it keeps answering another client
// meanwhile; and once the client reads, every answer arrives, in order. The real core on the real
// local service; the getSnapshot handler counts the answers the app has made (what it holds).
import { mkdirSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Handlers } from '../../../common/contract';
import { startCliSocket, type CliSocketServer } from '../../../main/core/cliSocket/server';
import { withAccountsRefused } from '../../support/soleCore';
import { tempDir } from '../../support/tempDir';
import { startLocal, type Local } from '../core/harness';

const TOTAL = 20_000;
let local: Local;
let dir: ReturnType<typeof tempDir>;
let server: CliSocketServer;
let answered = 0;

beforeAll(async () => {
  local = await startLocal();
  dir = tempDir('stint-cli-backpressure-');
  const core = await local.core(join(dir.path, 'core'));
  mkdirSync(join(dir.path, 'data'));
  const handlers: Handlers = {
    ...withAccountsRefused(core.handlers),
    getSnapshot: async (request) => {
      answered++;
      return core.handlers.getSnapshot(request);
    },
  };
  server = await startCliSocket({ handlers, dataDir: join(dir.path, 'data') });
});

afterAll(async () => {
  await server?.close();
  await local?.close();
  dir?.remove();
});

const frame = (id: number) => `{"id":${id},"channel":"getSnapshot","request":{}}\n`;

/** Answer lines as they come on `socket` (which starts reading once this is called). */
function lines(socket: Socket): { all: string[]; next(): Promise<string> } {
  const all: string[] = [];
  let text = '';
  let waiter: (() => void) | null = null;
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n')) {
      all.push(text.slice(0, nl));
      text = text.slice(nl + 1);
    }
    waiter?.();
  });
  let taken = 0;
  return {
    all,
    async next() {
      while (all.length <= taken) await new Promise<void>((resolve) => (waiter = resolve));
      return all[taken++]!;
    },
  };
}

const connected = (path: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = createConnection(path, () => resolve(socket));
    socket.once('error', reject);
  });

it('a client that writes 20,000 calls without reading holds few answers in the app, another client is answered meanwhile, and every answer then arrives in order', async () => {
  const greedy = await connected(server.path);
  greedy.write(Array.from({ length: TOTAL }, (_, i) => frame(i + 1)).join(''));

  // Another client's calls, one after another, until the greedy one's answers stop growing over
  // three of them in a row (the app is holding back) or it has been answered in full.
  const other = await connected(server.path);
  const otherLines = lines(other);
  let steady = 0;
  for (let id = 1; steady < 3 && answered < TOTAL; id++) {
    const before = answered;
    other.write(frame(id));
    expect(JSON.parse(await otherLines.next())).toMatchObject({ id, result: { ok: true } });
    steady = answered - before === 1 ? steady + 1 : 0;
  }
  // Only what fits the sockets' buffers was answered: not the 20,000 asked for.
  expect(answered).toBeLessThan(TOTAL / 10);
  other.destroy();

  const greedyLines = lines(greedy);
  for (let id = 1; id <= TOTAL; id++) {
    const line = await greedyLines.next();
    expect(line.startsWith(`{"id":${id},"result":{"ok":true,`)).toBe(true);
  }
  greedy.destroy();
});

it('a client that sends more calls in one write than one connection may hold is told so in words and dropped, having changed nothing', async () => {
  // Tiny lines arrive tens of thousands to a read, past what a connection may hold before reading
  // stops: the app answers TOO_MANY_FRAMES once and ends the connection, instead of queueing them.
  const before = answered;
  const flood = await connected(server.path);
  const floodLines = lines(flood);
  const ended = new Promise<void>((resolve) => flood.once('close', () => resolve()));
  flood.write('x\n'.repeat(100_000));
  await ended;
  expect(floodLines.all.some((line) => line.includes('Too many calls waiting on one connection'))).toBe(true);
  // Far fewer answers than lines: the rest were never read as calls.
  expect(floodLines.all.length).toBeLessThan(100_000 / 2);
  expect(answered).toBe(before);
});
