// Endpoints the spec marks "not yet implemented": inbox entries (spec 001) and the
// token-management endpoints (spec 000) answer 404, whatever the body; the token-management ones
// take no token of ours, so they answer 404 with or without a credential.
import { describe, expect, it } from 'vitest';
import { rawRequest, serve, USER_AGENT } from '../support/support';

const INBOX: Array<[string, string]> = [
  ['GET', '/v2/inbox_entries'],
  ['GET', '/v2/inbox_entries/1'],
  ['POST', '/v2/inbox_entries'],
  ['PUT', '/v2/inbox_entries/1'],
  ['POST', '/v2/inbox_entries/1/log'],
  ['DELETE', '/v2/inbox_entries/1'],
  ['PUT', '/v2/projects/1/timer/log_inbox_entry'],
];

const TOKEN_MANAGEMENT: Array<[string, string]> = [
  ['GET', '/subdomains'],
  ['GET', '/authorizations/acme'],
  ['GET', '/authorizations/acme/7'],
  ['POST', '/authorizations/acme'],
  ['PUT', '/authorizations/acme/clients/abc'],
  ['PUT', '/authroizations/acme/7'],
  ['PUT', '/authorizations/acme/7'],
  ['DELETE', '/authorizations/acme/7'],
  ['GET', '/applications/abc/tokens/tok'],
  ['DELETE', '/applications/abc/tokens'],
  ['DELETE', '/applications/abc/tokens/tok'],
];

const emailAndPassword = `Basic ${Buffer.from('me@stint.local:secret').toString('base64')}`;

async function call(url: string, method: string, headers: Record<string, string>, body?: string) {
  return rawRequest(url, {
    method,
    // With its length: node:http sends a DELETE's body without Content-Length or chunking, so the
    // server would read the body as the start of the next request on the kept-alive socket.
    headers: {
      'user-agent': USER_AGENT,
      ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
      ...headers,
    },
    body,
  });
}

describe('not implemented endpoints', () => {
  it('every inbox entries endpoint answers 404 to an authenticated caller, whatever the body', async () => {
    const { service } = await serve();
    for (const [method, path] of INBOX) {
      for (const body of [undefined, '{"date":"2024-03-01","description":"x"}', '{not json', '[1]']) {
        const reply = await call(
          service.url + path,
          method,
          { 'x-servicetoken': service.token },
          method === 'GET' ? undefined : body,
        );
        expect(reply.status, `${method} ${path} ${body}`).toBe(404);
        expect(JSON.parse(reply.text).message, `${method} ${path}`).toMatch(/Not Found/);
      }
    }
  });

  it('inbox entries, like every v2 path, want a credential first (401)', async () => {
    const { service } = await serve();
    expect((await call(`${service.url}/v2/inbox_entries`, 'GET', {})).status).toBe(401);
  });

  it('every token-management endpoint answers 404, with e-mail and password, with a token or with nothing', async () => {
    const { service } = await serve();
    for (const [method, path] of TOKEN_MANAGEMENT) {
      for (const headers of [{ authorization: emailAndPassword }, { 'x-servicetoken': service.token }, {}] as Array<
        Record<string, string>
      >) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : '{"client_id":"abc","client_secret":"s"}';
        const reply = await call(service.url + path, method, headers, body);
        expect(reply.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(404);
      }
      expect((await call(service.url + path, method, {}, '{broken')).status, `${method} ${path} broken body`).toBe(404);
    }
  });
});
