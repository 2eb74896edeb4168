// vitest globalSetup: gives the run one folder where the test files' workers start a shared
// PostgreSQL cluster when the first of them needs one (test/support/postgres.ts), and stops that
// cluster when the run ends. A run that needs no PostgreSQL starts nothing. Every project of the
// run shares the one folder (globalSetup runs once per project, in the one main process).
// Clusters left by a run that was killed are stopped and removed here, at the next run's start.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopCluster } from './postgresCluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for the shared PostgreSQL cluster (see test/support/postgres.ts). */
    stintPostgresDir: string;
  }
}

const PREFIX = 'stint-pg-';
const shared = Symbol.for('stint.postgresRun');
type Run = { dir: string; projects: number };
const state = globalThis as unknown as { [shared]?: Run };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function removeAbandoned(): Promise<void> {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(tmpdir(), name);
    const owner = Number(existsSync(join(dir, 'owner.pid')) ? readFileSync(join(dir, 'owner.pid'), 'utf8') : NaN);
    if (!Number.isInteger(owner) || alive(owner)) continue;
    await stopCluster(dir).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let run = state[shared];
  if (!run) {
    await removeAbandoned();
    const dir = mkdtempSync(join(tmpdir(), PREFIX));
    writeFileSync(join(dir, 'owner.pid'), String(process.pid));
    run = state[shared] = { dir, projects: 0 };
  }
  run.projects++;
  project.provide('stintPostgresDir', run.dir);
  return async () => {
    if (--run.projects > 0) return;
    state[shared] = undefined;
    await stopCluster(run.dir);
    // The server's log names every statement that failed: STINT_TEST_POSTGRES_LOG=<file> keeps it.
    const keep = process.env.STINT_TEST_POSTGRES_LOG;
    if (keep && existsSync(join(run.dir, 'server.log'))) copyFileSync(join(run.dir, 'server.log'), keep);
    rmSync(run.dir, { recursive: true, force: true });
  };
}
