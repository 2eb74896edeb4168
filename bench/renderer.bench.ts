// The renderer's weight and its first render: the bundle gzipped, and the time from navigation
// start until the timers view is in the DOM and visible, in Chromium against the real core.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { openEmbeddedAccount } from '../main/core/embedded/embeddedAccount';
import { createSessionSecrets } from '../platform/keychain';
import { CHROMIUM } from '../test/e2e/support';
import { startWebHost } from '../web/host';
import { soleCoreApp } from '../test/support/soleCore';
import { buildRendererAssets } from '../web/rendererBundle';
import { percentile, type Benchmark } from './types';

const RUNS = 30;

// Runs in the page before its scripts: notes when the timers view first shows.
const WATCH_FIRST_RENDER = `
  new MutationObserver((_, observer) => {
    const el = document.querySelector('[data-testid="timers"]');
    if (el && el.getClientRects().length > 0) {
      window.__firstRender = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

const bench: Benchmark = async () => {
  const assets = await buildRendererAssets();
  const gz = (path: string) => gzipSync(assets.get(path)!.body, { level: 9 }).length;
  const js = gz('/renderer.js');
  const css = gz('/styles.css');
  const html = gz('/index.html');

  const dataDir = mkdtempSync(join(tmpdir(), 'stint-bench-'));
  const account = await openEmbeddedAccount({ dataDir, secrets: createSessionSecrets() });
  const host = await startWebHost({ app: soleCoreApp(account.core), assets });
  const browser = await chromium.launch(CHROMIUM);
  const samples: number[] = [];
  let cold = NaN;
  try {
    const page = await browser.newPage({ viewport: { width: 420, height: 760 } });
    await page.addInitScript(WATCH_FIRST_RENDER);
    const firstRender = () => (globalThis as unknown as { __firstRender?: number }).__firstRender;
    for (let i = 0; i <= RUNS; i++) {
      // The printed address first: the tab keeps its secret, so every later load is the plain one.
      await page.goto(i === 0 ? host.openUrl : host.url);
      await page.waitForFunction(firstRender);
      const ms = (await page.evaluate(firstRender))!;
      // The first load also warms Chromium's own caches: it is reported apart.
      if (i === 0) cold = ms;
      else samples.push(ms);
    }
  } finally {
    await browser.close();
    await host.close();
    await account.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);

  return [
    {
      name: 'renderer bundle (JS), gzipped',
      value: js,
      unit: 'bytes',
      target: '<= 60 KB',
      met: js <= 60 * 1024,
      detail: `raw ${assets.get('/renderer.js')!.body.length} B; CSS ${css} B and HTML ${html} B gzipped besides`,
    },
    {
      name: 'first render in Chromium (navigation start to timers view visible), p50',
      value: p50,
      unit: 'ms',
      target: '< 100 ms',
      met: p50 < 100,
      detail: `${RUNS} reloads against the real core and local service`,
    },
    {
      name: 'first render in Chromium, p95',
      value: p95,
      unit: 'ms',
      target: '< 100 ms',
      met: p95 < 100,
      detail: `${RUNS} reloads`,
    },
    {
      name: 'first render in Chromium, first load of a fresh browser',
      value: cold,
      unit: 'ms',
      target: '< 100 ms',
      met: cold < 100,
      detail: 'one sample',
    },
  ];
};

export default bench;
