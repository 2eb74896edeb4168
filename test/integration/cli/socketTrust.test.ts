// The command line talks only to a socket this user's app could have made (issue 28 item 8): a
// `--data` folder another user owns, or one others may write in, could hold anyone's listening
// stint.sock, and whatever answers there would be told the user's lines and believed. As the app
// refuses such a folder, the command refuses it too, in words, having sent nothing.
// The bundled client in its own process against a listening socket that counts what reaches it.
import { chmodSync, chownSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cliSocketPath } from '../../../main/core/cliSocket/address';
import { bundleCli, runStint } from '../../support/stintCli';
import { tempDir } from '../../support/tempDir';

const NOBODY = 65534;
const root = process.getuid?.() === 0;

let dir: ReturnType<typeof tempDir>;
let bundle: string;
let servers: Server[] = [];
/** Bytes any planted socket received. */
let received = 0;

beforeAll(async () => {
  dir = tempDir('stint-cli-trust-');
  bundle = await bundleCli(dir.path);
});

afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
  received = 0;
});

afterAll(() => dir?.remove());

/** A folder named `name` (mode given) with a listening stint.sock that reads everything it is sent. */
async function planted(name: string, mode: number): Promise<string> {
  const folder = join(dir.path, name);
  mkdirSync(folder);
  chmodSync(folder, mode);
  const server = createServer((connection) =>
    connection.on('data', (chunk) => {
      received += chunk.length;
      connection.write('{"id":1,"result":{"ok":false,"error":{"code":"internal","message":"planted answer"}}}\n');
    }),
  );
  await new Promise<void>((resolve) => server.listen(cliSocketPath(folder), resolve));
  servers.push(server);
  return folder;
}

it.skipIf(!root)(
  'refuses a world-writable --data folder another user made, with a listening socket: nothing is sent, exit 1 (needs root to chown; skipped otherwise)',
  async () => {
    const folder = await planted('theirs', 0o777);
    chownSync(cliSocketPath(folder), NOBODY, NOBODY);
    chownSync(folder, NOBODY, NOBODY);
    const run = await runStint(bundle, ['--data', folder, 'log', '0:30 @Website secret client call']);
    expect(run.stderr).toContain(
      `stint: Not using ${cliSocketPath(folder)}: the folder ${folder} belongs to another user`,
    );
    expect(run.stderr).not.toContain('planted answer');
    expect(run.stdout).toBe('');
    expect(run.code).toBe(1);
    expect(received).toBe(0);
  },
);

it('refuses a --data folder of this user that others may write in: nothing is sent, exit 1', async () => {
  const folder = await planted('open', 0o777);
  const run = await runStint(bundle, ['--data', folder, 'status']);
  expect(run.stderr).toContain(
    `stint: Not using ${cliSocketPath(folder)}: other users may write in the folder ${folder} (mode 777)`,
  );
  expect(run.code).toBe(1);
  expect(received).toBe(0);
});

it.skipIf(!root)(
  "refuses another user's socket in this user's private folder: nothing is sent, exit 1 (needs root to chown; skipped otherwise)",
  async () => {
    const folder = await planted('mine', 0o700);
    chownSync(cliSocketPath(folder), NOBODY, NOBODY);
    const run = await runStint(bundle, ['--data', folder, 'status']);
    expect(run.stderr).toContain(`stint: Not using ${cliSocketPath(folder)}: the socket belongs to another user`);
    expect(run.code).toBe(1);
    expect(received).toBe(0);
  },
);
