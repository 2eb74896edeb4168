// The web host's side of the bridge: one WebSocket per page, carrying {id, channel, request} to
// common/dispatch (the same validation as Electron IPC) and {id, result} back, and pushing
// {snapshot} once on connect and on every change of core's state.

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { dispatch } from '../common/dispatch';
import { fail } from '../common/result';
import type { Core } from '../main/core/types';

export interface BridgeServer {
  /** Takes an HTTP upgrade that has already passed the host's checks (Host, Origin, the secret's cookie). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export function createBridgeServer(core: Core): BridgeServer {
  // A call is small; anything bigger than this is not one of ours.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });

  // An open page is the web host's shown window: core polls at the shown rate (and re-reads at
  // once) while one is connected, and at the hidden rate (or not at all, with broadcasts) after.
  let pages = 0;

  wss.on('connection', (ws: WebSocket) => {
    const send = (message: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    send({ snapshot: core.getSnapshot() });
    const unsubscribe = core.subscribe((snapshot) => send({ snapshot }));
    if (pages++ === 0) core.notify('window-shown');
    ws.on('close', () => {
      unsubscribe();
      if (--pages === 0) core.notify('window-hidden');
    });
    ws.on('error', () => ws.terminate());
    ws.on('message', async (data, isBinary) => {
      let message: { id?: unknown; channel?: unknown; request?: unknown };
      try {
        if (isBinary) throw new Error('binary');
        message = JSON.parse(data.toString());
        if (typeof message !== 'object' || message === null) throw new Error('not an object');
      } catch {
        return send({ id: null, result: fail('invalid_argument', 'Malformed message') });
      }
      const id = typeof message.id === 'number' && Number.isSafeInteger(message.id) ? message.id : null;
      if (id === null) return send({ id: null, result: fail('invalid_argument', 'Missing message id') });
      send({ id, result: await dispatch(core.handlers, message.channel, message.request) });
    });
  });

  return {
    handleUpgrade(request, socket, head) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
