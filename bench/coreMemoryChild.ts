// The child of bench/coreMemory.bench.ts: a real core, alone in a plain Node process (bundled by
// esbuild, so no TypeScript loader sits in memory), reading the account from the service the
// parent runs. Prints its memory before core existed, just after it read everything (after gc),
// and once idle, as JSON.
// Run with --expose-gc: arguments url, token, dataDir, projects, entries.
import { createServiceApi } from '../main/api/client';
import { createCore } from '../main/core/core';

const [url, token, dataDir, projects, entries] = process.argv.slice(2) as [string, string, string, string, string];
const gc = (globalThis as { gc?: () => void }).gc;
const settle = () => {
  for (let i = 0; i < 3; i++) gc?.();
};

settle();
const before = process.memoryUsage();
const started = performance.now();
const api = createServiceApi({ baseUrl: url, credentials: { kind: 'personal', token }, rateLimit: 0 });
const core = await createCore({ api, dataDir, account: { id: 'bench', label: 'Bench', kind: 'local' } });
const holdsAll = () => {
  const s = core.getSnapshot();
  return s.projects.length === Number(projects) && s.today.entries.length === Number(entries);
};
await new Promise<void>((resolve) => {
  if (holdsAll()) return resolve();
  const unsubscribe = core.subscribe(() => {
    if (!holdsAll()) return;
    unsubscribe();
    resolve();
  });
});
await core.whenIdle();
const readMs = performance.now() - started;
settle();
const justRead = process.memoryUsage();
// V8 gives the pages of the reading's peak back to the OS only once the process has been idle a
// while (its memory reducer, some seconds); an app holding its data sits idle most of the time, so
// that is the steady state. Wait for it (at most 30 s); no gc forced after, which would grow it.
let after = justRead;
for (let s = 0; s < 30 && after.heapTotal > justRead.heapUsed * 1.5; s++) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  after = process.memoryUsage();
}
// Then the steady state itself: RSS sampled for 5 s more (it still drifts as the allocator hands
// pages back), the median reported, so one sample's timing does not decide the row.
const samples: number[] = [];
for (let i = 0; i < 10; i++) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  samples.push(process.memoryUsage().rss);
}
after = { ...process.memoryUsage(), rss: samples.sort((a, b) => a - b)[5]! };
const snapshotBytes = JSON.stringify(core.getSnapshot()).length;
process.stdout.write(`${JSON.stringify({ before, justRead, after, readMs, snapshotBytes, gc: gc !== undefined })}\n`);
await core.stop();
