// The web host's side of the bridge: one WebSocket per page, carrying {id, channel, request} to
// common/dispatch (the same validation as Electron IPC) and {id, result} back, and pushing
// {snapshot} once on connect and on every change of core's state.
//
// What arrives is untrusted even from an authenticated page: every frame is answered with a
// Result (a refusal is fail('invalid_argument', …)), nothing thrown on the way escapes as an
// unhandled rejection, and a socket that is not a page is closed with a code: a frame over
// MAX_PAYLOAD (1009, by ws), a text frame that is not UTF-8 (1007, by ws), a flood (1008).

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { dispatch } from '../common/dispatch';
import { fail } from '../common/result';
import { BRIDGE_PROTOCOL } from '../common/webHostSecret';
import type { StintApp } from '../main/core/accounts/stintApp';

/** What the bridge needs of the app: its calls, its snapshots and the pages' comings and goings. */
export type BridgedApp = Pick<StintApp, 'handlers' | 'getSnapshot' | 'subscribe' | 'notify'> &
  Partial<Pick<StintApp, 'setSystemLanguages'>>;

/** The most languages a page's `languages` query is read for: a browser lists a handful. */
const MAX_LANGUAGES = 16;

/**
 * The page's navigator.languages, sent as `/bridge?languages=de-DE,en` (renderer/main.tsx): the
 * web host's "system" languages are its user's browser's. Only BCP 47 tags are kept.
 */
export function pageLanguages(url: string | undefined): string[] {
  const list = new URL(url ?? '/', 'http://x').searchParams.get('languages') ?? '';
  return list
    .split(',')
    .slice(0, MAX_LANGUAGES)
    .filter((tag) => /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag));
}

export interface BridgeServer {
  /** Takes an HTTP upgrade that has already passed the host's checks (Host, Origin, the secret in its handshake). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

/** A call is small (a description is at most 10,000 characters); anything bigger is not one of ours. */
export const MAX_PAYLOAD = 256 * 1024;

/**
 * A page's calls follow a person's clicks (and a reconnect resends a handful): far below these. A
 * socket that sends faster than `perSecond` once its `burst` is spent, or keeps more than
 * `inFlight` calls unanswered, is not a page, and is closed with CLOSE_FLOOD.
 */
export const FLOOD_LIMITS = { burst: 200, perSecond: 100, inFlight: 64 } as const;

/** Policy violation (RFC 6455): the close code for a flood. */
export const CLOSE_FLOOD = 1008;

export function createBridgeServer(core: BridgedApp): BridgeServer {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_PAYLOAD,
    // The answer names the bridge's protocol, never the offered one that carries the secret.
    handleProtocols: (offered) => (offered.has(BRIDGE_PROTOCOL) ? BRIDGE_PROTOCOL : false),
  });

  // An open page is the web host's shown window: core polls at the shown rate (and re-reads at
  // once) while one is connected, and at the hidden rate (or not at all, with broadcasts) after.
  let pages = 0;

  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    // Before the first snapshot, so the page gets its language's in it.
    const languages = pageLanguages(request.url);
    if (languages.length > 0) core.setSystemLanguages?.(languages);
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

    // A token bucket of messages, and the calls not answered yet.
    let tokens: number = FLOOD_LIMITS.burst;
    let filledAt = Date.now();
    let inFlight = 0;
    let flooded = false;
    ws.on('message', (data, isBinary) => {
      if (flooded) return;
      const now = Date.now();
      tokens = Math.min(FLOOD_LIMITS.burst, tokens + ((now - filledAt) / 1000) * FLOOD_LIMITS.perSecond);
      filledAt = now;
      if (tokens < 1 || inFlight >= FLOOD_LIMITS.inFlight) {
        flooded = true;
        ws.close(CLOSE_FLOOD, 'Too many messages');
        return;
      }
      tokens -= 1;
      inFlight++;
      // binaryType is ws's default, 'nodebuffer': every frame arrives as one Buffer.
      void answer(core, data as Buffer, isBinary)
        .catch((error: unknown) => ({
          id: null,
          result: fail('internal', error instanceof Error ? error.message : 'Unexpected error'),
        }))
        .then((reply) => {
          inFlight--;
          send(reply);
        });
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

/** The reply to one frame: always a Result, with the frame's id when it had a usable one. */
async function answer(
  core: BridgedApp,
  data: Buffer,
  isBinary: boolean,
): Promise<{ id: number | null; result: unknown }> {
  let message: { id?: unknown; channel?: unknown; request?: unknown };
  try {
    if (isBinary) throw new Error('binary');
    message = JSON.parse(data.toString('utf8'));
    if (typeof message !== 'object' || message === null || Array.isArray(message)) throw new Error('not an object');
  } catch {
    return { id: null, result: fail('invalid_argument', 'Malformed message') };
  }
  const id = typeof message.id === 'number' && Number.isSafeInteger(message.id) ? message.id : null;
  if (id === null) return { id: null, result: fail('invalid_argument', 'Missing message id') };
  try {
    return { id, result: await dispatch(core.handlers, message.channel, message.request) };
  } catch (error) {
    // dispatch answers a Result itself; this keeps a bug there from becoming an unhandled rejection.
    return { id, result: fail('internal', error instanceof Error ? error.message : 'Unexpected error') };
  }
}
