// The web host: serves the renderer to a browser on 127.0.0.1 and carries the contract over a
// WebSocket (/bridge) to core running in this Node process. Used by the end-to-end tests (no
// Electron binary can run here) and by `npm run web` for fast UI work.
//
// Only this machine's pages may talk to it: it listens on loopback, answers only requests whose
// Host is its own address (which defeats DNS rebinding), and accepts a WebSocket only from a page
// it served itself (Origin check).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INITIAL_SNAPSHOT_ID } from '../common/channels';
import type { Snapshot } from '../common/snapshot';
import type { Core } from '../main/core/types';
import { WEB_HOST_CSP, withCspMeta } from '../scripts/csp.mjs';
import { createBridgeServer } from './bridgeServer';
import { buildRendererAssets, type Asset } from './rendererBundle';

export interface WebHostOptions {
  core: Core;
  /** Default: any free port. */
  port?: number;
  host?: '127.0.0.1';
  /** Prebuilt assets, to skip the build (tests that start many hosts). */
  assets?: Map<string, Asset>;
}

export interface WebHost {
  url: string;
  close(): Promise<void>;
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = options.host ?? '127.0.0.1';
  const assets = options.assets ?? (await buildRendererAssets());
  const bridge = createBridgeServer(options.core);
  let port = 0;

  const ourHosts = () => [`${host}:${port}`, `localhost:${port}`];
  const ourOrigins = () => ourHosts().map((h) => `http://${h}`);

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!ourHosts().includes(request.headers.host ?? '')) return answer(response, 421, 'Misdirected request');
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, 405, 'Method not allowed');
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const asset = assets.get(path === '/' ? '/index.html' : path);
    if (!asset) return answer(response, 404, 'Not found');
    // The page comes with its first snapshot, so it renders without waiting for the socket, and
    // with its policy in the header alone (the meta element cannot forbid framing).
    const body = asset.type.startsWith('text/html') ? withInitialSnapshot(withoutCspMeta(asset.body), options.core.getSnapshot()) : asset.body;
    response.writeHead(200, {
      'Content-Type': asset.type,
      'Content-Length': body.length,
      'Content-Security-Policy': WEB_HOST_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });

  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const allowed = path === '/bridge' && ourHosts().includes(request.headers.host ?? '') && ourOrigins().includes(request.headers.origin ?? '');
    if (!allowed) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    bridge.handleUpgrade(request, socket, head);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://${host}:${port}`,
    async close() {
      await bridge.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

const withoutCspMeta = (html: Buffer) => Buffer.from(withCspMeta(html.toString('utf8'), null), 'utf8');

/**
 * The page with its first snapshot in a JSON data block before </body>. Never run (not a script
 * type; the CSP allows no inline script anyway). Every '<' is escaped, so no text of the user's
 * (a description holding "</script>") can end the block early.
 */
export function withInitialSnapshot(html: Buffer, snapshot: Snapshot): Buffer {
  const json = JSON.stringify(snapshot).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${INITIAL_SNAPSHOT_ID}">${json}</script>`;
  // A function, not a string: a '$&' in the user's text must stay text, not a replacement pattern.
  return Buffer.from(html.toString('utf8').replace('</body>', () => `${block}\n  </body>`), 'utf8');
}
