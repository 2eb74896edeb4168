// Webhook and broadcast receiver secrets at rest (ServiceOptions.secretsKey, storage/secretBox.ts):
// with a key, no file of the service's data folder holds a secret in any form, and deliveries
// are still signed with the secret the create (or reroll) answer showed; without one, secrets are
// stored as they are, as before. Plain rows of a run without a key are sealed at the next start
// with one. Rows sealed under a key the service no longer has (the keychain lost it) crash
// nothing: their deliveries are skipped with a log line naming no secret until the secret is
// rerolled.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabaseFile } from '../../../support/sqliteFile';
import {
  createReceiver,
  createWebhook,
  deliveryService,
  signatureValid,
  startReceiver,
  tempDataDir,
  type DeliveryService,
  type Receiver,
} from '../support/deliverySupport';
import { createProject } from '../support/support';

const key = () => randomBytes(32);

/** The stored secret of every webhook and receiver, read beside the service. */
function storedSecrets(dataDir: string): { webhooks: string[]; receivers: string[] } {
  const db = openDatabaseFile(join(dataDir, 'service.db'), { readonly: true });
  try {
    const column = (table: string) =>
      (db.prepare(`SELECT secret FROM ${table} ORDER BY id`).all() as Array<{ secret: string }>).map((r) => r.secret);
    return { webhooks: column('webhooks'), receivers: column('broadcast_receivers') };
  } finally {
    db.close();
  }
}

/** The secret (64 hex digits) and the encodings of its bytes a careless write might use. */
const forms = (secret: string) => {
  const bytes = Buffer.from(secret, 'hex');
  return [
    secret,
    secret.toUpperCase(),
    bytes.toString('base64'),
    bytes.toString('base64url'),
    Buffer.from(secret).toString('base64'),
  ];
};

/** Files of the data folder (database, WAL, shared memory) holding any form of any of the secrets. */
function filesHolding(dataDir: string, secrets: string[]): string[] {
  const files = readdirSync(dataDir).map((name) => ({ name, bytes: readFileSync(join(dataDir, name)) }));
  expect(files.map((f) => f.name)).toContain('service.db');
  // The search itself works: a planted copy is found.
  expect(forms(secrets[0]!).every((f) => Buffer.from(`x${f}x`, 'latin1').includes(f))).toBe(true);
  return files.filter((f) => secrets.some((s) => forms(s).some((form) => f.bytes.includes(form)))).map((f) => f.name);
}

/** A timer change, broadcast at the end of the interval; answers once it is out. */
async function timerChange(s: DeliveryService): Promise<void> {
  const project = await createProject(s.client);
  await s.client.put(`/v2/projects/${project}/timer/start`);
  s.built.events.flushBroadcasts();
  await s.settle();
}

/** The log lines of a service, parsed. */
function logLines(): {
  lines: Array<Record<string, unknown>>;
  raw: string[];
  logger: { stream: { write(line: string): void } };
} {
  const raw: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  return { raw, lines, logger: { stream: { write: (line) => void (raw.push(line), lines.push(JSON.parse(line))) } } };
}

async function webhookAndReceiver(s: DeliveryService, receiver: Receiver) {
  const webhook = await createWebhook(s.client, `${receiver.url}/w`);
  const broadcastReceiver = await createReceiver(s.client, `${receiver.url}/b`, ['timer']);
  return { webhook, broadcastReceiver };
}

