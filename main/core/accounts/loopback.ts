// The OAuth redirect's landing place (RFC 8252 §7.3): an HTTP server on 127.0.0.1 at a fixed port,
// because the service accepts a redirect_uri only on the host and port registered for the
// application (spec 000 step 1). Register the application with
//   npm run service -- register-app --name Stint --callback http://127.0.0.1:47813/oauth/callback --data DIR
// It lives only while one sign-in waits, takes the first redirect that carries the state this
// sign-in sent (any other is refused with a page saying so, and the wait goes on: a forged
// redirect must not end the user's sign-in), and answers the browser once the app knows how the
// sign-in ended.

import { timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { readAuthorizeRedirect } from '../../api/oauth';

/** The port registered as the application's callback; documented in README.md. */
export const OAUTH_LOOPBACK_PORT = 47813;
export const OAUTH_CALLBACK_PATH = '/oauth/callback';
export const loopbackRedirectUri = (port: number): string => `http://127.0.0.1:${port}${OAUTH_CALLBACK_PATH}`;

export interface LoopbackRedirect {
  redirectUri: string;
  /** The code of the redirect with our state; rejects with the OAuthError of an error redirect (access_denied). */
  code: Promise<string>;
  /** Answers the browser that brought the code, then stops listening. */
  finish(outcome: { ok: true; label: string } | { ok: false; message: string }): Promise<void>;
  /** Stops listening; a waiting `code` rejects with `reason`. */
  close(reason?: Error): Promise<void>;
}

export async function listenForRedirect(options: { port: number; state: string }): Promise<LoopbackRedirect> {
  const redirectUri = loopbackRedirectUri(options.port);
  let settle: { resolve(code: string): void; reject(error: Error): void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // Nobody may be left with an unhandled rejection when the sign-in is abandoned.
  code.catch(() => {});
  let landed: ServerResponse | null = null;

  // The browser's redirect is one small GET: a client that never finishes one holds a socket
  // only briefly (Node checks its bounds every 30 s by default).
  const server = createServer(
    { headersTimeout: 5_000, requestTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    (request, response) => {
      const url = new URL(request.url ?? '/', redirectUri);
      const ours =
        request.headers.host === `127.0.0.1:${options.port}` || request.headers.host === `localhost:${options.port}`;
      if (request.method !== 'GET' || !ours || url.pathname !== OAUTH_CALLBACK_PATH)
        return page(response, 404, 'Not found', 'There is nothing here.');
      if (landed)
        return page(response, 409, 'Already signed in', 'This sign-in is already being completed in another tab.');
      if (!sameState(url.searchParams.get('state'), options.state)) {
        return page(
          response,
          400,
          'Sign-in refused',
          'This answer does not belong to the sign-in Stint started, so Stint ignored it. Start the sign-in again from Stint if you meant to.',
        );
      }
      try {
        const { code: received } = readAuthorizeRedirect(url, options.state);
        landed = response;
        settle.resolve(received);
      } catch (error) {
        page(response, 400, 'Not signed in', `${(error as Error).message}. You can close this tab.`);
        settle.reject(error as Error);
      }
    },
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${options.port} on this computer is taken (another sign-in, or another program), so the browser cannot come back to Stint. Close it and try again.`,
            )
          : error,
      ),
    );
    server.listen(options.port, '127.0.0.1', resolve);
  });

  const close = async (reason = new Error('The sign-in was cancelled.')) => {
    settle.reject(reason);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    redirectUri,
    code,
    async finish(outcome) {
      if (landed) {
        if (outcome.ok)
          page(landed, 200, 'Signed in', `Stint is signed in to ${outcome.label}. You can close this tab.`);
        else page(landed, 400, 'Not signed in', `${outcome.message} You can close this tab.`);
        // The page reaches the browser before the connections are closed.
        const answered = landed;
        if (!answered.writableFinished)
          await new Promise((resolve) => answered.once('finish', resolve).once('close', resolve));
      }
      await close();
    },
    close,
  };
}

function sameState(got: string | null, expected: string): boolean {
  if (got === null) return false;
  const a = Buffer.from(got);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page: no script, no style, nothing loaded. */
function page(response: ServerResponse, status: number, title: string, text: string) {
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(title)} · Stint</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></html>`;
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Content-Security-Policy': "default-src 'none'",
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  response.end(body);
}
