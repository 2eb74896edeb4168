// The receiver's life on the real service: reused across restarts (told its new port when the old
// one is taken), replaced when its secret or the receiver itself is gone, removed with the account,
// and, when registration fails, off with one warning while the app keeps polling.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startBroadcasts,
  type BroadcastOptions,
  type Broadcasts,
} from '../../../main/core/embedded/broadcasts/registration';
import { STATE_FILE } from '../../../main/core/embedded/broadcasts/state';
import { openEmbeddedAccount } from '../../../main/core/embedded/embeddedAccount';
import { createSessionSecrets, type SecretStore } from '../../../platform/keychain';
import { closedPortUrl, until } from '../../support/offline';
import { createServiceApi } from '../../../main/api/client';
import { post, startLocal, tempDir, type Local } from './support';

const ACCOUNT = 'lifecycle';
let local: Local;
let dir: ReturnType<typeof tempDir>;
let secrets: SecretStore;
const started: Broadcasts[] = [];
const heard: string[] = [];

beforeEach(async () => {
  local = await startLocal(1000);
  dir = tempDir();
  secrets = createSessionSecrets();
});
afterEach(async () => {
  heard.length = 0;
  for (const b of started.splice(0)) await b.stop();
  await local.close();
  dir.remove();
});

async function start(over: Partial<BroadcastOptions> = {}): Promise<Broadcasts> {
  const b = await startBroadcasts({
    api: local.client(),
    secrets,
    account: ACCOUNT,
    dataDir: dir.path,
    onBroadcast: (e) => heard.push(e),
    ...over,
  });
  started.push(b);
  return b;
}

/** The owner's receivers as the service lists them (GET /v2/broadcast_receivers). */
async function listed(): Promise<Array<{ id: number; payload_uri: string; subjects: string[] }>> {
  const reply = await fetch(`${local.service.url}/v2/broadcast_receivers`, {
    headers: { 'X-ServiceToken': local.service.token, 'User-Agent': 'stint-test' },
  });
  expect(reply.status).toBe(200);
  return (await reply.json()) as Array<{ id: number; payload_uri: string; subjects: string[] }>;
}

async function occupy(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** A real timer change, heard through the service's broadcast. */
async function heardAChange(): Promise<void> {
  const before = heard.length;
  const api = local.client();
  const project = await api.createProject({ name: `Changed ${Date.now()}` });
  await api.startTimer(project.id);
  await until(() => heard.length > before, 'a broadcast');
}

describe('the broadcast receiver', () => {
  it('registers one receiver of the timer subject on 127.0.0.1, keeping its secret in the store and no secret on disk', async () => {
    const b = await start();
    expect(b.live).toBe(true);
    const [receiver, ...others] = await listed();
    expect(others).toEqual([]);
    expect(receiver).toMatchObject({
      id: b.receiverId,
      payload_uri: `http://127.0.0.1:${b.port}/stint/broadcast`,
      subjects: ['timer'],
    });
    const secret = await secrets.get(ACCOUNT, 'receiver-secret');
    expect(secret).toMatch(/.{16,}/);
    const state = readFileSync(join(dir.path, STATE_FILE), 'utf8');
    expect(JSON.parse(state)).toEqual({ receiverId: b.receiverId, port: b.port });
    expect(state).not.toContain(secret!);
    await heardAChange();
  });

  it('is reused across a restart on the same port', async () => {
    const first = await start();
    const port = first.port;
    await first.stop();
    const second = await start();
    expect(second.live).toBe(true);
    expect(second.receiverId).toBe(first.receiverId);
    expect(second.port).toBe(port);
    expect((await listed()).map((r) => r.id)).toEqual([first.receiverId]);
    await heardAChange();
  });

  it('is reused when the old port is taken, and the service is told the new one', async () => {
    const first = await start();
    const port = first.port!;
    await first.stop();
    const squatter = await occupy(port);
    try {
      const second = await start();
      expect(second.live).toBe(true);
      expect(second.receiverId).toBe(first.receiverId);
      expect(second.port).not.toBe(port);
      const receivers = await listed();
      expect(receivers).toHaveLength(1);
      expect(receivers[0]!.payload_uri).toBe(`http://127.0.0.1:${second.port}/stint/broadcast`);
      await heardAChange();
    } finally {
      squatter.close();
    }
  });

  it('is replaced when the keychain lost its secret (the stale one deleted), or the service lost the receiver', async () => {
    const first = await start();
    await first.stop();
    await secrets.delete(ACCOUNT, 'receiver-secret');
    const second = await start();
    expect(second.live).toBe(true);
    expect(second.receiverId).not.toBe(first.receiverId);
    expect((await listed()).map((r) => r.id)).toEqual([second.receiverId]);

    await second.stop();
    await local.client().deleteBroadcastReceiver(second.receiverId!);
    const third = await start();
    expect(third.live).toBe(true);
    expect((await listed()).map((r) => r.id)).toEqual([third.receiverId]);
    await heardAChange();
  });

  it('remove() deletes the receiver on the service, the secret and the state file', async () => {
    const b = await start();
    const port = b.port!;
    await b.remove();
    expect(b.live).toBe(false);
    expect(await listed()).toEqual([]);
    expect(await secrets.get(ACCOUNT, 'receiver-secret')).toBeNull();
    expect(existsSync(join(dir.path, STATE_FILE))).toBe(false);
    await expect(post(`http://127.0.0.1:${port}/stint/broadcast`, Buffer.from('{}'))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('stays off, with one warning naming no secret, when the service cannot be reached; the state file survives for the next start', async () => {
    const first = await start();
    await first.stop();
    const secret = (await secrets.get(ACCOUNT, 'receiver-secret'))!;
    const warnings: string[] = [];
    const unreachable = createServiceApi({
      baseUrl: await closedPortUrl(),
      credentials: { kind: 'personal', token: 'unused' },
      rateLimit: 0,
      retries: 0,
    });
    const off = await start({ api: unreachable, warn: (m) => warnings.push(m) });
    expect(off.live).toBe(false);
    expect(off.port).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/broadcasts are off, polling instead/);
    expect(warnings[0]).not.toContain(secret);
    const again = await start();
    expect(again.receiverId).toBe(first.receiverId);
  });
});

describe('the embedded account', () => {
  it('starts a live receiver after core and stops it on close', async () => {
    const data = tempDir();
    try {
      const account = await openEmbeddedAccount({ dataDir: data.path, secrets: createSessionSecrets() });
      const { live, port } = account.broadcasts;
      await account.close();
      expect(live).toBe(true);
      expect(account.broadcasts.live).toBe(false);
      await expect(post(`http://127.0.0.1:${port}/stint/broadcast`, Buffer.from('{}'))).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      data.remove();
    }
  });
});
