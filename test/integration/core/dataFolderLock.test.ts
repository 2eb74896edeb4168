// One running Stint per data folder (issue 18 item 1): the folder's lock (main/core/dataFolderLock.ts)
// refuses a second taker while the first lives, passes to the next start once the first stopped or
// was killed with SIGKILL, and of starts that try at the same moment (on a fresh folder or on one
// a killed app left its socket file in) exactly one wins. Real processes, real sockets.
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DataFolderInUseError,
  LOCK_NAME,
  lockDataFolder,
  TAKEOVER_STALE_MS,
} from '../../../main/core/accounts/dataFolderLock';
import { bundleForNode } from '../../support/nodeBundle';
import { until } from '../../support/offline';
import { tempDir } from '../../support/tempDir';

let dir: ReturnType<typeof tempDir>;
let bundle: string;
let folders = 0;
const freshFolder = () => join(dir.path, `data-${++folders}`);

beforeAll(async () => {
  dir = tempDir('stint-lock-');
  bundle = await bundleForNode(
    fileURLToPath(new URL('../../support/lockChild.ts', import.meta.url)),
    join(dir.path, 'lockChild.mjs'),
  );
});
afterAll(() => dir?.remove());

interface Child {
  process: ChildProcessWithoutNullStreams;
  out(): string;
  exited: Promise<number | null>;
}

/** A lockChild on `dataDir`, resolved once it is loaded and waits for "go". */
async function child(dataDir: string): Promise<Child> {
  const proc = spawn(process.execPath, [bundle, dataDir], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  proc.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  await until(() => out.includes('ready'), 'the child to load', 20_000);
  return { process: proc, out: () => out, exited };
}

const answer = (c: Child) => /won|refused|error.*/.exec(c.out())?.[0];

/** Starts `n` children, then lets them all try at once; answers them once each has said how it went. */
async function simultaneous(dataDir: string, n: number): Promise<Child[]> {
  const children = await Promise.all(Array.from({ length: n }, () => child(dataDir)));
  for (const c of children) c.process.stdin.write('go\n');
  await until(() => children.every((c) => answer(c) !== undefined), 'every start to answer', 30_000);
  return children;
}

/** Leaves a lock socket file nothing answers on, as an app killed with SIGKILL does. */
async function leaveStaleLock(dataDir: string): Promise<void> {
  const [holder] = await simultaneous(dataDir, 1);
  expect(answer(holder!)).toBe('won');
  holder!.process.kill('SIGKILL');
  await holder!.exited;
  expect(lstatSync(join(dataDir, LOCK_NAME)).isSocket()).toBe(true);
}

async function endAll(children: Child[]): Promise<void> {
  for (const c of children) c.process.stdin.end();
  await Promise.all(children.map((c) => c.exited));
}

describe('the data folder lock', () => {
  it('refuses a second taker while the first holds the folder, and passes on once it let go', async () => {
    const dataDir = freshFolder();
    const first = await lockDataFolder(dataDir);
    await expect(lockDataFolder(dataDir)).rejects.toThrow(DataFolderInUseError);
    await expect(lockDataFolder(dataDir)).rejects.toThrow(
      `Another Stint is already running with this data folder (${dataDir}).`,
    );
    await first.release();
    const second = await lockDataFolder(dataDir);
    await second.release();
    // Nothing is left in the folder by taking and letting go.
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('is taken over after its holder was killed with SIGKILL, and refused again while the new holder lives', async () => {
    const dataDir = freshFolder();
    await leaveStaleLock(dataDir);
    const next = await lockDataFolder(dataDir);
    try {
      await expect(lockDataFolder(dataDir)).rejects.toThrow(DataFolderInUseError);
    } finally {
      await next.release();
    }
  });

  it('takes over a socket left with the marker of a takeover whose start was killed, without waiting', async () => {
    const dataDir = freshFolder();
    await leaveStaleLock(dataDir);
    // The marker a start killed in the middle of a takeover leaves: its process is gone.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    symlinkSync(String(gone), join(dataDir, `${LOCK_NAME}.takeover`));
    const started = Date.now();
    const lock = await lockDataFolder(dataDir);
    await lock.release();
    expect(Date.now() - started).toBeLessThan(TAKEOVER_STALE_MS);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('of starts at the same moment, exactly one wins, on a fresh folder and after a kill', async () => {
    for (const stale of [false, true]) {
      const dataDir = freshFolder();
      if (stale) await leaveStaleLock(dataDir);
      const children = await simultaneous(dataDir, 4);
      try {
        expect(children.map(answer).sort(), `stale socket left: ${stale}`).toEqual([
          'refused',
          'refused',
          'refused',
          'won',
        ]);
      } finally {
        await endAll(children);
      }
      // No marker or moved-aside file left behind.
      expect(readdirSync(dataDir).filter((f) => f !== LOCK_NAME)).toEqual([]);
    }
  });

  it('of takers in one process at the same moment, exactly one wins over a stale socket', async () => {
    const dataDir = freshFolder();
    await leaveStaleLock(dataDir);
    const tries = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataFolder(dataDir)));
    const won = tries.filter((t) => t.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const t of tries) if (t.status === 'rejected') expect(t.reason).toBeInstanceOf(DataFolderInUseError);
    await (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof lockDataFolder>>>).value.release();
    expect(existsSync(join(dataDir, LOCK_NAME))).toBe(false);
  });
});