describe('signing secrets at rest', () => {
  it('with a key: stored sealed, in no file in any form (WAL included, running and closed), and deliveries signed with the secret shown', async () => {
    const s = await deliveryService({ sqliteFile: true, secretsKey: key() });
    const receiver = await startReceiver(s.clock);
    const { webhook, broadcastReceiver } = await webhookAndReceiver(s, receiver);
    const [ping] = await receiver.waitFor(1, '/w');
    expect(signatureValid(webhook.secret, ping!)).toBe(true);
    await timerChange(s);
    const [broadcast] = await receiver.waitFor(1, '/b');
    expect(signatureValid(broadcastReceiver.secret, broadcast!)).toBe(true);

    // Rerolled: the new secret is sealed too and signs the next delivery.
    const rerolled = (await s.client.put(`/v2/webhooks/${webhook.id}/reroll_secret`)).body.secret as string;
    const rerolledReceiver = (await s.client.put(`/v2/broadcast_receivers/${broadcastReceiver.id}/reroll_secret`)).body
      .secret as string;
    expect((await s.client.put(`/v2/webhooks/${webhook.id}/ping`)).status).toBe(202);
    const [, second] = await receiver.waitFor(2, '/w');
    expect(signatureValid(rerolled, second!)).toBe(true);
    await timerChange(s);
    const [, secondBroadcast] = await receiver.waitFor(2, '/b');
    expect(signatureValid(rerolledReceiver, secondBroadcast!)).toBe(true);

    const secrets = [webhook.secret, broadcastReceiver.secret, rerolled, rerolledReceiver];
    const stored = storedSecrets(s.dataDir);
    for (const value of [...stored.webhooks, ...stored.receivers])
      expect(value).toMatch(/^enc1:[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(filesHolding(s.dataDir, secrets)).toEqual([]);
    // The GET and list answers never carried a secret.
    expect((await s.client.get(`/v2/webhooks/${webhook.id}`)).body).not.toHaveProperty('secret');
    await s.close();
    expect(filesHolding(s.dataDir, secrets)).toEqual([]);
  });

  it('without a key: stored as they are, and deliveries signed as before', async () => {
    const s = await deliveryService({ sqliteFile: true });
    const receiver = await startReceiver(s.clock);
    const { webhook, broadcastReceiver } = await webhookAndReceiver(s, receiver);
    const [ping] = await receiver.waitFor(1, '/w');
    expect(signatureValid(webhook.secret, ping!)).toBe(true);
    await timerChange(s);
    const [broadcast] = await receiver.waitFor(1, '/b');
    expect(signatureValid(broadcastReceiver.secret, broadcast!)).toBe(true);
    expect(storedSecrets(s.dataDir)).toEqual({ webhooks: [webhook.secret], receivers: [broadcastReceiver.secret] });
  });

  it('plain secrets of a run without a key are sealed at the next start with one, their plain bytes gone from every file, and still sign', async () => {
    const dataDir = tempDataDir();
    const first = await deliveryService({ sqliteFile: true, dataDir });
    const receiver = await startReceiver(first.clock);
    const { webhook, broadcastReceiver } = await webhookAndReceiver(first, receiver);
    // Rows rewritten leave older copies of themselves in their page, and deleted ones (receivers
    // the app replaced) whole free pages of plain secrets, which sealing the live rows never touches.
    for (const name of ['Hook 2', 'Hook 3']) {
      await first.client.put(`/v2/webhooks/${webhook.id}`, { name });
      await first.client.put(`/v2/broadcast_receivers/${broadcastReceiver.id}`, { name });
    }
    const deleted = [];
    for (let i = 0; i < 40; i++)
      deleted.push(await createReceiver(first.client, `${receiver.url}/old`, ['timer'], `Deleted ${i}`));
    for (const old of deleted) expect((await first.client.del(`/v2/broadcast_receivers/${old.id}`)).status).toBe(204);
    await receiver.waitFor(1, '/w');
    await first.close();
    const plain = [webhook.secret, broadcastReceiver.secret, ...deleted.map((d) => d.secret)];
    expect(filesHolding(dataDir, plain)).toEqual(['service.db']); // what the next start must remove

    const s = await deliveryService({ sqliteFile: true, dataDir, secretsKey: key(), clock: first.clock });
    const stored = storedSecrets(dataDir);
    expect([...stored.webhooks, ...stored.receivers]).toHaveLength(2);
    expect([...stored.webhooks, ...stored.receivers].every((v) => v.startsWith('enc1:'))).toBe(true);
    expect(plain.filter((secret) => filesHolding(dataDir, [secret]).length > 0)).toEqual([]);
    expect((await s.client.put(`/v2/webhooks/${webhook.id}/ping`)).status).toBe(202);
    const [, ping] = await receiver.waitFor(2, '/w');
    expect(signatureValid(webhook.secret, ping!)).toBe(true);
    await timerChange(s);
    const [broadcast] = await receiver.waitFor(1, '/b');
    expect(signatureValid(broadcastReceiver.secret, broadcast!)).toBe(true);
  });

  it('sealed under a key the service no longer has: it starts, skips those deliveries with a log line naming no secret, and a rerolled secret signs again', async () => {
    const dataDir = tempDataDir();
    const first = await deliveryService({ sqliteFile: true, dataDir, secretsKey: key() });
    const receiver = await startReceiver(first.clock);
    const { webhook, broadcastReceiver } = await webhookAndReceiver(first, receiver);
    await receiver.waitFor(1, '/w');
    await first.close();
    const sealed = storedSecrets(dataDir);

    // The keychain lost the key: the app starts the service with a new one.
    const log = logLines();
    const s = await deliveryService({
      sqliteFile: true,
      dataDir,
      secretsKey: key(),
      clock: first.clock,
      logger: log.logger,
    });
    expect((await s.client.get(`/v2/webhooks/${webhook.id}`)).status).toBe(200);
    expect((await s.client.put(`/v2/webhooks/${webhook.id}/ping`)).status).toBe(202);
    await s.settle();
    await timerChange(s);
    expect(receiver.received).toHaveLength(1); // the first ping only
    const warnings = log.lines.filter((l) => l.level === 40);
    expect(warnings).toEqual([
      expect.objectContaining({
        webhook: webhook.id,
        msg: expect.stringMatching(/webhook payload not sent: the webhook's secret cannot be read/),
      }),
      expect.objectContaining({
        receiver: broadcastReceiver.id,
        subject: 'timer',
        msg: expect.stringMatching(/broadcast not sent: the receiver's secret cannot be read/),
      }),
    ]);
    const everything = log.raw.join('');
    for (const secret of [webhook.secret, broadcastReceiver.secret, ...sealed.webhooks, ...sealed.receivers])
      expect(everything).not.toContain(secret);
    // The payload waits on the retry schedule, its error saying why.
    const db = openDatabaseFile(join(dataDir, 'service.db'), { readonly: true });
    const waiting = db
      .prepare(
        `SELECT state, attempts, last_error FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT 1`,
      )
      .get(webhook.id);
    db.close();
    expect(waiting).toEqual({
      state: 'pending',
      attempts: 1,
      last_error: expect.stringMatching(/sealed with another key.*reroll_secret/),
    });

    // Rerolled: the waiting payload goes at its retry, and the next broadcast, signed with the new secrets.
    const rerolled = (await s.client.put(`/v2/webhooks/${webhook.id}/reroll_secret`)).body.secret as string;
    const rerolledReceiver = (await s.client.put(`/v2/broadcast_receivers/${broadcastReceiver.id}/reroll_secret`)).body
      .secret as string;
    s.scheduler.advance(60_000);
    const [, retried] = await receiver.waitFor(2, '/w');
    expect(signatureValid(rerolled, retried!)).toBe(true);
    await timerChange(s);
    const [broadcast] = await receiver.waitFor(1, '/b');
    expect(signatureValid(rerolledReceiver, broadcast!)).toBe(true);
    await s.close();

    // Started without any key, the same: nothing sealed can be used, nothing crashes.
    const plainLog = logLines();
    const bare = await deliveryService({ sqliteFile: true, dataDir, clock: first.clock, logger: plainLog.logger });
    expect((await bare.client.put(`/v2/webhooks/${webhook.id}/ping`)).status).toBe(202);
    await bare.settle();
    expect(receiver.on('/w')).toHaveLength(2);
    expect(plainLog.lines.filter((l) => l.level === 40)).toEqual([
      expect.objectContaining({ webhook: webhook.id, reason: expect.stringMatching(/no secrets key/) }),
    ]);
  });
});
