// The OAuth commands of `npm run service --`: register-app prints client_id and client_secret
// once, set-password takes the password from an option or stdin, --owner-password sets the
// owner's; then a real service on that folder runs the flow with them.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabaseFile } from '../../../support/sqliteFile';
import { Browser, tokenRequest } from '../support/oauthSupport';

const root = join(__dirname, '../../../..');
const children: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Runs the CLI to its end: exit code and everything it printed. */
function command(args: string[], stdin?: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/cli.ts', ...args], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  child.stdin!.end(stdin ?? '');
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** Starts the service; answers its URL once it listens. */
function service(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on('data', (d) => (output += d));
    child.on('exit', () => reject(new Error(`service exited: ${output}`)));
  });
}

describe('the OAuth commands', () => {
  it('register an application and set passwords that a running service then accepts', async () => {
    const data = mkdtempSync(join(tmpdir(), 'stint-oauth-cli-'));
    const url = await service([
      '--port',
      '0',
      '--data',
      data,
      '--rate-limit',
      '0',
      '--owner-password',
      'owner password 1',
    ]);

    const registered = await command([
      'register-app',
      '--name',
      'Reports',
      '--callback',
      'http://127.0.0.1:9/cb',
      '--data',
      data,
    ]);
    expect(registered.code, registered.output).toBe(0);
    const clientId = /client_id: (\S+)/.exec(registered.output)![1]!;
    const clientSecret = /client_secret \(shown once; only its hash is stored\): (\S+)/.exec(registered.output)![1]!;
    const db = openDatabaseFile(join(data, 'service.db'), { readonly: true });
    const stored = JSON.stringify(db.prepare('SELECT * FROM oauth_applications').all());
    db.close();
    expect(stored).toContain(clientId);
    expect(stored).not.toContain(clientSecret);

    // The owner signs in with the password the service was started with.
    const signedIn = await new Browser(url).signIn(
      { client_id: clientId, response_type: 'code' },
      'me@stint.local',
      'owner password 1',
    );
    expect(signedIn.status).toBe(200);

    // set-password from stdin replaces it.
    const set = await command(['set-password', '--email', 'ME@stint.local', '--data', data], 'a new password\n');
    expect(set.code, set.output).toBe(0);
    expect(set.output).toContain('Password set for ME@stint.local');
    expect(set.output).not.toContain('warning'); // stdin is not in the process list
    const browser = new Browser(url);
    expect(
      (await browser.signIn({ client_id: clientId, response_type: 'code' }, 'me@stint.local', 'owner password 1'))
        .status,
    ).toBe(401);
    const consent = await browser.signIn(
      { client_id: clientId, response_type: 'code' },
      'me@stint.local',
      'a new password',
    );
    expect(consent.status).toBe(200);
    const redirect = await browser.post({ ...consent.fields, action: 'allow' });
    const code = new URL(redirect.location!).searchParams.get('code')!;
    const tokens = await tokenRequest(url, {
      grant_type: 'authorization_code',
      client_id: clientId,
      client_secret: clientSecret,
      code,
    });
    expect(tokens.status).toBe(200);
  }, 60_000);

  it('refuse what they cannot do, with the usage or a reason', async () => {
    const data = mkdtempSync(join(tmpdir(), 'stint-oauth-cli-'));
    const noData = await command(['register-app', '--name', 'X', '--callback', 'http://127.0.0.1/cb']);
    expect(noData.code).toBe(2);
    expect(noData.output).toMatch(/--data is required/);
    expect(noData.output).toMatch(/usage:/);
    const badUrl = await command(['register-app', '--name', 'X', '--callback', 'ftp://x/cb', '--data', data]);
    expect(badUrl.code).toBe(1);
    expect(badUrl.output).toMatch(/http or https/);
    const nobody = await command([
      'set-password',
      '--email',
      'nobody@x.test',
      '--password',
      'long enough',
      '--data',
      data,
    ]);
    expect(nobody.code).toBe(1);
    expect(nobody.output).toMatch(/no user has the e-mail/);
    const short = await command(['set-password', '--email', 'me@stint.local', '--password', 'short', '--data', data]);
    expect(short.code).toBe(1);
    expect(short.output).toMatch(/at least 8/);
    // The flag is visible to every local user in the process list: it works, and says so; stdin does not warn.
    expect(short.output).toContain('warning: --password can be read by every user of this machine');
  }, 60_000);
});
