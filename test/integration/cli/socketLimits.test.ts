// The command line's socket under many connections (issue 28 item 7): 2,960 connections each
// holding an unfinished 250 KiB line once took the app from 157 to 903 MB and were all kept open.
// Now the server caps its connections, bounds what they hold together, and closes half-sent
// lines and idle connections in time, each told why. Measured by the server's own counters
// (CliSocketServer.stats), not the process's memory. The real core on the real local service.
import { mkdirSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Handlers } from '../../../common/contract';
import { startCliSocket, type CliSocketServer } from '../../../main/core/cliSocket/server';
import { withAccountsRefused } from '../../support/soleCore';
import { CONDITION_WAIT_MS } from '../../support/patience';
import { tempDir } from '../../support/tempDir';
import { startLocal, type Local } from '../core/harness';

let local: Local;
let dir: ReturnType<typeof tempDir>;
let handlers: Handlers;
const servers: CliSocketServer[] = [];

beforeAll(async () => {
  local = await startLocal();
  dir = tempDir('stint-cli-limits-');
  handlers = withAccountsRefused((await local.core(join(dir.path, 'core'))).handlers);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await local?.close();
  dir?.remove();
});

async function serve(name: string, limits: Parameters<typeof startCliSocket>[0]['limits']) {
  mkdirSync(join(dir.path, name));
  const server = await startCliSocket({ handlers, dataDir: join(dir.path, name), limits });
  servers.push(server);
  return server;
}

interface Client {
  socket: Socket;
  /** What the app wrote to it. */
  text: () => string;
  closed: () => boolean;
}

function connect(path: string): Client {
  const socket = createConnection(path);
  let text = '';
  let closed = false;
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
  });
  return { socket, text: () => text, closed: () => closed };
}

const UNFINISHED = 250 * 1024;
const poll = <T>(read: () => T) => expect.poll(read, { timeout: CONDITION_WAIT_MS, interval: 20 });

it('caps its connections and bounds what they hold together, telling each one turned away why', async () => {
  const server = await serve('many', { maxConnections: 8, maxHeldBytes: 1024 * 1024 });
  const clients: Client[] = [];
  // One at a time, so which are served is known: the first 8.
  for (let i = 0; i < 20; i++) {
    clients.push(connect(server.path));
    await poll(() => server.stats().connections + clients.filter((c) => c.closed()).length).toBe(i + 1);
  }
  expect(server.stats().connections).toBe(8);
  const turnedAway = clients.slice(8);
  for (const c of turnedAway) expect(c.text()).toContain('Too many command lines connected to Stint at once (8)');

  // Each served connection sends 250 KiB of a line it never ends: four fit in 1 MiB, the rest are dropped.
  const served = clients.slice(0, 8);
  for (const c of served) c.socket.write('x'.repeat(UNFINISHED));
  await poll(() => served.filter((c) => c.closed()).length).toBe(4);
  await poll(() => server.stats()).toEqual({ connections: 4, heldBytes: 4 * UNFINISHED });
  for (const c of served.filter((c) => c.closed()))
    expect(c.text()).toContain('The command lines connected hold too much at once');

  // Another command line is still answered meanwhile.
  const other = connect(server.path);
  other.socket.write('{"id":1,"channel":"getSnapshot","request":{}}\n');
  await poll(() => other.text()).toMatch(/^\{"id":1,"result":\{"ok":true,/);
  for (const c of [...clients, other]) c.socket.destroy();
  await poll(() => server.stats()).toEqual({ connections: 0, heldBytes: 0 });
});

it('closes a half-sent line and an idle connection in time, each told why, and holds nothing after', async () => {
  const server = await serve('slow', { frameTimeoutMs: 300, idleTimeoutMs: 600 });
  const halfSent = connect(server.path);
  halfSent.socket.write(`{"id":1,"channel":"getSnapshot","request":{"pad":"${'x'.repeat(UNFINISHED)}`);
  const idle = connect(server.path);

  await poll(() => halfSent.closed()).toBe(true);
  expect(halfSent.text()).toContain('A call was left half-sent for 0.3 s');
  await poll(() => idle.closed()).toBe(true);
  expect(idle.text()).toContain('No call for 0.6 s');
  await poll(() => server.stats()).toEqual({ connections: 0, heldBytes: 0 });
});
