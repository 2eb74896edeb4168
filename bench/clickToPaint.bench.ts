// From a user's input to the result painted, in Chromium against the real core and local service
// (the web host): clicking Start on the new-timer form until the running timer shows, clicking a
// running timer's Log until its entry is in Today, and Enter in quick entry until the entry is
// in Today. One sample is the input event's own timestamp (when Chromium received it) to the
// first frame after the DOM showed the result: a requestAnimationFrame callback is followed by a
// message posted from it, which runs once that frame has been painted.

import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createServiceApi } from '../main/api/client';
import { openEmbeddedAccount } from '../main/core/embedded/embeddedAccount';
import { createSessionSecrets } from '../platform/keychain';
import { CHROMIUM } from '../test/e2e/support';
import { soleCoreApp } from '../test/support/soleCore';
import { startWebHost } from '../web/host';
import { percentile, type Benchmark, type BenchResult } from './types';

const RUNS = 30;
/** Actions before the measured ones, so the page's code is compiled by then. */
const WARMUP = 5;

// Runs in the page before its scripts. `__arm(selector)` answers a promise of the time from the
// next click or Enter to the first painted frame in which `selector` matches.
const WATCH = `
  let input = 0;
  for (const type of ['click', 'keydown'])
    document.addEventListener(type, (e) => {
      if (type === 'click' || e.key === 'Enter') input = e.timeStamp;
    }, true);
  window.__arm = (selector) => new Promise((resolve) => {
    input = 0;
    const painted = () => requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - input);
      channel.port2.postMessage(0);
    });
    const observer = new MutationObserver(() => {
      if (input && document.querySelector(selector)) { observer.disconnect(); painted(); }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  });
`;

type Watched = { __arm(selector: string): Promise<number> };

/** Arms the watch for `selector`, runs the input, and answers the painted time. */
async function timed(page: Page, selector: string, input: () => Promise<void>): Promise<number> {
  const result = page.evaluate((s) => (globalThis as unknown as Watched).__arm(s), selector);
  const stuck = setTimeout(() => console.error(`still waiting for ${selector}`), 30_000);
  void result.finally(() => clearTimeout(stuck));
  // The watch is armed once the evaluate reached the page; a round trip makes sure of it.
  await page.evaluate(() => 0);
  await input();
  return result;
}

async function startTimer(page: Page, project: string): Promise<number> {
  const form = page.getByRole('form', { name: 'New timer' });
  await form.getByLabel('Project').fill(project);
  return timed(page, `[data-testid="timer"][data-state="running"][data-project="${project}"]`, () =>
    form.getByRole('button', { name: /start/i }).click(),
  );
}

async function logTimer(page: Page, project: string): Promise<number> {
  const log = page.locator(`[data-testid="timer"][data-project="${project}"]`).getByTestId('log-button');
  return timed(page, `[data-testid="today-entry"][data-project="${project}"]`, () => log.click());
}

/** Quoted: the project's name has a space. */
async function quickEntry(page: Page, project: string): Promise<number> {
  const box = page.getByRole('combobox', { name: /^Log time for/ });
  await box.fill(`0:30 @"${project}" bench`);
  return timed(page, `[data-testid="today-entry"][data-project="${project}"]`, () => box.press('Enter'));
}

const bench: Benchmark = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stint-bench-'));
  const account = await openEmbeddedAccount({ dataDir, secrets: createSessionSecrets() });
  const host = await startWebHost({ app: soleCoreApp(account.core) });
  const browser = await chromium.launch(CHROMIUM);
  const samples = { start: [] as number[], log: [] as number[], quick: [] as number[] };
  try {
    // Quick entry logs to projects that exist (a new name asks first), made before the page opens.
    const { url, token } = account.service;
    const api = createServiceApi({ baseUrl: url, credentials: { kind: 'personal', token }, rateLimit: 0 });
    for (let i = 0; i < WARMUP + RUNS; i++) await api.createProject({ name: `Quick ${i}` });
    await account.core.handlers.refresh({});
    await account.core.whenIdle();
    const page = await browser.newPage({ viewport: { width: 420, height: 640 } });
    await page.addInitScript(WATCH);
    await page.goto(host.openUrl);
    await page.getByTestId('timers').waitFor();
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const keep = i >= WARMUP;
      const start = await startTimer(page, `Timer ${i}`);
      const log = await logTimer(page, `Timer ${i}`);
      const quick = await quickEntry(page, `Quick ${i}`);
      if (!keep) continue;
      samples.start.push(start);
      samples.log.push(log);
      samples.quick.push(quick);
    }
  } finally {
    await browser.close();
    await host.close();
    await account.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const detail = `${RUNS} of each after ${WARMUP} warm-up, 420×640, real core and local service over the web host; load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
  const row = (name: string, list: number[]): BenchResult => {
    const p50 = percentile(list, 50);
    return {
      name: `${name}, click to painted, p50`,
      value: p50,
      unit: 'ms',
      target: '< 16 ms',
      met: p50 < 16,
      detail: `${detail}; p95 ${percentile(list, 95).toFixed(1)} ms`,
    };
  };
  return [
    row('Start a timer', samples.start),
    row('Log a running timer', samples.log),
    row('Quick entry (Enter)', samples.quick),
  ];
};

export default bench;
