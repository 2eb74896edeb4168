// vitest globalSetup: the run's temporary files in memory. On Linux with room in /dev/shm (a
// tmpfs), the run gets a folder of its own there and TMPDIR names it, for the workers and for
// everything they start (the service command, Electron, Chromium, PostgreSQL's cluster): every
// test's data folder, journal, SQLite file and bundle lands in it. On the machine's ext4 disk an
// fsync, and a rename over an existing file (ext4 flushes the new file's data first), are each a
// wait for the disk: the outbox journal, the last read kept beside it and SQLite's synchronous=FULL
// commits pay them at every step (outbox/crash.test.ts 57-67 s of tests on disk, 39-41 s here, same
// minutes). No test relies on the disk itself: a kill leaves the page cache to the next process
// either way, and nothing here survives a power cut.
//
// The folder is removed when the run ends; one left by a run that was killed (its owner.pid no
// longer alive) is removed at the next run's start, after stopping any PostgreSQL cluster in it.
// STINT_TEST_TMP=disk, an explicit TMPDIR, too little room (Docker's 64 MB /dev/shm) or another
// system: the system's temp folder as before.
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { stopCluster } from './postgresCluster';

const MEMORY = '/dev/shm';
const PREFIX = 'stint-tmp-';
/** A full run keeps a few hundred MB there at its peak (bundles, Chromium's profiles, PostgreSQL). */
const ROOM_NEEDED = 2 * 1024 ** 3;

const shared = Symbol.for('stint.memoryTempRun');
type Run = { dir: string | null; projects: number };
const state = globalThis as unknown as { [shared]?: Run };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function memoryRoom(): number {
  try {
    const fs = statfsSync(MEMORY);
    return fs.bavail * fs.bsize;
  } catch {
    return 0;
  }
}

/** The folder in memory for this run, or null when the run keeps the system's temp folder. */
function makeRunFolder(): string | null {
  if (process.platform !== 'linux' || process.env.STINT_TEST_TMP === 'disk' || process.env.TMPDIR) return null;
  if (memoryRoom() < ROOM_NEEDED) return null;
  const dir = mkdtempSync(join(MEMORY, PREFIX));
  // As /tmp is: anyone may make their own folder in it (PostgreSQL runs as `postgres` when we are root).
  chmodSync(dir, 0o1777);
  writeFileSync(join(dir, 'owner.pid'), String(process.pid));
  return dir;
}

async function removeAbandoned(): Promise<void> {
  for (const name of readdirSync(MEMORY)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(MEMORY, name);
    const owner = Number(existsSync(join(dir, 'owner.pid')) ? readFileSync(join(dir, 'owner.pid'), 'utf8') : NaN);
    if (Number.isInteger(owner) && alive(owner)) continue;
    await stopClusters(dir);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Stops a PostgreSQL cluster the run left running in its folder (postgresGlobalSetup.ts's). */
async function stopClusters(dir: string): Promise<void> {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('stint-pg-')) await stopCluster(join(dir, name)).catch(() => {});
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  let run = state[shared];
  if (!run) {
    // Made and named before the first await: every project's setup (and postgresGlobalSetup.ts,
    // listed after this one) sees TMPDIR already set.
    run = state[shared] = { dir: makeRunFolder(), projects: 0 };
    if (run.dir) {
      process.env.TMPDIR = run.dir;
      await removeAbandoned();
    }
  }
  run.projects++;
  return async () => {
    if (--run.projects > 0 || !run.dir) return;
    state[shared] = undefined;
    await stopClusters(run.dir);
    rmSync(run.dir, { recursive: true, force: true });
  };
}
