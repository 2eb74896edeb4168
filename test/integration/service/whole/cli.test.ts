// `npm run service`: prints the URL and, once, the generated token; stops cleanly on a signal;
// takes the owner's token and password from a private file or the environment, out of the process
// list, and warns when they come as plain flags.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../../support/postgres';
import { serviceCommand } from '../../../support/serviceCommand';

// The command as a child, with only the environment a test gives (no token, password or database
// from the shell that runs the tests).
const run = serviceCommand;

describe('the service command', () => {
  it('prints its URL and the generated token once, serves with it, and exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stint-cli-'));
    const first = run(['--port', '0', '--data', dataDir, '--rate-limit', '0']);
    const [, url] = await first.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const [, token] = await first.line(/Personal token \(shown once\): (\S+)/);
    const reply = await fetch(`${url}/v2/current_user`, {
      headers: { 'user-agent': 'CliTest/1', 'x-servicetoken': token! },
    });
    expect(reply.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    const second = run(['--port', '0', '--data', dataDir]);
    await second.line(/listening on/);
    await second.line(/Personal token: the one shown/);
    expect(second.output()).not.toContain(token);
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
  });

  it('refuses a --token anyone could guess (under 32 characters), saying why', async () => {
    const weak = run(['--port', '0', '--token', 'T0KEN']);
    expect(await weak.exit).toBe(2);
    expect(weak.output()).toMatch(/--token must be at least 32 characters/);
    expect(weak.output()).not.toMatch(/listening on/);
  });

  it('refuses a port that is not one, with the usage', async () => {
    const bad = run(['--port', 'eighty']);
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toMatch(/--port must be/);
    expect(bad.output()).toMatch(/usage:/);
  });
});

/** A token no one could guess, of the length the command asks for. */
const newToken = () => randomBytes(32).toString('base64url');
const OWNER = 'me@stint.local';

/** Does the service take this personal token (X-ServiceToken on v2)? */
async function tokenWorks(url: string, token: string): Promise<boolean> {
  const reply = await fetch(`${url}/v2/current_user`, {
    headers: { 'user-agent': 'CliTest/1', 'x-servicetoken': token },
  });
  await reply.body?.cancel();
  return reply.status === 200;
}

/** Does the owner sign in with this password (v1's Basic e-mail and password)? */
async function passwordWorks(url: string, password: string): Promise<boolean> {
  const reply = await fetch(`${url}/api/user/api_auth_token.json`, {
    headers: {
      'user-agent': 'CliTest/1',
      authorization: `Basic ${Buffer.from(`${OWNER}:${password}`).toString('base64')}`,
    },
  });
  await reply.body?.cancel();
  return reply.status === 200;
}

/** A file with the secret and a final line break, as `echo secret > file` writes it. */
function secretFile(dir: string, name: string, text: string, mode: number): string {
  const path = join(dir, name);
  writeFileSync(path, `${text}\n`, { mode });
  return path;
}

