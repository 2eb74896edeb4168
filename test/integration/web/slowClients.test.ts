// The app's own loopback servers (the web host, the broadcast receiver, the OAuth redirect's) bound
// how long a client may take over its request: connections that trickle their headers or a body,
// or say nothing, are each closed within the bound (headers 5 s, a request 10 s, checked every
// second; Node's defaults would keep them 60 s to 300 s, checked every 30 s), while the web host's
// open WebSocket, no longer a request, stays up past the bound and keeps answering.
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeProtocols } from '../../../common/webHostSecret';
import { listenForRedirect } from '../../../main/core/accounts/loopback';
import { startReceiverServer } from '../../../main/core/embedded/broadcasts/server';
import { openEmbeddedAccount, type EmbeddedAccount } from '../../../main/core/embedded/embeddedAccount';
import { createSessionSecrets } from '../../../platform/keychain';
import { LOOPBACK_LIMITS, startWebHost, type WebHost } from '../../../web/host';
import { soleCoreApp } from '../../support/soleCore';
import { makeTempDir } from '../../support/tempDir';

/** The longest a slow client may hold a socket: the request bound, one check's interval and slack for load. */
const BOUND_MS = LOOPBACK_LIMITS.requestTimeout + LOOPBACK_LIMITS.connectionsCheckingInterval + 8_000;

type Kind = 'headers trickled' | 'body trickled' | 'silent';
const KINDS: Kind[] = ['headers trickled', 'body trickled', 'silent'];

interface Slow {
  kind: Kind;
  socket: Socket;
  openedAt: number;
  closedAt?: number;
  closed: Promise<void>;
}

function openSlow(port: number, kind: Kind): Slow {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {}); // being cut off is the point
  socket.resume();
  const slow: Slow = { kind, socket, openedAt: performance.now(), closed: Promise.resolve() };
  slow.closed = new Promise((resolve) =>
    socket.once('close', () => {
      slow.closedAt = performance.now();
      resolve();
    }),
  );
  const host = `Host: 127.0.0.1:${port}\r\n`;
  socket.once('connect', () => {
    if (kind === 'headers trickled') socket.write(`GET / HTTP/1.1\r\n${host}`);
    if (kind === 'body trickled') socket.write(`POST / HTTP/1.1\r\n${host}Content-Length: 100000\r\n\r\n{`);
  });
  return slow;
}

/** Opens slow clients on `port`, trickling, and resolves once each was closed (or fails past the bound). */
async function slowClientsAreCut(port: number, count: number): Promise<void> {
  const slows = Array.from({ length: count }, (_, i) => openSlow(port, KINDS[i % KINDS.length]!));
  let n = 0;
  const ticker = setInterval(() => {
    n++;
    for (const slow of slows) {
      if (slow.closedAt !== undefined || slow.socket.connecting || slow.socket.destroyed) continue;
      if (slow.kind === 'headers trickled') slow.socket.write(`X-Slow-${n}: 1\r\n`);
      if (slow.kind === 'body trickled') slow.socket.write(' ');
    }
  }, 200);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all(slows.map((s) => s.closed)),
      new Promise((_, reject) => {
        timer = setTimeout(() => {
          const open = slows.filter((s) => s.closedAt === undefined).map((s) => s.kind);
          reject(new Error(`${open.length} of ${count} still open after ${BOUND_MS} ms: ${[...new Set(open)]}`));
        }, BOUND_MS);
      }),
    ]);
    for (const slow of slows) expect(slow.closedAt! - slow.openedAt, slow.kind).toBeLessThan(BOUND_MS);
  } finally {
    clearTimeout(timer);
    clearInterval(ticker);
    for (const slow of slows) slow.socket.destroy();
  }
}

// Concurrent: three servers of their own, each test waiting out the real 10 s bound (the limits under
// test), so the waits overlap rather than add up.
describe.concurrent('slow clients on the app’s loopback servers', () => {
  let dataDir: string;
  let account: EmbeddedAccount;
  let host: WebHost;

  beforeAll(async () => {
    dataDir = makeTempDir('stint-slow-clients-');
    account = await openEmbeddedAccount({ dataDir, secrets: createSessionSecrets() });
    host = await startWebHost({ app: soleCoreApp(account.core), assets: new Map() });
  });

  afterAll(async () => {
    await host?.close();
    await account?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // Its context's expect: a concurrent test's expect.poll must be its own.
  it('the web host cuts 15 slow clients within the bound, while its open WebSocket outlives it and answers', async ({
    expect,
  }) => {
    const port = Number(new URL(host.url).port);
    const secret = new URLSearchParams(new URL(host.openUrl).hash.slice(1)).get('k')!;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/bridge`, bridgeProtocols(secret), {
      headers: { Origin: `http://127.0.0.1:${port}` },
    });
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(String(data)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    let wsClosed = false;
    socket.once('close', () => (wsClosed = true));

    await slowClientsAreCut(port, 15);
    // The bridge's socket was open all along, past the request bound, and still answers a call.
    expect(wsClosed).toBe(false);
    const before = messages.length;
    socket.send(JSON.stringify({ id: 1, channel: 'getSnapshot', request: {} }));
    await expect.poll(() => messages.slice(before).some((m) => m.includes('"id":1')), { timeout: 20_000 }).toBe(true);
    socket.close();
  }, 60_000);

  it('the broadcast receiver cuts 15 slow clients within the bound', async () => {
    const receiver = await startReceiverServer({ check: () => ({ status: 204 }) });
    try {
      await slowClientsAreCut(receiver.port, 15);
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('the OAuth redirect’s loopback server cuts 15 slow clients within the bound', async () => {
    const probe = await startReceiverServer({ check: () => ({ status: 204 }) });
    const port = probe.port; // a port free a moment ago
    await probe.close();
    const redirect = await listenForRedirect({ port, state: 'slow-state' });
    try {
      await slowClientsAreCut(port, 15);
    } finally {
      await redirect.close();
    }
  }, 60_000);
});
