// `npm run service` for operators: one JSON log line per request with its id (the caller's
// X-Request-Id when sane) and never a credential; SIGTERM finishes the request in flight and
// exits 0; settings from the environment, a bad one refused with a message naming it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../../support/postgres';
import { serviceCommand } from '../../../support/serviceCommand';

const UA = 'OpsTest/1';
const newToken = () => randomBytes(32).toString('base64url');
/** A recognisable secret for each place a credential can travel. */
const secret = (place: string) => `SECRET${place}${randomBytes(6).toString('hex')}`;

interface LogLine {
  request_id: string;
  method: string;
  route: string | null;
  url: string;
  status: number;
  ms: number;
  msg: string;
}

const requestLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine)
    .filter((l) => l.msg === 'request');

describe('the service command’s request log', () => {
  it('writes one JSON line per request with its id, method, route, status and time, and no credential however it was sent', async () => {
    const token = newToken();
    // --log: the flag that turned the log on before it was on by default.
    const service = serviceCommand(['--port', '0', '--rate-limit', '0', '--log'], { STINT_SERVICE_TOKEN: token });
    const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const secrets: string[] = [token];
    const send = async (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) => {
      const reply = await fetch(`${url}${path}`, { ...init, headers: { 'user-agent': UA, ...headers } });
      await reply.body?.cancel();
      return reply;
    };
    const use = (place: string) => {
      const value = secret(place);
      secrets.push(value);
      return value;
    };
    await send('/v2/current_user', { 'x-servicetoken': token });
    await send('/v2/current_user', { 'x-servicetoken': use('header') });
    await send('/v2/current_user', { authorization: `Bearer ${use('bearer')}` });
    await send('/v2/current_user', { authorization: `token ${use('tokenscheme')}` });
    const basic = use('basic');
    secrets.push(Buffer.from(`me@stint.local:${basic}`).toString('base64'));
    await send('/v2/current_user', {
      authorization: `Basic ${Buffer.from(`me@stint.local:${basic}`).toString('base64')}`,
    });
    await send('/v2/current_user', { cookie: `session=${use('cookie')}` });
    for (const parameter of [
      'token',
      'access_token',
      'service_token',
      'code',
      'client_secret',
      'refresh_token',
      'Token',
    ])
      await send(`/v2/current_user?page=2&${parameter}=${use(parameter)}`);
    await send(`/api/projects.json?service_token=${use('v1')}`);
    await send(`/no/such/path?access_token=${use('notfound')}`);
    await send(`/oauth/2/authorize?client_id=x&code=${use('authorize')}`);
    await send(
      '/oauth/2/access_token',
      { 'content-type': 'application/x-www-form-urlencoded' },
      {
        method: 'POST',
        body: `grant_type=authorization_code&client_id=x&client_secret=${use('body')}&code=${use('bodycode')}`,
      },
    );
    // Every request answered and logged (fastify's own end-of-request line counts too, so this
    // waits the same for a logger that writes other lines).
    await expect
      .poll(() => service.output().match(/"msg":"request( completed)?"/g)?.length ?? 0)
      .toBeGreaterThanOrEqual(17);
    service.child.kill('SIGTERM');
    expect(await service.exit).toBe(0);

    const output = service.output();
    for (const value of secrets) expect(output, 'a credential in the log').not.toContain(value);
    const lines = requestLines(output);
    expect(lines).toHaveLength(17);
    for (const line of lines) {
      expect(line.request_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.method).toMatch(/^(GET|POST)$/);
      expect(typeof line.status).toBe('number');
      expect(typeof line.ms).toBe('number');
    }
    expect(lines[0]).toMatchObject({ method: 'GET', route: '/v2/current_user', url: '/v2/current_user', status: 200 });
    expect(lines.find((l) => l.url.includes('page=2'))?.url).toBe('/v2/current_user?page=2&token=[redacted]');
    expect(lines.find((l) => l.url.startsWith('/no/such'))).toMatchObject({ route: null, status: 401 });
  });

  it('keeps a sane X-Request-Id and echoes it; replaces one too long or with odd characters', async () => {
    const service = serviceCommand(['--port', '0', '--rate-limit', '0']);
    const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const idOf = async (id: string) => {
      const reply = await fetch(`${url}/livez`, { headers: { 'x-request-id': id } });
      await reply.body?.cancel();
      return reply.headers.get('x-request-id');
    };
    expect(await idOf('lb-7f3a.42:abc_Z')).toBe('lb-7f3a.42:abc_Z');
    for (const odd of ['x'.repeat(129), 'has space', 'quote"d', '{"level":60}']) {
      const given = await idOf(odd);
      expect(given, odd).toMatch(/^[0-9a-f-]{36}$/);
    }
    await expect.poll(() => requestLines(service.output()).length).toBe(5);
    const lines = requestLines(service.output());
    expect(lines[0]!.request_id).toBe('lb-7f3a.42:abc_Z');
    expect(service.output()).not.toContain('has space');
    service.child.kill('SIGTERM');
    expect(await service.exit).toBe(0);
  });

  it('writes none with LOG_LEVEL=silent', async () => {
    const service = serviceCommand(['--port', '0'], { LOG_LEVEL: 'silent' });
    const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    await (await fetch(`${url}/livez`)).text();
    service.child.kill('SIGTERM');
    expect(await service.exit).toBe(0);
    expect(service.output()).not.toMatch(/^\{/m);
  });
});

describe('the service command’s stop', () => {
  it('answers a request in flight when SIGTERM arrives, then exits 0', async () => {
    const token = newToken();
    const service = serviceCommand(['--port', '0', '--rate-limit', '0'], { STINT_SERVICE_TOKEN: token });
    const [, port] = await service.line(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
    const body = JSON.stringify({ name: 'Made while stopping' });
    // Headers first, with Expect: 100-continue: the 100 says the service has the request.
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d));
    socket.write(
      [
        'POST /v2/projects HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `User-Agent: ${UA}`,
        `X-ServiceToken: ${token}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Expect: 100-continue',
        '',
        '',
      ].join('\r\n'),
    );
    await expect.poll(() => received).toMatch(/^HTTP\/1\.1 100 Continue/);
    service.child.kill('SIGTERM');
    await service.line(/SIGTERM: draining/);
    socket.write(body);
    await expect.poll(() => received).toMatch(/HTTP\/1\.1 201 Created[\s\S]*Made while stopping/);
    socket.end();
    expect(await service.exit).toBe(0);
    expect(service.output()).toMatch(/Stopped/);
  });

  it('answers /readyz 503 from the SIGTERM on while it still serves for DRAIN_SECONDS, and a second signal closes at once', async () => {
    const token = newToken();
    const service = serviceCommand(['--port', '0', '--rate-limit', '0'], {
      STINT_SERVICE_TOKEN: token,
      DRAIN_SECONDS: '600',
    });
    const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    service.child.kill('SIGTERM');
    await service.line(/SIGTERM: draining; closing in 600 s/);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', reason: 'draining' });
    const api = await fetch(`${url}/v2/current_user`, { headers: { 'user-agent': UA, 'x-servicetoken': token } });
    expect(api.status).toBe(200);
    service.child.kill('SIGINT');
    expect(await service.exit).toBe(0);
  });
});

describe('the service command’s settings from the environment', () => {
  it('takes PORT, HOST, RATE_LIMIT, METRICS_PORT and the token from STINT_SERVICE_TOKEN_FILE', async () => {
    const token = newToken();
    const file = join(mkdtempSync(join(tmpdir(), 'stint-ops-')), 'token');
    writeFileSync(file, `${token}\n`, { mode: 0o600 });
    const service = serviceCommand([], {
      PORT: '0',
      HOST: '127.0.0.1',
      RATE_LIMIT: '1',
      METRICS_PORT: '0',
      STINT_SERVICE_TOKEN_FILE: file,
    });
    const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const [, metrics] = await service.line(/Metrics: (http:\/\/127\.0\.0\.1:\d+\/metrics)/);
    const statuses = await Promise.all(
      Array.from({ length: 9 }, () =>
        fetch(`${url}/v2/current_user`, { headers: { 'user-agent': UA, 'x-servicetoken': token } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses).toContain(200);
    expect(statuses).toContain(429);
    expect(await (await fetch(metrics!)).text()).toMatch(/stint_http_429_total\{route="\/v2\/current_user"\} [1-9]/);
    service.child.kill('SIGTERM');
    expect(await service.exit).toBe(0);
  }, 60_000);

  it('seals webhook secrets with the key from STINT_SECRETS_KEY_FILE, as every instance of a team must', async () => {
    const database = await testDatabase();
    try {
      const token = newToken();
      const dir = mkdtempSync(join(tmpdir(), 'stint-ops-key-'));
      const keyFile = join(dir, 'secrets-key');
      writeFileSync(keyFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
      const service = serviceCommand(['--port', '0', '--rate-limit', '0'], {
        DATABASE_URL: database.url,
        STINT_SERVICE_TOKEN: token,
        STINT_SECRETS_KEY_FILE: keyFile,
      });
      const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const created = await fetch(`${url}/v2/webhooks`, {
        method: 'POST',
        headers: { 'user-agent': UA, 'x-servicetoken': token, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Hook', payload_uri: 'https://example.com/hook', events: ['entry.created'] }),
      });
      expect(created.status).toBe(201);
      const { secret } = (await created.json()) as { secret: string };
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ secret: string }>('SELECT secret FROM webhooks');
        expect(rows).toHaveLength(1);
        expect(rows[0]!.secret).toMatch(/^enc1:/);
        expect(rows[0]!.secret).not.toContain(secret);
      } finally {
        await client.end();
      }
      service.child.kill('SIGTERM');
      expect(await service.exit).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it('refuses to start on a bad value, naming the variable or flag and what it takes', async () => {
    const cases: Array<[Record<string, string>, string[], RegExp]> = [
      [{ PUBLIC_URL: 'ftp://stint.example.com' }, [], /PUBLIC_URL must start with https:\/\/ or http:\/\//],
      [{ PUBLIC_URL: 'https://stint.example.com/?a=1' }, [], /PUBLIC_URL must not have a query or a fragment/],
      [{}, ['--public-url', 'stint.example.com'], /--public-url must be an absolute URL/],
      [{ TRUST_PROXY: 'sometimes' }, [], /TRUST_PROXY must be true, false, or addresses/],
      [{ TRUST_PROXY: '2' }, [], /TRUST_PROXY: a number of proxy hops cannot be checked/],
      [{ TRUST_PROXY: '10.0.0.0/33' }, [], /TRUST_PROXY must be .*not "10\.0\.0\.0\/33"/],
      [{ METRICS_PORT: '70000' }, [], /METRICS_PORT must be a port number \(0\.\.65535\) \(got "70000"\)/],
      [{ PORT: 'eighty' }, [], /PORT must be a port number/],
      [{ RATE_LIMIT: '-1' }, [], /RATE_LIMIT must be a number of requests per second >= 0/],
      [{ LOG_LEVEL: 'loud' }, [], /LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent/],
      [{ DRAIN_SECONDS: 'soon' }, [], /DRAIN_SECONDS must be a number of seconds/],
      [
        { STINT_SECRETS_KEY: 'too short' },
        [],
        /STINT_SECRETS_KEY must hold a 32-byte key: 64 hex digits or 44 characters/,
      ],
      [
        { DATABASE_URL: 'postgres://127.0.0.1:1/none', DATABASE_POOL_SIZE: '0' },
        [],
        /DATABASE_POOL_SIZE must be a whole number of connections, at least 1/,
      ],
    ];
    await Promise.all(
      cases.map(async ([env, args, message]) => {
        const refused = serviceCommand(args, env);
        expect(await refused.exit, JSON.stringify(env)).toBe(2);
        expect(refused.output()).toMatch(message);
        expect(refused.output()).not.toMatch(/listening on/);
      }),
    );
  }, 120_000);
});