describe('the service command’s secrets', () => {
  it('takes the token and the owner’s password from files only their owner may read, and neither shows in its process list', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stint-cli-secrets-'));
    const [token, password] = [newToken(), `owner password ${randomBytes(4).toString('hex')}`];
    const service = run([
      '--port',
      '0',
      '--data',
      join(dir, 'data'),
      '--rate-limit',
      '0',
      '--token-file',
      secretFile(dir, 'token', token, 0o600),
      '--owner-password-file',
      secretFile(dir, 'password', password, 0o600),
    ]);
    const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(await tokenWorks(url!, token)).toBe(true);
    expect(await passwordWorks(url!, password)).toBe(true);
    expect(await tokenWorks(url!, newToken())).toBe(false);
    // What every local user reads of this process: its command line holds the files' names only.
    if (process.platform === 'linux') {
      const cmdline = readFileSync(`/proc/${service.child.pid}/cmdline`, 'utf8');
      expect(cmdline).toContain('--token-file');
      expect(cmdline).not.toContain(token);
      expect(cmdline).not.toContain(password);
    }
    expect(service.errors()).not.toMatch(/warning/);
    expect(service.output()).not.toContain(token);
    service.child.kill('SIGTERM');
    expect(await service.exit).toBe(0);
  });

  it('takes them from STINT_SERVICE_TOKEN and STINT_OWNER_PASSWORD, without a warning', async () => {
    const [token, password] = [newToken(), `owner password ${randomBytes(4).toString('hex')}`];
    const service = run(['--port', '0', '--rate-limit', '0'], {
      STINT_SERVICE_TOKEN: token,
      STINT_OWNER_PASSWORD: password,
    });
    const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(await tokenWorks(url!, token)).toBe(true);
    expect(await passwordWorks(url!, password)).toBe(true);
    // A token was given, so none is made and printed.
    expect(service.output()).not.toMatch(/Personal token \(shown once\)/);
    expect(service.errors()).not.toMatch(/warning/);
    service.child.kill('SIGTERM');
    expect(await service.exit).toBe(0);
  });

  it('refuses a secret file that group or others may read, saying chmod 600, and starts nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stint-cli-secrets-'));
    for (const [flag, mode] of [
      ['--token-file', 0o644],
      ['--owner-password-file', 0o640],
      ['--token-file', 0o604],
    ] as const) {
      const path = secretFile(dir, `open-${mode.toString(8)}`, newToken(), mode);
      const refused = run(['--port', '0', flag, path]);
      expect(await refused.exit).toBe(2);
      expect(refused.errors()).toContain(`${flag} ${path} can be read by other users`);
      expect(refused.errors()).toContain(`chmod 600 ${path}`);
      expect(refused.output()).not.toMatch(/listening on/);
    }
  });

  it('warns on stderr when --token or --owner-password is given as a plain flag, and still takes it', async () => {
    const [token, password] = [newToken(), `owner password ${randomBytes(4).toString('hex')}`];
    const service = run(['--port', '0', '--rate-limit', '0', '--token', token, '--owner-password', password]);
    const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    for (const [flag, file] of [
      ['--token', '--token-file'],
      ['--owner-password', '--owner-password-file'],
    ])
      expect(service.errors()).toContain(
        `warning: ${flag} can be read by every user of this machine in the process list; use ${file} <file>`,
      );
    // The warning names the flag, never its value.
    expect(service.errors()).not.toContain(token);
    expect(service.errors()).not.toContain(password);
    expect(await tokenWorks(url!, token)).toBe(true);
    expect(await passwordWorks(url!, password)).toBe(true);
    service.child.kill('SIGTERM');
    expect(await service.exit).toBe(0);
  });

  it('says so in --help: the plain flags show in the process list; the file and the variable are the way', async () => {
    const help = run(['--help']);
    expect(await help.exit).toBe(0);
    expect(help.output()).toMatch(/--token-file <file> \(mode 600\), or STINT_SERVICE_TOKEN/);
    expect(help.output()).toMatch(/--owner-password-file <file> \(mode 600\), or STINT_OWNER_PASSWORD/);
    expect(help.output()).toMatch(/every user of this machine can read\s+them in the process list/);
  });
});

