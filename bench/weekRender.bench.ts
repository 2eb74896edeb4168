// The week view's re-render in Chromium: a week of 500 entries across 40 projects on the real
// core and local service (the web host), the page on #week; each change (an entry's time edited
// through core) pushes snapshots, and the time from each one's arrival at the page (the WebSocket
// message) to the DOM updated and laid out is one sample. Parsing the snapshot is included.

import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { localDate } from '../common/format';
import { addDays, weekOf } from '../common/week';
import { createServiceApi } from '../main/api/client';
import { openEmbeddedAccount } from '../main/core/embedded/embeddedAccount';
import { createSessionSecrets } from '../platform/keychain';
import { CHROMIUM } from '../test/e2e/support';
import { startWebHost } from '../web/host';
import { soleCoreApp } from '../test/support/soleCore';
import { PAGE_CPU_CATEGORIES, pageCpuPerWindow } from './pageCpu';
import { percentile, type Benchmark } from './types';

const ENTRIES = 500;
const PROJECTS = 40;
const RUNS = 60;
/** Edits before the measured ones: the page's code is compiled by then (the first few take 30-100 ms). */
const WARMUP = 10;

// Runs in the page before its scripts: for each pushed message, the time from its arrival until
// the app's handler, Preact's render (a microtask after it) and a forced layout are done: the
// timeout runs after all of them. Each is also marked (render-start-n, render-end-n), so a trace
// can tell the page's CPU time in it (pageCpu.ts).
const WATCH = `
  window.__renders = [];
  let marked = 0;
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', () => {
        const n = marked++;
        performance.mark('render-start-' + n);
        const arrived = performance.now();
        setTimeout(() => {
          document.body.offsetHeight;
          window.__renders.push(performance.now() - arrived);
          performance.mark('render-end-' + n);
        }, 0);
      });
    }
  };
`;

type Page = { __renders: number[] };

const bench: Benchmark = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stint-bench-'));
  const account = await openEmbeddedAccount({ dataDir, secrets: createSessionSecrets() });
  const host = await startWebHost({ app: soleCoreApp(account.core) });
  const browser = await chromium.launch(CHROMIUM);
  const samples: number[] = [];
  const cpu: number[] = [];
  try {
    const { url, token } = account.service;
    const api = createServiceApi({ baseUrl: url, credentials: { kind: 'personal', token }, rateLimit: 0 });
    const week = weekOf(localDate(Date.now()), 'monday');
    const ids: number[] = [];
    for (let i = 0; i < PROJECTS; i++) ids.push((await api.createProject({ name: `Project ${i + 1}` })).id);
    for (let i = 0; i < ENTRIES; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          api.createEntry({
            date: addDays(week.start, (i + j) % 7),
            minutes: 30,
            project_id: ids[(i + j) % PROJECTS]!,
            description: `item ${i + j}`,
          }),
        ),
      );
    await account.core.handlers.refresh({});
    await account.core.whenIdle();
    const entries = account.core.getSnapshot().week.days.flatMap((d) => d.entries);
    if (entries.length !== ENTRIES) throw new Error(`the week holds ${entries.length} entries`);

    const page = await browser.newPage({ viewport: { width: 420, height: 760 } });
    await page.addInitScript(WATCH);
    await page.goto(`${host.openUrl}#week`);
    await page.getByTestId('week-entry').first().waitFor();
    const edit = async (i: number): Promise<number[]> => {
      const e = entries[(i * 7) % ENTRIES]!;
      const before = await page.evaluate(() => (globalThis as unknown as Page).__renders.length);
      const done = await account.core.handlers.updateEntry({
        key: e.key,
        time: String(31 + i),
        description: e.description ?? '',
        project: e.projectName ?? '',
      });
      if (!done.ok) throw new Error(done.error.message);
      await account.core.whenIdle();
      await page.waitForFunction((n) => (globalThis as unknown as Page).__renders.length > n, before);
      // Every snapshot the change pushed (queued, sent, read back).
      return page.evaluate((n) => (globalThis as unknown as Page).__renders.slice(n), before);
    };
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const pushed = await edit(i);
      if (i >= WARMUP) samples.push(...pushed);
    }
    // The same edits again under a trace: the page's own CPU time per snapshot, which time given
    // to other processes does not stretch (tracing slows the page, so the wall times above are
    // taken without it).
    await browser.startTracing(page, { categories: PAGE_CPU_CATEGORIES });
    for (let i = WARMUP + RUNS; i < WARMUP + 2 * RUNS; i++) await edit(i);
    cpu.push(...pageCpuPerWindow(await browser.stopTracing(), 'render'));
  } finally {
    await browser.close();
    await host.close();
    await account.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const p99 = percentile(samples, 99);
  const cpuP99 = percentile(cpu, 99);
  return [
    {
      name: `week view re-render in Chromium after a change, ${ENTRIES} entries × ${PROJECTS} projects, p99`,
      value: p99,
      unit: 'ms',
      target: '< 16 ms',
      met: p99 < 16,
      detail: `from the pushed snapshot's arrival (WebSocket message, parse included) to the DOM updated and laid out; median ${percentile(samples, 50).toFixed(2)} ms over the ${samples.length} snapshots that ${RUNS} edits made through core against the real local service pushed, after ${WARMUP} edits to warm the page up; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`,
    },
    {
      name: `week view re-render in Chromium after a change, ${ENTRIES} entries × ${PROJECTS} projects: the page's main-thread CPU time, p99`,
      value: cpuP99,
      unit: 'ms',
      target: '< 16 ms',
      met: cpuP99 < 16,
      detail: `the same window as the row above, as CPU time of the page's main thread in it (thread time of its tasks in a Chromium trace, bench/pageCpu.ts), which the machine's load stretches far less than the wall time (not at all by preemption); median ${percentile(cpu, 50).toFixed(2)} ms over the ${cpu.length} snapshots of ${RUNS} more edits; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`,
    },
  ];
};

export default bench;
