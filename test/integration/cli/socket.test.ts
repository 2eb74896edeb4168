// The command line's socket as an attacker or a broken client meets it: only this OS user can
// open it, malformed frames and huge lines get a clear error and change nothing, a socket left by
// a crashed app is replaced only when nothing answers on it. The real core on the real service.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliSocketPath, MAX_FRAME_BYTES } from '../../../main/core/cliSocket/address';
import { FRAME_TOO_LARGE } from '../../../main/core/cliSocket/connection';
import { CliSocketInUseError, startCliSocket, type CliSocketServer } from '../../../main/core/cliSocket/server';
import type { Core } from '../../../main/core/types';
import { withAccountsRefused } from '../../support/soleCore';
import { tempDir } from '../../support/tempDir';
import { startLocal, type Local } from '../core/harness';

let local: Local;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let server: CliSocketServer;
const dataDir = () => join(dir.path, 'data');

beforeAll(async () => {
  local = await startLocal();
  dir = tempDir('stint-cli-socket-');
  mkdirSync(dataDir());
  core = await local.core(join(dir.path, 'core'));
  server = await startCliSocket({ handlers: withAccountsRefused(core.handlers), dataDir: dataDir() });
});

afterAll(async () => {
  await server?.close();
  await local?.close();
  dir?.remove();
});

/** Writes `data` on a fresh connection and collects the answer lines until `count` came or the app closed it. */
function exchange(
  path: string,
  data: string | Buffer,
  count: number,
): Promise<{ answers: Array<{ id: unknown; result: any }>; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let text = '';
    const answers: Array<{ id: unknown; result: any }> = [];
    const done = (closed: boolean) => {
      socket.destroy();
      resolve({ answers, closed });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n')) {
        answers.push(JSON.parse(text.slice(0, nl)));
        text = text.slice(nl + 1);
      }
      if (answers.length >= count) done(false);
    });
    socket.on('end', () => done(true));
    socket.on('error', reject);
    socket.write(data);
  });
}

const unchanged = () => {
  const s = core.getSnapshot();
  return { pending: s.outbox.pending, entries: s.today.entries.length, projects: s.projects.length };
};

