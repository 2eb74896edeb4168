// The web host: serves the renderer to a browser on 127.0.0.1 and carries the contract over a
// WebSocket (/bridge) to core running in this Node process. Used by the end-to-end tests (no
// Electron binary can run here) and by `npm run web` for fast UI work.
//
// Only this machine's pages may talk to it: it listens on loopback, answers only requests whose
// Host is its own address (which defeats DNS rebinding), and accepts a WebSocket only from a page
// it served itself (Origin check).
//
// Those checks stop browsers, not other programs: any local process may send any Host and Origin.
// So each run also has a secret (32 random bytes), given once in the address Stint prints
// (/?k=…). Opening that address swaps it for an HttpOnly, SameSite=Strict cookie (a 303 to /, so
// the secret leaves the address bar and the history), and every page, asset and WebSocket upgrade
// without that cookie is refused with 403 before anything is served or any message is read.

import { randomBytes, timingSafeEqual } from 'node:crypto';
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
  /**
   * This run's secret; default 32 fresh random bytes (base64url). Only for a test that restarts a
   * host on the same port and expects the page it served to reconnect.
   */
  secret?: string;
}

export interface WebHost {
  /** The host's origin (http://127.0.0.1:PORT), without the secret: a request to it alone is refused. */
  url: string;
  /** The address to open (and the one to print): url + '/?k=' + the secret. Opening it sets the cookie. */
  openUrl: string;
  close(): Promise<void>;
}

/** The query parameter that carries the secret in the printed address. */
export const SECRET_PARAM = 'k';

/** The cookie's name: per port, since a browser's cookies for 127.0.0.1 are shared by every port. */
export const secretCookieName = (port: number) => `stint-web-${port}`;

const REFUSED = 'Forbidden: open the address Stint printed when it started (http://127.0.0.1:PORT/?k=...).';

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = options.host ?? '127.0.0.1';
  const assets = options.assets ?? (await buildRendererAssets());
  const bridge = createBridgeServer(options.core);
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  if (!/^[A-Za-z0-9_-]{43,}$/.test(secret))
    throw new Error('The web host secret must be at least 32 bytes, base64url.');
  const expected = Buffer.from(secret, 'utf8');
  let port = 0;

  /** Constant-time: a wrong guess takes as long however many of its first characters are right. */
  const isSecret = (candidate: string | null | undefined): boolean => {
    if (typeof candidate !== 'string') return false;
    const given = Buffer.from(candidate, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const hasCookie = (request: IncomingMessage) =>
    cookieValues(request.headers.cookie, secretCookieName(port)).some(isSecret);

  const ourHosts = () => [`${host}:${port}`, `localhost:${port}`];
  const ourOrigins = () => ourHosts().map((h) => `http://${h}`);

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!ourHosts().includes(request.headers.host ?? '')) return answer(response, 421, 'Misdirected request');
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, 405, 'Method not allowed');
    const url = new URL(request.url ?? '/', 'http://x');
    const path = url.pathname;
    if (url.searchParams.has(SECRET_PARAM)) {
      // The printed address: its secret becomes the cookie, and the page is asked for again without
      // it (a fragment, /?k=…#settings, survives the redirect).
      if (!isSecret(url.searchParams.get(SECRET_PARAM))) return answer(response, 403, REFUSED);
      response.writeHead(303, {
        Location: '/',
        'Set-Cookie': `${secretCookieName(port)}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'Content-Length': 0,
      });
      return response.end();
    }
    if (!hasCookie(request)) return answer(response, 403, REFUSED);
    const asset = assets.get(path === '/' ? '/index.html' : path);
    if (!asset) return answer(response, 404, 'Not found');
    // The page comes with its first snapshot, so it renders without waiting for the socket, and
    // with its policy in the header alone (the meta element cannot forbid framing).
    const body = asset.type.startsWith('text/html')
      ? withInitialSnapshot(withoutCspMeta(asset.body), options.core.getSnapshot())
      : asset.body;
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
    const allowed =
      path === '/bridge' &&
      ourHosts().includes(request.headers.host ?? '') &&
      ourOrigins().includes(request.headers.origin ?? '') &&
      hasCookie(request);
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

  const url = `http://${host}:${port}`;
  return {
    url,
    openUrl: `${url}/?${SECRET_PARAM}=${secret}`,
    async close() {
      await bridge.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function answer(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

/** Every value of the named cookie in a Cookie header (a browser may send a name twice). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) values.push(pair.slice(at + 1).trim());
  }
  return values;
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
  return Buffer.from(
    html.toString('utf8').replace('</body>', () => `${block}\n  </body>`),
    'utf8',
  );
}
