// The StintBridge of the web host: where no preload gave us window.stint, the same calls travel
// over a WebSocket to the host (same origin, path /bridge). Every call carries an id and answers a
// Result like IPC does, never throws; a call that gets no answer in time fails with 'internal'.
// The socket reconnects with backoff, and calls made while it is down wait for it (up to their
// timeout) rather than fail at once.

import type { Channel, Handlers, StintBridge, UiCommand } from '../common/contract';
import { isUiCommand } from '../common/channels';
import { fail, type Result } from '../common/result';
import type { Snapshot } from '../common/snapshot';
import { channels } from '../common/channels';

/** The smallest WebSocket this needs: the browser's, or the ws package's in tests. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface WebBridgeOptions {
  url: string;
  /** Offered in the handshake: the web host's page offers its secret here (common/webHostSecret.ts). */
  protocols?: string[];
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  /** How long a call waits for its answer, including time spent reconnecting. */
  timeoutMs?: number;
  /** Told when the connection opens or drops, for the "connecting" banner. */
  onConnection?: (connected: boolean) => void;
}

export interface WebBridge extends StintBridge {
  close(): void;
}

const OPEN = 1;

interface Waiting {
  resolve(result: Result<unknown>): void;
  timer: ReturnType<typeof setTimeout>;
  sent: boolean;
  message: string;
}

export function createWebBridge(options: WebBridgeOptions): WebBridge {
  const createSocket =
    options.createSocket ??
    ((url: string, protocols: string[]) => new WebSocket(url, protocols) as unknown as SocketLike);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const waiting = new Map<number, Waiting>();
  const listeners = new Set<(snapshot: Snapshot) => void>();
  const commandListeners = new Set<(command: UiCommand) => void>();
  let nextId = 1;
  let socket: SocketLike | null = null;
  let retryDelay = 250;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let latest: Snapshot | null = null;

  const sendWaiting = () => {
    for (const call of waiting.values()) {
      if (!call.sent && socket?.readyState === OPEN) {
        socket.send(call.message);
        call.sent = true;
      }
    }
  };

  const receive = (data: unknown) => {
    let message: { id?: unknown; result?: Result<unknown>; snapshot?: Snapshot; uiCommand?: unknown };
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (message.snapshot) {
      latest = message.snapshot;
      for (const listener of listeners) listener(message.snapshot);
    } else if (isUiCommand(message.uiCommand)) {
      for (const listener of commandListeners) listener(message.uiCommand);
    } else if (typeof message.id === 'number' && message.result) {
      const call = waiting.get(message.id);
      if (!call) return;
      waiting.delete(message.id);
      clearTimeout(call.timer);
      call.resolve(message.result);
    }
  };

  const connect = () => {
    if (closed) return;
    const current = createSocket(options.url, options.protocols ?? []);
    socket = current;
    current.onopen = () => {
      retryDelay = 250;
      options.onConnection?.(true);
      sendWaiting();
    };
    current.onmessage = (event) => receive(event.data);
    current.onerror = () => {};
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      options.onConnection?.(false);
      // A call already sent may or may not have run: it cannot be resent blindly, so it fails and
      // the user sees the outcome in the next snapshot.
      for (const [id, call] of waiting) {
        if (!call.sent) continue;
        waiting.delete(id);
        clearTimeout(call.timer);
        call.resolve(fail('internal', 'The connection to Stint was lost; check the result before trying again.'));
      }
      if (closed) return;
      retryTimer = setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 5_000);
    };
  };

  const call = (channel: Channel, request: unknown): Promise<Result<unknown>> =>
    new Promise((resolve) => {
      if (closed) return resolve(fail('internal', 'Stint is closed.'));
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(fail('internal', 'Stint did not answer in time.'));
      }, timeoutMs);
      waiting.set(id, { resolve, timer, sent: false, message: JSON.stringify({ id, channel, request }) });
      sendWaiting();
    });

  const calls = Object.fromEntries(
    channels.map((channel) => [channel, (request: unknown) => call(channel, request)]),
  ) as unknown as Handlers;

  connect();

  return {
    ...calls,
    latestSnapshot: () => latest,
    onSnapshot(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onUiCommand(listener) {
      commandListeners.add(listener);
      return () => {
        commandListeners.delete(listener);
      };
    },
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      socket?.close();
      for (const [id, waitingCall] of waiting) {
        waiting.delete(id);
        clearTimeout(waitingCall.timer);
        waitingCall.resolve(fail('internal', 'Stint is closed.'));
      }
    },
  };
}
