// `npm run service` as a child process for tests: its output, a wait for a line, its exit. Only
// the environment a test gives reaches it (no token, password or database from the shell).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEachTest } from './afterEachTest';

const root = join(__dirname, '../..');

export interface ServiceCommand {
  child: ChildProcess;
  /** stdout and stderr as they came. */
  output(): string;
  /** stderr alone. */
  errors(): string;
  /** Resolves with the first match of re in the output; rejects if the command exits without one. */
  line(re: RegExp): Promise<RegExpExecArray>;
  exit: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEachTest(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export function serviceCommand(args: string[], env: Record<string, string> = {}): ServiceCommand {
  const {
    STINT_SERVICE_TOKEN: _t,
    STINT_OWNER_PASSWORD: _p,
    DATABASE_URL: _d,
    PORT: _port,
    HOST: _host,
    LOG_LEVEL: _log,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, ...env },
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => {
    out += d;
    err += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = re.exec(out);
        if (m) {
          clearInterval(timer);
          resolve(m);
        }
      }, 25);
      void exit.then(() => {
        clearInterval(timer);
        const m = re.exec(out);
        if (m) resolve(m);
        else reject(new Error(`exited without ${re}: ${out}`));
      });
    });
  return { child, output: () => out, errors: () => err, line, exit };
}
