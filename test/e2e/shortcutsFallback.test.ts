// Settings › Shortcuts in Chromium when the OS refused the start/pause shortcut: it says so, shows
// GNOME's and KDE's lines for the desktop's own shortcut at 420 px without axe violations, and the
// Copy button puts GNOME's lines on the real clipboard. The app is the real core and service
// behind the web host; only the OS's answer (what it refused) is laid over the snapshot, as the
// app layer does in Electron (main/core/accounts/shortcutsPart.ts).

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gnomeShortcutCommands } from '../../common/desktopShortcuts';
import { ok } from '../../common/result';
import { DEFAULT_HOTKEYS } from '../../common/settings';
import type { ShortcutsView, Snapshot } from '../../common/snapshot';
import { openEmbeddedAccount, type EmbeddedAccount } from '../../main/core/embedded/embeddedAccount';
import { createSessionSecrets } from '../../platform/keychain';
import { startWebHost, type WebHost } from '../../web/host';
import { soleCoreApp } from '../support/soleCore';
import { axeViolations } from './axe';
import { CHROMIUM, explained } from './support';

const COMMAND = ['/opt/Stint Apps/stint', '--toggle'];
const REFUSED: ShortcutsView = {
  refused: [{ name: 'toggleTimer', accelerator: DEFAULT_HOTKEYS.toggleTimer }],
  toggleCommand: COMMAND,
};

const dataDir = mkdtempSync(join(tmpdir(), 'stint-e2e-fallback-'));
let account: EmbeddedAccount;
let host: WebHost;
let browser: Browser;

beforeAll(async () => {
  mkdirSync('artifacts', { recursive: true });
  account = await openEmbeddedAccount({ dataDir, secrets: createSessionSecrets() });
  const app = soleCoreApp(account.core);
  const refused = (snapshot: Snapshot): Snapshot => ({ ...snapshot, shortcuts: REFUSED });
  host = await startWebHost({
    // Every way the page reads the snapshot says the same: the push, and the getSnapshot call the
    // window makes for its language's words before its first paint.
    app: {
      ...app,
      handlers: { ...app.handlers, getSnapshot: async () => ok(refused(app.getSnapshot())) },
      getSnapshot: () => refused(app.getSnapshot()),
      subscribe: (listener) => app.subscribe((snapshot) => listener(refused(snapshot))),
    },
  });
  browser = await chromium.launch(CHROMIUM);
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await account?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Settings › Shortcuts with a refused shortcut, in Chromium', () => {
  it('says which, shows the desktop’s own lines at 420 px without violations, and copies GNOME’s in one click', async () => {
    const context = await browser.newContext({ viewport: { width: 420, height: 900 }, bypassCSP: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.openUrl).origin });
    const page = await context.newPage();
    try {
      // explained: a failure prints what the page showed (it failed once in a full run, unexplained).
      await explained({ account }, page, () => steps(page));
    } finally {
      await context.close();
    }
  });
});

/** Settings with the refusal: its words, the layout, axe, and GNOME's lines copied. */
async function steps(page: Page): Promise<void> {
  await page.goto(`${host.openUrl}#settings`);
  const fallback = page.getByTestId('shortcut-fallback');
  await fallback.waitFor();
  expect(await fallback.textContent()).toContain(
    'Your desktop did not let Stint register Ctrl+Alt+Shift+T (Start or pause the last timer)',
  );
  // Nothing wider than the window.
  const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await fallback.screenshot({ path: join('artifacts', 'e2e-shortcuts-fallback.png') });

  await page.getByRole('button', { name: 'Copy the GNOME lines' }).click();
  await fallback.getByText('Copied.').waitFor();
  const expected = gnomeShortcutCommands({
    id: 'stint-toggle',
    name: 'Stint: start or pause the timer',
    accelerator: DEFAULT_HOTKEYS.toggleTimer,
    command: COMMAND,
  });
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(expected);
}
