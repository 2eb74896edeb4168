// The web bridge against a real WebSocket server speaking the host's protocol: ids pair answers
// with calls in any order, a silent host times out, and calls made while the socket is down are
// sent once it reconnects.
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { createWebBridge, type SocketLike, type WebBridge } from '../../../renderer/webBridge';

type Message = { id: number; channel: string; request: unknown };

let servers: WebSocketServer[] = [];
let bridges: WebBridge[] = [];

afterEach(async () => {
  for (const b of bridges) b.close();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  servers = [];
  bridges = [];
});

async function server(port = 0, onMessage?: (m: Message, reply: (result: unknown) => void, ws: WebSocket) => void) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  servers.push(wss);
  await new Promise((r) => wss.once('listening', r));
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as Message;
      onMessage?.(m, (result) => ws.send(JSON.stringify({ id: m.id, result })), ws);
    });
  });
  return { wss, port: (wss.address() as AddressInfo).port };
}

function bridge(port: number, timeoutMs = 2000, onConnection?: (up: boolean) => void) {
  const b = createWebBridge({
    url: `ws://127.0.0.1:${port}/bridge`,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    timeoutMs,
    onConnection,
  });
  bridges.push(b);
  return b;
}

describe('web bridge', () => {
  it('pairs each answer with its call by id, whatever order they come back in', async () => {
    const held: Array<() => void> = [];
    const { port } = await server(0, (m, reply) => {
      held.push(() => reply({ ok: true, value: { projectId: (m.request as { name: string }).name.length } }));
      if (held.length === 2) for (const send of held.reverse()) send();
    });
    const b = bridge(port);
    const [first, second] = await Promise.all([b.createProject({ name: 'a' }), b.createProject({ name: 'abc' })]);
    expect(first).toEqual({ ok: true, value: { projectId: 1 } });
    expect(second).toEqual({ ok: true, value: { projectId: 3 } });
  });

  it('sends the channel name and the request as given', async () => {
    const seen: Message[] = [];
    const { port } = await server(0, (m, reply) => {
      seen.push(m);
      reply({ ok: true, value: null });
    });
    await bridge(port).pauseTimer({ projectId: 7 });
    expect(seen).toEqual([{ id: 1, channel: 'pauseTimer', request: { projectId: 7 } }]);
  });

  it('fails a call with a typed error when the host does not answer in time', async () => {
    const { port } = await server(0, () => {});
    const result = await bridge(port, 150).refresh({});
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'Stint did not answer in time.' } });
  });

  it('hands pushed snapshots to every listener until it unsubscribes', async () => {
    const { wss, port } = await server(0);
    const b = bridge(port);
    const got: unknown[] = [];
    const stop = b.onSnapshot((s) => got.push(s));
    await new Promise((r) => wss.once('connection', r));
    for (const ws of wss.clients) ws.send(JSON.stringify({ snapshot: { n: 1 } }));
    await expect.poll(() => got).toEqual([{ n: 1 }]);
    stop();
    for (const ws of wss.clients) ws.send(JSON.stringify({ snapshot: { n: 2 } }));
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([{ n: 1 }]);
  });

  it('reconnects after the host goes away and sends the calls made meanwhile', async () => {
    const first = await server(0, (_m, reply) => reply({ ok: true, value: null }));
    const states: boolean[] = [];
    const b = bridge(first.port, 5000, (up) => states.push(up));
    expect(await b.refresh({})).toEqual({ ok: true, value: null });

    for (const ws of first.wss.clients) ws.terminate();
    await new Promise((r) => first.wss.close(r));
    servers = servers.filter((s) => s !== first.wss);
    await expect.poll(() => states).toEqual([true, false]);

    const pending = b.toggleLastTimer({});
    await server(first.port, (m, reply) => reply({ ok: true, value: m.channel }));
    expect(await pending).toEqual({ ok: true, value: 'toggleLastTimer' });
    expect(states).toEqual([true, false, true]);
  });

  it('fails a call that was sent when the connection dropped, since it may or may not have run', async () => {
    const { port } = await server(0, (_m, _reply, ws) => ws.terminate());
    const result = await bridge(port).logTimer({ projectId: 1 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toMatch(/connection to Stint was lost/);
  });
});
