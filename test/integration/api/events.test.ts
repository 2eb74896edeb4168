// Webhooks and broadcast receivers through the client against the real local service, which
// delivers to a receiver started here; and the endpoints the spec lists as not yet implemented
// (inbox entries, token management), which the client reports as not_found.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { failureOf, uniqueName } from './harness';
import { startWithMembers, type LocalWithMembers } from './members';

let local: LocalWithMembers;
let receiver: Server;
let payloadUri: string;
/** The bodies the service delivered to payloadUri. */
const delivered: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  local = await startWithMembers();
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      delivered.push(JSON.parse(text) as Record<string, unknown>);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  payloadUri = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await local?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const ids = (items: Array<{ id: number }>) => items.map((x) => x.id);

async function deliveredWith(payloadId: string): Promise<Record<string, unknown> | undefined> {
  for (let tries = 0; tries < 250; tries++) {
    const found = delivered.find((body) => body.payload_id === payloadId);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describe('webhooks', () => {
  it('creates a webhook (the secret only in that answer), reads, renames and deletes it', async () => {
    const { api } = local;
    const name = uniqueName('Hook');
    const hook = await api.createWebhook({ name, payload_uri: payloadUri, events: ['entry.created'] });
    expect(hook).toMatchObject({ name, payload_uri: payloadUri, events: ['entry.created'], state: 'enabled' });
    expect(hook.secret).toEqual(expect.any(String));
    const read = await api.getWebhook(hook.id);
    expect(read.secret).toBeUndefined();
    expect((await api.updateWebhook(hook.id, { name: `${name} 2` })).name).toBe(`${name} 2`);
    await api.deleteWebhook(hook.id);
    expect((await failureOf(api.getWebhook(hook.id))).kind).toBe('not_found');
  });

  it('adds events (those subscribed ignored) and removes them; rerolls the secret', async () => {
    const { api } = local;
    const hook = await api.createWebhook({
      name: uniqueName('Events'),
      payload_uri: payloadUri,
      events: ['entry.created'],
    });
    expect((await api.addWebhookEvents(hook.id, ['entry.created', 'entry.deleted'])).events).toEqual([
      'entry.created',
      'entry.deleted',
    ]);
    expect((await api.removeWebhookEvents(hook.id, ['entry.created', 'entry.updated'])).events).toEqual([
      'entry.deleted',
    ]);
    const { secret } = await api.rerollWebhookSecret(hook.id);
    expect(secret).toEqual(expect.any(String));
    expect(secret).not.toBe(hook.secret);
  });

  it('disables and enables, and lists by state and event, most recent first, across pages', async () => {
    const { api } = local;
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(
        await api.createWebhook({
          name: uniqueName('Listed'),
          payload_uri: payloadUri,
          events: ['entry.updated.invoiced'],
        }),
      );
    await api.disableWebhook(made[1].id);
    expect((await api.getWebhook(made[1].id)).state).toBe('disabled');
    expect(
      ids(await collect(api.listWebhooks({ events: ['entry.updated.invoiced'], state: 'enabled', per_page: 1 }))),
    ).toEqual([made[2].id, made[0].id]);
    await api.enableWebhook(made[1].id);
    expect(ids(await collect(api.listWebhooks({ events: ['entry.updated.invoiced'], per_page: 2 })))).toEqual(
      ids(made).reverse(),
    );
  });

  it('pings: the service delivers a webhook.ping carrying the payload id it answered', async () => {
    const { api } = local;
    const hook = await api.createWebhook({ name: uniqueName('Pinged'), payload_uri: payloadUri, events: ['*'] });
    const ping = await api.pingWebhook(hook.id);
    expect(ping.message).toEqual(expect.any(String));
    expect(await deliveredWith(ping.payload_id!)).toMatchObject({ type: 'webhook.ping', webhook: { id: hook.id } });
  });

  it('answers not_found to a retry of a payload that did not fail', async () => {
    const { api } = local;
    const hook = await api.createWebhook({ name: uniqueName('Retried'), payload_uri: payloadUri, events: ['*'] });
    const ping = await api.pingWebhook(hook.id);
    expect((await failureOf(api.retryWebhookPayload(hook.id, ping.payload_id!))).kind).toBe('not_found');
    expect((await failureOf(api.retryWebhookPayload(hook.id, 'no-such-payload'))).kind).toBe('not_found');
  });

  it('refuses an unknown event (validation on events) and webhooks to a leader (forbidden)', async () => {
    const e = await failureOf(
      local.api.createWebhook({
        name: uniqueName('Bad'),
        payload_uri: payloadUri,
        events: ['entry.exploded' as never],
      }),
    );
    expect(e.errors).toContainEqual(expect.objectContaining({ field: 'events', code: 'invalid' }));
    const leader = await local.member('leader');
    expect((await failureOf(collect(leader.api.listWebhooks()))).kind).toBe('forbidden');
  });
});

describe('broadcast receivers', () => {
  it('lists, adds and removes subjects, rerolls the secret, disables and enables', async () => {
    const { api } = local;
    const name = uniqueName('Receiver');
    const made = await api.createBroadcastReceiver({ name, payload_uri: payloadUri, subjects: ['timer'] });
    expect(ids(await collect(api.listBroadcastReceivers({ name })))).toEqual([made.id]);

    expect((await api.removeBroadcastSubjects(made.id, ['timer'])).subjects).toEqual([]);
    expect((await api.addBroadcastSubjects(made.id, ['timer', 'timer'])).subjects).toEqual(['timer']);
    expect(ids(await collect(api.listBroadcastReceivers({ name, subjects: ['timer'] })))).toEqual([made.id]);

    const { secret } = await api.rerollBroadcastReceiverSecret(made.id);
    expect(secret).not.toBe(made.secret);

    await api.disableBroadcastReceiver(made.id);
    expect(ids(await collect(api.listBroadcastReceivers({ name, state: 'disabled' })))).toEqual([made.id]);
    await api.enableBroadcastReceiver(made.id);
    expect((await api.getBroadcastReceiver(made.id)).state).toBe('enabled');

    const e = await failureOf(api.addBroadcastSubjects(made.id, ['weather']));
    expect(e.errors).toContainEqual(expect.objectContaining({ field: 'subjects', code: 'invalid' }));
  });
});

describe('endpoints not yet implemented', () => {
  it('reports every inbox entry call as not_found', async () => {
    const { api } = local;
    const project = await api.createProject({ name: uniqueName('Inbox') });
    await api.startTimer(project.id);
    const calls: Array<Promise<unknown>> = [
      collect(api.listInboxEntries({ logged: false })),
      api.getInboxEntry(1),
      api.createInboxEntry({ date: '2025-01-01', description: 'later' }),
      api.updateInboxEntry(1, { date: '2025-01-01', description: 'later' }),
      api.logInboxEntry(1),
      api.deleteInboxEntry(1),
      api.logTimerToInbox(project.id, { description: 'later' }),
    ];
    for (const call of calls) expect((await failureOf(call)).kind).toBe('not_found');
    // The timer was not turned into anything.
    expect((await api.getTimer(project.id)).state).toBe('running');
  });

  it('reports every token-management call as not_found', async () => {
    const tokens = local.api.tokenManagement({ username: 'me@stint.local', password: 'secret' });
    const calls: Array<Promise<unknown>> = [
      tokens.listSubdomains(),
      tokens.listAuthorizations('acme'),
      tokens.getAuthorization('acme', 1),
      tokens.createAuthorization('acme', { client_id: 'app', client_secret: 's', scopes: ['project'] }),
      tokens.authorizeClient('acme', 'app', { client_secret: 's' }),
      tokens.updateAuthorization('acme', 1, { add_scopes: ['current_user'] }),
      tokens.deleteAuthorization('acme', 1),
      tokens.getApplicationToken('app', 'tok'),
      tokens.revokeApplicationTokens('app'),
      tokens.revokeApplicationToken('app', 'tok'),
    ];
    for (const call of calls) {
      const e = await failureOf(call);
      expect(e.kind).toBe('not_found');
      expect(e.status).toBe(404);
    }
  });
});
