// The StintBridge of the web host: where no preload gave us window.stint, the same calls travel
// over a WebSocket to the host (same origin, path /bridge). Every call carries an id and answers a
// Result like IPC does, never throws; a call that gets no answer in time fails with 'internal'.
// The socket reconnects with backoff, and calls made while it is down wait for it (up to their
// timeout) rather than fail at once. A host that answers HTTP but refuses the socket twice in a
// row is a later run, whose new secret this tab does not hold: the bridge stops and says so
// (onEarlierRun) rather than reconnect forever.

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
  /** Whether the host answers at all (an HTTP request to it); asked when the socket was refused. */
  hostAnswers?: () => Promise<boolean>;
  /** The host answers but refuses this tab's key: it is a later run's (the bridge has stopped). */
  onEarlierRun?: () => void;
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
  const createSocket = options.createSocket ?? browserSocket;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const waiting = createCallTable(timeoutMs);
  const broadcast = createBroadcast();
  const backoff = createBackoff();
  let socket: SocketLike | null = null;
  let closed = false;
  const laterRun = laterRunCheck(options.hostAnswers);

  const sendWaiting = () => waiting.sendUnsent(socket);

  const receive = receiverOf({
    snapshot: broadcast.snapshot,
    command: broadcast.command,
    answer: (id, result) => waiting.answer(id, result),
  });

  const connect = () => {
    if (closed) return;
    const current = createSocket(options.url, options.protocols ?? []);
    socket = current;
    let opened = false;
    current.onopen = () => {
      opened = true;
      laterRun.opened();
      backoff.reset();
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
      waiting.failAll('The connection to Stint was lost; check the result before trying again.', { sentOnly: true });
      if (closed) return;
      if (opened) return retryLater();
      void laterRun.refused().then((earlier) => {
        if (!earlier) return retryLater();
        stop('This page belongs to an earlier run of Stint.');
        options.onEarlierRun?.();
      });
    };
  };
  const retryLater = () => {
    if (!closed) backoff.later(connect);
  };
  const stop = (message: string) => {
    closed = true;
    backoff.cancel();
    socket?.close();
    waiting.failAll(message, { sentOnly: false });
  };

  const call = (channel: Channel, request: unknown): Promise<Result<unknown>> =>
    new Promise((resolve) => {
      if (closed) return resolve(fail('internal', 'Stint is closed.'));
      waiting.add(channel, request, resolve);
      sendWaiting();
    });

  const calls = handlersCalling(call);

  connect();

  return {
    ...calls,
    latestSnapshot: broadcast.latestSnapshot,
    onSnapshot: broadcast.onSnapshot,
    onUiCommand: broadcast.onUiCommand,
    close: () => stop('Stint is closed.'),
  };
}

/** The snapshots and UI commands from the host, told to their listeners; the latest snapshot kept for the asking. */
function createBroadcast() {
  const listeners = new Set<(snapshot: Snapshot) => void>();
  const commandListeners = new Set<(command: UiCommand) => void>();
  let latest: Snapshot | null = null;
  return {
    snapshot(next: Snapshot) {
      latest = next;
      for (const listener of listeners) listener(next);
    },
    command: (command: UiCommand) => {
      for (const listener of commandListeners) listener(command);
    },
    latestSnapshot: () => latest,
    onSnapshot: listenerOf(listeners),
    onUiCommand: listenerOf(commandListeners),
  };
}

/** When to try the socket again: 250 ms after a drop, doubling up to 5 s; an open starts over. */
function createBackoff() {
  let retryDelay = 250;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  return {
    reset() {
      retryDelay = 250;
    },
    later(connect: () => void) {
      retryTimer = setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 5_000);
    },
    cancel() {
      if (retryTimer) clearTimeout(retryTimer);
    },
  };
}

/** What to do with each message from the host: a snapshot, a UI command, or a call's answer. */
function receiverOf(to: {
  snapshot(snapshot: Snapshot): void;
  command(command: UiCommand): void;
  answer(id: number, result: Result<unknown>): void;
}) {
  return (data: unknown) => {
    let message: { id?: unknown; result?: Result<unknown>; snapshot?: Snapshot; uiCommand?: unknown };
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (message.snapshot) to.snapshot(message.snapshot);
    else if (isUiCommand(message.uiCommand)) to.command(message.uiCommand);
    else if (typeof message.id === 'number' && message.result) to.answer(message.id, message.result);
  };
}

/** Refusals of the socket while the host answers HTTP: two in a row (one may race its start) mean a later run. */
function laterRunCheck(hostAnswers: (() => Promise<boolean>) | undefined) {
  let refusedWhileUp = 0;
  return {
    opened() {
      refusedWhileUp = 0;
    },
    /** After a socket closed without opening: whether the host answers and refuses this tab's key. */
    async refused(): Promise<boolean> {
      if (!hostAnswers) return false;
      refusedWhileUp = (await hostAnswers()) ? refusedWhileUp + 1 : 0;
      return refusedWhileUp >= 2;
    },
  };
}

const browserSocket = (url: string, protocols: string[]) => new WebSocket(url, protocols) as unknown as SocketLike;

/** One handler per channel, each making the call over the socket. */
function handlersCalling(call: (channel: Channel, request: unknown) => Promise<Result<unknown>>): Handlers {
  return Object.fromEntries(
    channels.map((channel) => [channel, (request: unknown) => call(channel, request)]),
  ) as unknown as Handlers;
}

/** Adds a listener to the set; answers the function that removes it. */
function listenerOf<T>(set: Set<(value: T) => void>) {
  return (listener: (value: T) => void) => {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };
}

/** The calls waiting for their answer, each answered once: by the reply, a timeout, or a failure. */
function createCallTable(timeoutMs: number) {
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  const settle = (id: number, call: Waiting, result: Result<unknown>) => {
    waiting.delete(id);
    clearTimeout(call.timer);
    call.resolve(result);
  };
  return {
    add(channel: Channel, request: unknown, resolve: (result: Result<unknown>) => void) {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(fail('internal', 'Stint did not answer in time.'));
      }, timeoutMs);
      waiting.set(id, { resolve, timer, sent: false, message: JSON.stringify({ id, channel, request }) });
    },
    /** Sends the calls not sent yet, while the socket is open. */
    sendUnsent(socket: SocketLike | null) {
      for (const call of waiting.values()) {
        if (!call.sent && socket?.readyState === OPEN) {
          socket.send(call.message);
          call.sent = true;
        }
      }
    },
    answer(id: number, result: Result<unknown>) {
      const call = waiting.get(id);
      if (call) settle(id, call, result);
    },
    /** Fails every call, or only those already sent (which may or may not have run). */
    failAll(message: string, { sentOnly }: { sentOnly: boolean }) {
      for (const [id, call] of waiting) {
        if (sentOnly && !call.sent) continue;
        settle(id, call, fail('internal', message));
      }
    },
  };
}
