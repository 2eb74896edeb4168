// The web host started again on the same port while a tab of its earlier run is still open, in
// Chromium: the old tab cannot get in (the new run has a new key), so instead of "Reconnecting…"
// forever it says it belongs to an earlier run and how to open the new one; the new address works.

import { describe, expect, it } from 'vitest';
import { startWebHost } from '../../web/host';
import { soleCoreApp } from '../support/soleCore';
import { explained, openApp, type Stack, stackForFile } from './support';

let stack: Stack;
stackForFile((shared) => ({ stack } = shared));

describe('a tab of an earlier run of the web host', () => {
  it('says it belongs to an earlier run and how to open the new one, and the new address works', async () => {
    const { page, problems } = await openApp(stack);
    await explained(stack, page, async () => {
      const port = Number(new URL(stack.host.url).port);
      await stack.host.close();
      // Started again on the same port: a new run, with a new key.
      stack.host = await startWebHost({ app: soleCoreApp(stack.account.core), port });
      const notice = page.getByTestId('earlier-run');
      await notice.waitFor({ timeout: 20_000 });
      expect(await notice.textContent()).toContain('This page belongs to an earlier run of Stint');
      expect(await notice.textContent()).toContain(`${stack.host.url}/#k=…`);

      await page.goto(stack.host.openUrl);
      await page.getByTestId('timers').waitFor();
    });
    // The refused handshakes and the look at the host while it was down are the browser's own
    // console errors (network ones); the page itself raised none.
    const network = /WebSocket|Failed to load resource|ERR_CONNECTION_REFUSED/;
    expect(problems.filter((p) => !network.test(p))).toEqual([]);
  });
});
