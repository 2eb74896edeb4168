// Core's memory with a large account cached (issue 6: 500 projects and 10,000 entries, target
// < 80 MB RSS). The real local service (in this process) is seeded through its domain layer, as
// bench/serviceSeed.ts does, with 500 projects and 10,000 of the owner's entries dated today, so
// core holds every one of them (it caches the projects and today's entries). A real core then
// runs in a child process of its own (bundled, plain node, --expose-gc) until its snapshot holds
// them all; the child reports its RSS before core was created and after, each after forced gc.
// The service's memory is not counted: it is in this process, not the child's.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from '../test/support/nodeBundle';
import { localDate } from '../common/format';
import { buildService } from '../service';
import { insertEntry } from '../service/domain/entries';
import { insertProject } from '../service/domain/projects';
import type { Store } from '../service/storage/store';
import type { Benchmark } from './types';

const PROJECTS = 500;
const ENTRIES = 10_000;
const TARGET_MB = 80;
const MB = 1024 * 1024;

const here = dirname(fileURLToPath(import.meta.url));

async function seed(db: Store, ownerId: number, date: string): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction(async (tx) => {
    const { account_id: accountId } = (await tx.get<{ account_id: number }>(
      'SELECT account_id FROM users WHERE id = ?',
      ownerId,
    ))!;
    const projectIds: number[] = [];
    for (let i = 0; i < PROJECTS; i++)
      projectIds.push(
        (
          await insertProject(
            tx,
            accountId,
            {
              name: `Client ${i + 1} · website and support`,
              billable: i % 5 !== 0,
              billing_increment: [1, 5, 15][i % 3]!,
              color: '#3366cc',
            },
            now,
          )
        ).id,
      );
    for (let i = 0; i < ENTRIES; i++) {
      const description = `Reviewed pull request ${i} for the onboarding flow #review #client${i % 40}`;
      await insertEntry(
        tx,
        accountId,
        {
          userId: ownerId,
          projectId: projectIds[(i * 7) % PROJECTS]!,
          date,
          minutes: 5 + (i % 240),
          description,
          sourceUrl: i % 5 === 0 ? `https://example.test/issues/${i}` : null,
        },
        now,
      );
    }
  });
}

interface ChildReport {
  before: NodeJS.MemoryUsage;
  justRead: NodeJS.MemoryUsage;
  after: NodeJS.MemoryUsage;
  readMs: number;
  snapshotBytes: number;
  gc: boolean;
}

async function runChild(bundle: string, args: string[]): Promise<ChildReport> {
  const child = spawn(process.execPath, ['--expose-gc', bundle, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (err += c));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`core child exited with ${code}: ${err}`);
  return JSON.parse(out.trim().split('\n').pop()!) as ChildReport;
}

const bench: Benchmark = async () => {
  const work = mkdtempSync(join(tmpdir(), 'stint-core-memory-'));
  const bundle = await bundleForNode(join(here, 'coreMemoryChild.ts'), join(work, 'coreMemoryChild.mjs'));
  const built = await buildService({ dataDir: join(work, 'service'), rateLimit: 0 });
  try {
    await seed(built.db, built.ownerId, localDate(Date.now()));
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = built.app.server.address() as { port: number };
    const report = await runChild(bundle, [
      `http://127.0.0.1:${port}`,
      built.token,
      join(work, 'core'),
      String(PROJECTS),
      String(ENTRIES),
    ]);
    const { before, justRead, after } = report;
    const mb = (n: number) => Number((n / MB).toFixed(1));
    const detail =
      `the core process alone (Node ${process.version}, core + API client bundled, no service, no TypeScript loader) holding ${PROJECTS} projects and ${ENTRIES} of today's entries (snapshot ${mb(report.snapshotBytes)} MB as JSON), read in ${(report.readMs / 1000).toFixed(1)} s; ` +
      `process RSS ${mb(before.rss)} MB before core was created; heap used ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB, heap total ${mb(after.heapTotal)} MB, external ${mb(after.external)} MB. ` +
      `Measured once idle (V8 returns the reading's peak pages after some seconds idle): the median of 10 samples over 5 s; gc ${report.gc ? 'forced' : 'NOT exposed'} before. The embedded service, which the app runs in the same process, is not counted`;
    return [
      {
        name: 'core RSS, 500 projects + 10 000 entries cached, idle',
        value: mb(after.rss),
        unit: 'MB',
        target: `< ${TARGET_MB} MB`,
        met: after.rss / MB < TARGET_MB,
        detail,
      },
      {
        name: 'core RSS just after reading them (after gc)',
        value: mb(justRead.rss),
        unit: 'MB',
        detail: `heap total ${mb(justRead.heapTotal)} MB, of it used ${mb(justRead.heapUsed)} MB: the pages of the reading's peak, not yet returned`,
      },
      {
        name: 'core RSS growth for holding them (idle vs before createCore)',
        value: mb(after.rss - before.rss),
        unit: 'MB',
        detail: `same process; heap used grew ${mb(after.heapUsed - before.heapUsed)} MB`,
      },
    ];
  } finally {
    await built.app.close();
    rmSync(work, { recursive: true, force: true });
  }
};

export default bench;
