// A network fault double: a raw node:http server that answers each request as the test cues it
// (a status, a redirect, a dropped connection, silence). It stands in for the network and its
// failures, not for the service; the service itself is tested in test/integration/api.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Cue =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  /** read the request, then close the connection without answering: sent, no answer */
  | 'drop'
  /** read the request and never answer */
  | 'hang';

export type Handler = (req: Seen, index: number) => Cue;

export interface FaultServer {
  url: string;
  seen: Seen[];
  /** Replaces how the next requests are answered. */
  answer(handler: Handler): void;
  close(): Promise<void>;
}

/** Answers the cues in order, then repeats the last one. */
export const inTurn =
  (...cues: Cue[]): Handler =>
  (_req, index) =>
    cues[Math.min(index, cues.length - 1)]!;

export const json = (status: number, body?: unknown, headers?: Record<string, string>): Cue => ({
  status,
  body,
  headers,
});

export async function startFaultServer(handler: Handler = () => json(200, {})): Promise<FaultServer> {
  const seen: Seen[] = [];
  let current = handler;
  let offset = 0; // index restarts at 0 for each new handler
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Seen = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const cue = current(entry, seen.length - 1 - offset);
      if (cue === 'drop') {
        req.socket.destroy();
        return;
      }
      if (cue === 'hang') return;
      const text = cue.body === undefined ? '' : typeof cue.body === 'string' ? cue.body : JSON.stringify(cue.body);
      res.writeHead(cue.status, { ...(text ? { 'Content-Type': 'application/json' } : {}), ...cue.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer(next) {
      current = next;
      offset = seen.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens: connecting is refused. */
export async function refusedUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
