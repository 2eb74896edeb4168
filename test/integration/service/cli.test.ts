// `npm run service`: prints the URL and, once, the generated token; stops cleanly on a signal.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const children: ChildProcess[] = [];
afterEach(() => {
  // A failed assertion must not leave a service running.
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function run(args: string[]): {
  child: ChildProcess;
  output: () => string;
  line: (re: RegExp) => Promise<RegExpExecArray>;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = re.exec(out);
        if (m) {
          clearInterval(timer);
          resolve(m);
        }
      }, 50);
      void exit.then(() => {
        clearInterval(timer);
        const m = re.exec(out);
        if (m) resolve(m);
        else reject(new Error(`exited without ${re}: ${out}`));
      });
    });
  return { child, output: () => out, line, exit };
}

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
