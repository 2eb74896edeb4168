// `stint export --out FILE` never destroys FILE: bad days, an unreachable service or no app leave
// an existing FILE as it was; a FILE that is not a regular file (a symbolic link, a fifo, a
// folder) is refused and left untouched; a FILE is replaced only by a whole CSV, with nothing left
// beside it. The bundled client in its own process, the real socket, the real app whose remote
// account is reached through a proxy the test can cut.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  openSync,
  closeSync,
  constants,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfflineRemoteApp, type OfflineRemoteApp } from '../../support/offlineRemoteApp';
import { bundleCli, runStint } from '../../support/stintCli';
import { tempDir } from '../../support/tempDir';

const KEPT = 'the user’s own file, not to be lost\n';
let remote: OfflineRemoteApp;
let dir: ReturnType<typeof tempDir>;
let bundle: string;
let today: string;
let case_ = 0;

beforeAll(async () => {
  dir = tempDir('stint-cli-export-out-');
  [bundle, remote] = await Promise.all([bundleCli(dir.path), startOfflineRemoteApp()]);
  today = remote.app.getSnapshot().today.date;
}, 60_000);

afterAll(async () => {
  await remote?.close();
  dir?.remove();
});

const stint = (args: string[], data = remote.dataDir) => runStint(bundle, ['--data', data, ...args]);

/** A fresh folder holding FILE with the user's text. */
function existingFile(): { folder: string; file: string } {
  const folder = join(dir.path, `case-${++case_}`);
  mkdirSync(folder);
  const file = join(folder, 'report.csv');
  writeFileSync(file, KEPT);
  return { folder, file };
}

describe('stint export --out FILE', () => {
  it('days the app refuses (the last before the first, or no such day) leave FILE as it was', async () => {
    const { folder, file } = existingFile();
    const backwards = await stint(['export', '--from', '2026-11-30', '--to', '2026-11-01', '--out', file]);
    expect(backwards).toMatchObject({ code: 1, stdout: '' });
    expect(backwards.stderr).toContain('The last day is before the first');
    const impossible = await stint(['export', '--from', '2026-02-30', '--to', '2026-03-01', '--out', file]);
    expect(impossible.code).toBe(1);
    expect(impossible.stderr).toContain('The first day must be a date');
    expect(readFileSync(file, 'utf8')).toBe(KEPT);
    expect(readdirSync(folder)).toEqual(['report.csv']);
  });

  it('an unreachable service leaves FILE as it was, and nothing beside it', async () => {
    const { folder, file } = existingFile();
    await remote.offline();
    try {
      const run = await stint(['export', '--from', today, '--to', today, '--out', file]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('The export stopped');
    } finally {
      await remote.online();
    }
    expect(readFileSync(file, 'utf8')).toBe(KEPT);
    expect(readdirSync(folder)).toEqual(['report.csv']);
  });

  it('with no app running: exit 2, FILE as it was', async () => {
    const { folder, file } = existingFile();
    const run = await stint(['export', '--from', today, '--to', today, '--out', file], join(folder, 'no-app'));
    expect(run.code).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe(KEPT);
  });

  it('refuses a symbolic link, a fifo and a folder, leaving each (and what a link points to) untouched', async () => {
    const { folder, file } = existingFile();
    const link = join(folder, 'link.csv');
    symlinkSync(file, link);
    const fifo = join(folder, 'fifo.csv');
    execFileSync('mkfifo', [fifo]);
    // A reader, so that a client that wrongly opened the fifo to write would not hang the test.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const sub = join(folder, 'folder.csv');
    mkdirSync(sub);
    writeFileSync(join(sub, 'inside'), KEPT);
    try {
      for (const [target, kind] of [
        [link, 'a symbolic link'],
        [fifo, 'a fifo'],
        [sub, 'a folder'],
      ] as const) {
        const run = await stint(['export', '--from', today, '--to', today, '--out', target]);
        expect({ target, code: run.code }).toEqual({ target, code: 1 });
        expect(run.stderr).toContain(`${target} is ${kind}, not a regular file`);
      }
    } finally {
      closeSync(reader);
    }
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe(KEPT);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readFileSync(join(sub, 'inside'), 'utf8')).toBe(KEPT);
    expect(readdirSync(folder).sort()).toEqual(['fifo.csv', 'folder.csv', 'link.csv', 'report.csv']);
    // Whatever ran here (as root too), the system's /dev/null is still the device.
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('replaces a regular FILE with the whole CSV, keeping its permissions, with nothing left beside it', async () => {
    const { folder, file } = existingFile();
    chmodSync(file, 0o640);
    const run = await stint(['export', '--from', today, '--to', today, '--out', file]);
    expect(run).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Saved \d+ entr(y|ies) to /) });
    const csv = readFileSync(file, 'utf8');
    expect(csv.startsWith('date,minutes,hours,project,tags,billable,description,approved,invoiced\r\n')).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(folder)).toEqual(['report.csv']);
  });
});
