// The `stint` command line as a user runs it: bundled as scripts/build.mjs bundles it (one
// CommonJS file, Node built-ins only) and started as its own process on the pinned Node, talking
// to an app over the real socket.
import { spawn } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { build } from 'esbuild';
import { root } from '../../scripts/electronBinary.mjs';

/** Bundles cli/stint.ts into `dir` and answers the file's path. */
export async function bundleCli(dir: string): Promise<string> {
  const outfile = join(dir, 'stint.cjs');
  await build({
    entryPoints: [join(root, 'cli/stint.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    outfile,
    logLevel: 'error',
  });
  chmodSync(outfile, 0o755);
  return outfile;
}

export interface StintRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `stint <args>`; `stdin` is piped in (and closed), else standard input is empty. */
export function runStint(
  bundle: string,
  args: string[],
  options: { stdin?: string; uid?: number; gid?: number } = {},
): Promise<StintRun> {
  const run = startStint(bundle, args, options);
  run.stdin.end(options.stdin ?? '');
  return run.done;
}

/** Starts `stint <args>` with standard input left open: the test writes (and ends) it when it chooses. */
export function startStint(
  bundle: string,
  args: string[],
  options: { uid?: number; gid?: number } = {},
): { stdin: Writable; done: Promise<StintRun> } {
  const child = spawn(process.execPath, [bundle, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid }),
  });
  const done = new Promise<StintRun>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { stdin: child.stdin, done };
}
