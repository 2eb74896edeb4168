// The web host: serves the renderer to a browser on 127.0.0.1 and carries the contract over a
// WebSocket (/bridge) to the app running in this Node process. Used by the end-to-end tests (no
// Electron binary can run here) and by `npm run web` for fast UI work.
//
// Only this machine's pages may talk to it: it listens on loopback, answers only requests whose
// Host is its own address (which defeats DNS rebinding), and accepts a WebSocket only from a page
// it served itself (Origin check).
//
// Those checks stop browsers, not other programs: any local process may send any Host and Origin.
// So each run also has a secret (32 random bytes), given once in the address Stint prints, in its
// fragment (/#k=…), which browsers never send to a server. The page, its script and its styles
// hold no data and are served to anyone; the data travel only over the WebSocket, and its upgrade
// is refused with 403, before any message is read or sent, unless the handshake offers the secret
// as a subprotocol (common/webHostSecret.ts). No cookie carries it: a browser sends a cookie for
// 127.0.0.1 to every port of 127.0.0.1, so any local server would have received it.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { offeredSecrets, SECRET_FRAGMENT_KEY } from '../common/webHostSecret';
import { WEB_HOST_CSP, withCspMeta } from '../scripts/csp.mjs';
import { createBridgeServer, type BridgedApp } from './bridgeServer';
import { buildRendererAssets, type Asset } from './rendererBundle';

/**
 * Bounds on a connection's request time, in ms: a client that never finishes its request holds a
 * socket only briefly (Node's defaults are 60 s for headers and 300 s for a request, checked every
 * 30 s). An upgraded WebSocket is no longer a request and is not cut by these.
 */
export const LOOPBACK_LIMITS = { headersTimeout: 5_000, requestTimeout: 10_000, connectionsCheckingInterval: 1_000 };

export interface WebHostOptions {
  /** The app (openStintApp's StintApp), or what of it the bridge needs. */
  app: BridgedApp;
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
  /** The host's origin (http://127.0.0.1:PORT), without the secret: its page opens no bridge. */
  url: string;
  /** The address to open (and the one to print): url + '/#k=' + the secret, which the page keeps. */
  openUrl: string;
  close(): Promise<void>;
}

/**
 * The cookie that carried the secret before it moved to the fragment: a host here expires every
 * one a browser still sends (any port's, since they all reach every port).
 */
const OLD_SECRET_COOKIE = /^stint-web-\d+$/;

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = options.host ?? '127.0.0.1';
  const assets = options.assets ?? (await buildRendererAssets());
  const bridge = createBridgeServer(options.app);
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
  const offersSecret = (request: IncomingMessage) =>
    offeredSecrets(headerText(request.headers['sec-websocket-protocol'])).some(isSecret);

  const ourHosts = () => [`${host}:${port}`, `localhost:${port}`];
  const ourOrigins = () => ourHosts().map((h) => `http://${h}`);

  const server = createServer(LOOPBACK_LIMITS, (request: IncomingMessage, response: ServerResponse) => {
    if (!ourHosts().includes(request.headers.host ?? '')) return answer(response, 421, 'Misdirected request');
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(response, 405, 'Method not allowed');
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const asset = assets.get(path === '/' ? '/index.html' : path);
    if (!asset) return answer(response, 404, 'Not found');
    // The page's code only: its data come over the socket, after the secret. Its policy is in the
    // header alone (the meta element cannot forbid framing).
    const body = asset.type.startsWith('text/html') ? withoutCspMeta(asset.body) : asset.body;
    const expired = expiredOldCookies(request.headers.cookie);
    response.writeHead(200, {
      'Content-Type': asset.type,
      'Content-Length': body.length,
      'Content-Security-Policy': WEB_HOST_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      ...(expired.length > 0 ? { 'Set-Cookie': expired } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });

  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const allowed =
      path === '/bridge' &&
      ourHosts().includes(request.headers.host ?? '') &&
      ourOrigins().includes(request.headers.origin ?? '') &&
      offersSecret(request);
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
    openUrl: `${url}/#${SECRET_FRAGMENT_KEY}=${secret}`,
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

/** One header's text, whichever form node gave it in. */
const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/** A Set-Cookie that expires each of the old secret cookies the request carried. */
export function expiredOldCookies(header: string | undefined): string[] {
  if (!header) return [];
  const names = new Set<string>();
  for (const pair of header.split(';')) {
    const name = pair.slice(0, Math.max(pair.indexOf('='), 0)).trim();
    if (OLD_SECRET_COOKIE.test(name)) names.add(name);
  }
  return [...names].map((name) => `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict`);
}

const withoutCspMeta = (html: Buffer) => Buffer.from(withCspMeta(html.toString('utf8'), null), 'utf8');