describe("the command line's socket", () => {
  it('is <dataDir>/stint.sock, mode 0600 and owned by this user, in a folder only this user can enter (0700)', () => {
    expect(server.path).toBe(join(dataDir(), 'stint.sock'));
    expect(cliSocketPath(dataDir())).toBe(server.path);
    const stat = lstatSync(server.path);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(stat.uid).toBe(process.getuid?.());
    expect(statSync(dataDir()).mode & 0o777).toBe(0o700);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses another OS user: a process running as nobody cannot connect (needs root to switch user; skipped otherwise)',
    async () => {
      const probe = `require('node:net').createConnection(${JSON.stringify(server.path)})
        .on('connect', () => { console.log('connected'); process.exit(0); })
        .on('error', (e) => { console.log(e.code); process.exit(3); });`;
      const child = spawn(process.execPath, ['-e', probe], {
        uid: 65534,
        gid: 65534,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        out += c;
      });
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      expect(out.trim()).toBe('EACCES');
      expect(code).toBe(3);
      // This user (root here) still can.
      expect(
        (await exchange(server.path, '{"id":1,"channel":"getSnapshot","request":{}}\n', 1)).answers[0],
      ).toMatchObject({
        id: 1,
        result: { ok: true },
      });
    },
  );

  it('answers malformed frames with a clear refusal, changes nothing, and keeps serving the connection', async () => {
    const before = unchanged();
    const frames = [
      'not json',
      '[1, 2]',
      '{"channel":"getSnapshot","request":{}}',
      '{"id":1,"channel":"updateSettings","request":{"theme":"dark"}}',
      '{"id":2,"channel":"quickEntry","request":{"text":1}}',
      '{"id":3,"channel":"quickEntry","request":{"text":"1:00 ok","extra":true}}',
      '{"id":4,"channel":"getSnapshot","request":{}}',
    ];
    const { answers, closed } = await exchange(server.path, `${frames.join('\n')}\n`, frames.length);
    expect(closed).toBe(false);
    expect(answers.map((a) => [a.id, a.result.ok, a.result.error?.code])).toEqual([
      [null, false, 'invalid_argument'],
      [null, false, 'invalid_argument'],
      [null, false, 'invalid_argument'],
      [1, false, 'forbidden'],
      [2, false, 'invalid_argument'],
      [3, false, 'invalid_argument'],
      [4, true, undefined],
    ]);
    expect(answers[0]!.result.error.message).toBe('Malformed frame: each line must be one JSON object.');
    expect(answers[2]!.result.error.message).toBe('Missing frame id (a whole number).');
    expect(answers[3]!.result.error.message).toBe('The command line cannot make the call updateSettings.');
    expect(unchanged()).toEqual(before);
    expect(core.getSnapshot().settings.theme).not.toBe('dark');
  });

  it('a line over 256 KiB gets an error and closes the connection; the frame before it is answered, nothing of it is done', async () => {
    const before = unchanged();
    const huge = `{"id":2,"channel":"quickEntry","request":{"text":"0:10 ${'x'.repeat(MAX_FRAME_BYTES)}"}}\n`;
    const after = '{"id":3,"channel":"quickEntry","request":{"text":"0:10 after the huge line"}}\n';
    const { answers, closed } = await exchange(
      server.path,
      `{"id":1,"channel":"getSnapshot","request":{}}\n${huge}${after}`,
      3,
    );
    expect(closed).toBe(true);
    expect(answers).toEqual([
      { id: 1, result: expect.objectContaining({ ok: true }) },
      { id: null, result: { ok: false, error: { code: 'invalid_argument', message: FRAME_TOO_LARGE } } },
    ]);
    // A line that never ends is cut off the same way.
    const endless = await exchange(server.path, Buffer.alloc(MAX_FRAME_BYTES + 10, 'a'), 1);
    expect(endless.answers).toEqual([
      { id: null, result: { ok: false, error: { code: 'invalid_argument', message: FRAME_TOO_LARGE } } },
    ]);
    expect(unchanged()).toEqual(before);
  });

  it('refuses to start a second server while one answers, and leaves the first one serving', async () => {
    await expect(
      startCliSocket({ handlers: withAccountsRefused(core.handlers), dataDir: dataDir() }),
    ).rejects.toBeInstanceOf(CliSocketInUseError);
    expect(
      (await exchange(server.path, '{"id":7,"channel":"getSnapshot","request":{}}\n', 1)).answers[0],
    ).toMatchObject({
      id: 7,
      result: { ok: true },
    });
  });

  it('replaces a socket left by a crashed app (nothing answers on it), and leaves a file that is not a socket alone', async () => {
    const crashedDir = join(dir.path, 'crashed');
    mkdirSync(crashedDir, { mode: 0o700 });
    const path = cliSocketPath(crashedDir);
    // An app killed without closing its server leaves the socket file behind.
    const child = spawn(
      process.execPath,
      ['-e', `require('node:net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
    expect(lstatSync(path).isSocket()).toBe(true);

    const replaced = await startCliSocket({ handlers: withAccountsRefused(core.handlers), dataDir: crashedDir });
    try {
      expect((await exchange(path, '{"id":1,"channel":"getSnapshot","request":{}}\n', 1)).answers[0]).toMatchObject({
        result: { ok: true },
      });
    } finally {
      await replaced.close();
    }
    // Closing removes the socket file: the next app finds nothing stale.
    expect(existsSync(path)).toBe(false);

    writeFileSync(path, 'not a socket');
    await expect(startCliSocket({ handlers: withAccountsRefused(core.handlers), dataDir: crashedDir })).rejects.toThrow(
      /is not a socket/,
    );
    expect(lstatSync(path).isFile()).toBe(true);
  });
});
