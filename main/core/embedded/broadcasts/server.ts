// The loopback HTTP server broadcasts arrive at. It knows nothing of signatures: it takes POSTs on
// one path, reads the raw bytes (capped), hands them to `check` and answers what it says. The
// service never retries a broadcast (spec 000), so a refusal is final: 204 when accepted, 4xx
// otherwise.
//
// Listening on 127.0.0.1 only: the embedded service is in this process, and nothing else needs to
// reach it. Requests must name that address in Host (a page that rebinds a DNS name to 127.0.0.1
// cannot), though the signature is what makes a broadcast count.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A broadcast body is a few hundred bytes; anything near this is not one. */
export const MAX_BODY_BYTES = 64 * 1024;
export const RECEIVER_PATH = '/stint/broadcast';
const HOST = '127.0.0.1';

export interface CheckResult {
  /** 204 when accepted, else the 4xx to answer. */
  status: number;
  /** Short reason for a refusal, shown in the answer's body; never anything secret. */
  reason?: string;
}

export interface ReceiverServerOptions {
  /** The port to listen on when it is free (the one the service knows from last time); else any free one. */
  preferredPort?: number | null;
  check(body: Buffer, headers: IncomingHttpHeaders): CheckResult;
}

export interface ReceiverServer {
  readonly port: number;
  /** What the service POSTs to. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startReceiverServer(options: ReceiverServerOptions): Promise<ReceiverServer> {
  let port = 0;
  // A sender that stalls holds a socket only briefly (the service's own deadline is 10 s); Node
  // checks these bounds every 30 s unless told otherwise, which would let a stalled socket stay 40 s.
  const server = createServer(
    { headersTimeout: 5_000, requestTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    (request, response) => {
      if (request.headers.host !== `${HOST}:${port}`) return answer(response, 421, 'misdirected');
      if (new URL(request.url ?? '/', 'http://x').pathname !== RECEIVER_PATH) return answer(response, 404, 'not found');
      if (request.method !== 'POST') return answer(response, 405, 'method not allowed', { Allow: 'POST' });
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > MAX_BODY_BYTES) return answer(response, 413, 'too large');
      readCapped(request, MAX_BODY_BYTES).then(
        (body) => {
          if (!body) return answer(response, 413, 'too large');
          const result = options.check(body, request.headers);
          answer(response, result.status, result.reason ?? '');
        },
        () => request.destroy(),
      );
    },
  );
  server.maxConnections = 32;

  port = await listen(server, options.preferredPort ?? 0).catch((error: NodeJS.ErrnoException) => {
    if (options.preferredPort && error.code === 'EADDRINUSE') return listen(server, 0);
    throw error;
  });

  return {
    port,
    url: `http://${HOST}:${port}${RECEIVER_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listen(server: ReturnType<typeof createServer>, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** The whole body, or null when it grows past `limit` (the rest is not read). */
function readCapped(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        request.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  if (response.headersSent) return;
  const body = status === 204 ? '' : text;
  // Close the connection after a refusal: whatever else that sender has queued is not wanted.
  response.writeHead(status, {
    ...headers,
    ...(body ? { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) } : {}),
    ...(status >= 400 ? { Connection: 'close' } : {}),
  });
  response.end(body);
}