describe('the service command on PostgreSQL', () => {
  it('runs on the database DATABASE_URL names: what it is sent is stored there, and the URL it prints hides the password', async () => {
    const database = await testDatabase();
    const token = newToken();
    const withPassword = database.url.replace(/@/, ':not-shown@');
    try {
      // The cluster trusts local connections, so a password in the URL is ignored there, but never printed.
      const service = run(['--port', '0', '--rate-limit', '0'], {
        DATABASE_URL: withPassword,
        STINT_SERVICE_TOKEN: token,
      });
      const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      await service.line(/Data: PostgreSQL /);
      expect(service.output()).not.toContain('not-shown');
      const created = await fetch(`${url}/v2/projects`, {
        method: 'POST',
        headers: { 'user-agent': 'CliTest/1', 'x-servicetoken': token, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Stored in PostgreSQL' }),
      });
      expect(created.status).toBe(201);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query('SELECT name FROM projects');
        expect(rows.map((r) => r.name)).toContain('Stored in PostgreSQL');
      } finally {
        await client.end();
      }
      service.child.kill('SIGTERM');
      expect(await service.exit).toBe(0);
    } finally {
      await database.drop();
    }
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, saying so', async () => {
    const wrong = run(['--port', '0'], { DATABASE_URL: 'mysql://u:pw-not-shown@127.0.0.1/db' });
    expect(await wrong.exit).toBe(2);
    expect(wrong.output()).toMatch(/DATABASE_URL must start with postgres:\/\//);
    expect(wrong.output()).not.toContain('pw-not-shown');
  });
});

/** Rows of a PostgreSQL query, on a connection of its own. */
async function pgRows<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function send(at: { url: string; token: string }, method: string, path: string, body?: unknown) {
  const { url, token } = at;
  const reply = await fetch(`${url}${path}`, {
    method,
    headers: { 'user-agent': 'CliTest/1', 'x-servicetoken': token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as any };
}

describe('the service command’s import and subcommands on PostgreSQL', () => {
  it('import copies a SQLite service into an empty PostgreSQL one: every row, the same counts, and new ids after the imported ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stint-cli-import-'));
    const token = newToken();
    const alone = run(['--port', '0', '--data', dataDir, '--rate-limit', '0'], { STINT_SERVICE_TOKEN: token });
    const [, aloneUrl] = await alone.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const projectIds: number[] = [];
    for (const name of ['Website', 'Billing'])
      projectIds.push((await send({ url: aloneUrl!, token }, 'POST', '/v2/projects', { name })).body.id);
    for (const description of ['layout #design', 'invoices #admin', 'call'])
      expect(
        (
          await send({ url: aloneUrl!, token }, 'POST', '/v2/entries', {
            date: '2026-01-05',
            minutes: 30,
            description,
            project_id: projectIds[0],
          })
        ).status,
      ).toBe(201);
    alone.child.kill('SIGTERM');
    expect(await alone.exit).toBe(0);

    const database = await testDatabase();
    try {
      const imported = run(['import', '--data', dataDir], { DATABASE_URL: database.url });
      expect(await imported.exit, imported.output()).toBe(0);
      expect(imported.output()).toMatch(/^projects: 2 rows, sha256 [0-9a-f]{64} \(equal in both\)$/m);
      expect(imported.output()).toMatch(/^entries: 3 rows, sha256 [0-9a-f]{64}/m);
      expect(imported.output()).toMatch(/^tags: 2 rows/m);
      expect(imported.output()).toMatch(/^Imported \d+ rows of \d+ tables into postgres:\/\//m);
      const rows = await pgRows<{ id: number; name: string }>(
        database.url,
        'SELECT id::integer AS id, name FROM projects ORDER BY id',
      );
      expect(rows).toEqual([
        { id: projectIds[0], name: 'Website' },
        { id: projectIds[1], name: 'Billing' },
      ]);

      // The team's service on the imported database: the same token, the same data, new ids past the old.
      const team = run(['--port', '0', '--rate-limit', '0'], {
        DATABASE_URL: database.url,
        STINT_SERVICE_TOKEN: token,
      });
      const [, teamUrl] = await team.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const entries = await send({ url: teamUrl!, token }, 'GET', '/v2/entries');
      expect(entries.body.map((e: { description: string }) => e.description).sort()).toEqual([
        'call',
        'invoices #admin',
        'layout #design',
      ]);
      const created = await send({ url: teamUrl!, token }, 'POST', '/v2/projects', { name: 'Made after the import' });
      expect(created.status).toBe(201);
      expect(created.body.id).toBeGreaterThan(Math.max(...projectIds));
      const entry = await send({ url: teamUrl!, token }, 'POST', '/v2/entries', {
        date: '2026-01-06',
        minutes: 15,
        description: 'new #design',
      });
      expect(entry.status).toBe(201);
      expect(entry.body.id).toBeGreaterThan(Math.max(...entries.body.map((e: { id: number }) => e.id)));
      team.child.kill('SIGTERM');
      expect(await team.exit).toBe(0);

      // Never into a database that has rows: nothing is copied, the reason is said.
      const again = run(['import', '--data', dataDir], { DATABASE_URL: database.url });
      expect(await again.exit).toBe(1);
      expect(again.errors()).toMatch(
        /import failed: The PostgreSQL database already has \w+: import only into an empty one/,
      );
    } finally {
      await database.drop();
    }
  }, 90_000);

  it('import refuses without DATABASE_URL or without a service.db in --data, saying so', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'stint-cli-import-'));
    const noUrl = run(['import', '--data', empty]);
    expect(await noUrl.exit).toBe(2);
    expect(noUrl.errors()).toMatch(/DATABASE_URL must name the PostgreSQL database to copy into/);
    const noFile = run(['import', '--data', empty], { DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect(await noFile.exit).toBe(2);
    expect(noFile.errors()).toMatch(/service\.db does not exist/);
  });

  it('register-app and set-password act on the PostgreSQL database DATABASE_URL names', async () => {
    const database = await testDatabase();
    try {
      const registered = run(['register-app', '--name', 'Team tool', '--callback', 'https://tool.example.com/cb'], {
        DATABASE_URL: database.url,
      });
      expect(await registered.exit, registered.output()).toBe(0);
      const [, clientId] = await registered.line(/client_id: (\S+)/);
      expect(await pgRows(database.url, 'SELECT name, client_id FROM oauth_applications')).toEqual([
        { name: 'Team tool', client_id: clientId },
      ]);

      // The owner exists once a service has started on the database.
      const token = newToken();
      const service = run(['--port', '0', '--rate-limit', '0'], {
        DATABASE_URL: database.url,
        STINT_SERVICE_TOKEN: token,
      });
      const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const password = `team password ${randomBytes(4).toString('hex')}`;
      const set = run(['set-password', '--email', OWNER, '--password', password], { DATABASE_URL: database.url });
      expect(await set.exit, set.output()).toBe(0);
      expect(await passwordWorks(url!, password)).toBe(true);
      service.child.kill('SIGTERM');
      expect(await service.exit).toBe(0);

      const both = run(['register-app', '--name', 'X', '--callback', 'https://x.example.com/cb', '--data', '/tmp/x'], {
        DATABASE_URL: database.url,
      });
      expect(await both.exit).toBe(2);
      expect(both.errors()).toMatch(/give --data or DATABASE_URL, not both/);
    } finally {
      await database.drop();
    }
  }, 90_000);
});
