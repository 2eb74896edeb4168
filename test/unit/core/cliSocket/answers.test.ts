// Whether a socket's owner is alive decides whether the data folder's lock (and the command
// line's socket) may be taken over: only the system's refusal may say "nobody", never a slow turn.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { answers } from '../../../../main/core/cliSocket/answers';
import { tempDir } from '../../../support/tempDir';

let dir: ReturnType<typeof tempDir>;
let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  dir?.remove();
});

const listening = async (path: string) => {
  server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server!.listen(path, resolve));
};

it('says a live owner answers even when this process could not look for over a second (a loaded machine)', async () => {
  dir = tempDir('stint-answers-');
  const path = join(dir.path, 'live.sock');
  await listening(path);
  const asked = answers(path);
  // The event loop is held past the one-second wait while the connection is being made.
  const until = Date.now() + 1_200;
  while (Date.now() < until) {
    // busy: nothing else runs
  }
  expect(await asked).toBe(true);
});

it('says nobody answers at a socket file a killed process left, nor where there is no file', async () => {
  dir = tempDir('stint-answers-');
  const path = join(dir.path, 'stale.sock');
  const owner = spawn(process.execPath, [
    '-e',
    `require('node:net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`,
  ]);
  await new Promise((resolve) => owner.stdout.once('data', resolve));
  owner.kill('SIGKILL');
  await new Promise((resolve) => owner.once('exit', resolve));
  expect(existsSync(path)).toBe(true); // left behind: nothing unlinks it on a kill
  expect(await answers(path)).toBe(false);
  expect(await answers(join(dir.path, 'never.sock'))).toBe(false);
});
