// The settings page in Chromium against the real core and service: the theme changes the page's
// colours, idle detection turns off, a bad shortcut is named at its field with the text kept, a
// shortcut the OS refuses keeps the previous one, and everything is still set after core restarts
// on the same data folder. Only the OS's shortcut registry is faked (no Electron here).

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Hotkeys } from '../../common/settings';
import type { RegistrationOutcome } from '../../main/core/desktop/commands';
import { openEmbeddedAccount, type EmbeddedAccount } from '../../main/core/embedded/embeddedAccount';
import { createSessionSecrets } from '../../platform/keychain';
import { startWebHost, type WebHost } from '../../web/host';
import { soleCoreApp } from '../support/soleCore';
import { CHROMIUM } from './support';

/** The OS: Ctrl+Alt+P is another app's. */
const TAKEN = 'Control+Alt+P';
const applyHotkeys = (hotkeys: Hotkeys): RegistrationOutcome[] =>
  Object.entries(hotkeys).flatMap(([name, accelerator]) =>
    accelerator ? [{ name: name as keyof Hotkeys, accelerator, ok: accelerator !== TAKEN }] : [],
  );

const dataDir = mkdtempSync(join(tmpdir(), 'stint-e2e-settings-'));
const secrets = createSessionSecrets();
let browser: Browser;
let account: EmbeddedAccount;
let host: WebHost;

async function startCore() {
  account = await openEmbeddedAccount({ dataDir, secrets, applyHotkeys });
  host = await startWebHost({ app: soleCoreApp(account.core) });
}
async function stopCore() {
  await host.close();
  await account.close();
}

beforeAll(async () => {
  mkdirSync('artifacts', { recursive: true });
  await startCore();
  browser = await chromium.launch(CHROMIUM);
});
afterAll(async () => {
  await browser?.close();
  await stopCore();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openSettings(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 420, height: 900 }, colorScheme: 'light' });
  page.setDefaultTimeout(5_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  await page.goto(`${host.openUrl}#settings`);
  await page.getByTestId('settings').waitFor();
  return { page, problems };
}

// A string, so this file type-checks without the DOM's types.
const background = (page: Page) => page.evaluate('getComputedStyle(document.body).backgroundColor') as Promise<string>;
const settings = () => account.core.getSnapshot().settings;

/** axe-core's colour-contrast rule over the page (the page's CSP does not apply to evaluate). */
async function contrastViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(o: object): Promise<{ violations: Array<{ id: string; nodes: Array<{ html: string }> }> }> };
      }
    ).axe;
    const result = await axe.run({ runOnly: ['color-contrast', 'label', 'aria-valid-attr-value'] });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html}`));
  });
}

describe('the settings page', () => {
  it('is reached from the main view by its Settings link', async () => {
    const page = await browser.newPage({ viewport: { width: 420, height: 760 } });
    await page.goto(host.openUrl);
    await page.getByTestId('timers').waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByTestId('settings').waitFor();
    expect(new URL(page.url()).hash).toBe('#settings');
    await page.getByRole('link', { name: 'Back to Stint' }).click();
    await page.getByTestId('timers').waitFor();
    await page.close();
  });

  it('changes the theme, turns idle detection off and names a bad shortcut at its field', async () => {
    const { page, problems } = await openSettings();
    // The accounts section is the accounts' own (their e2e tests it); here only that it is there.
    expect(await page.getByRole('heading', { name: 'Accounts' }).count()).toBe(1);

    // Theme: the system's is light here; Dark overrides it, by keyboard.
    const light = await background(page);
    expect(light).toBe('rgb(244, 244, 246)');
    expect(await contrastViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'System' }).focus();
    await page.keyboard.press('ArrowDown'); // Light
    await page.keyboard.press('ArrowDown'); // Dark
    await expect.poll(() => background(page)).toBe('rgb(21, 22, 25)');
    expect(settings().theme).toBe('dark');
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await contrastViolations(page)).toEqual([]);

    // Idle: off.
    await page.getByRole('checkbox', { name: /Ask what to do with time I was away/ }).uncheck();
    await expect.poll(() => settings().idleThresholdMinutes).toBeNull();
    await expect.poll(() => page.getByTestId('idle-state').textContent()).toContain('Off');
    expect(await page.getByTestId('idle-minutes').isDisabled()).toBe(true);

    // A shortcut that is not one: the message at its field, the text kept, nothing saved.
    const quick = page.getByRole('textbox', { name: 'Quick entry' });
    await quick.fill('Ctrl+Banana');
    await page.getByRole('button', { name: 'Save shortcuts' }).click();
    const error = page.getByTestId('hotkey-quickEntry-error');
    expect(await error.textContent()).toContain('“Banana” is not a key');
    expect(await quick.inputValue()).toBe('Ctrl+Banana');
    expect(await quick.getAttribute('aria-invalid')).toBe('true');
    expect(await quick.getAttribute('aria-describedby')).toContain('hotkey-quickEntry-error');
    expect(settings().hotkeys).toEqual(DEFAULT_SETTINGS.hotkeys);

    // One the OS refuses: said at its field, the previous one kept.
    await quick.fill('ctrl+alt+p');
    await page.getByRole('button', { name: 'Save shortcuts' }).click();
    await expect
      .poll(() => error.textContent())
      .toBe('Ctrl+Alt+P is taken by another application; kept Ctrl+Alt+Shift+E.');
    expect(await quick.inputValue()).toBe('ctrl+alt+p');
    expect(settings().hotkeys.quickEntry).toBe(DEFAULT_SETTINGS.hotkeys.quickEntry);

    // Another command's shortcut, written as this keyboard names it: refused at the second field, kept there.
    const show = page.getByRole('textbox', { name: 'Show the window' });
    expect(await show.inputValue()).toBe('Ctrl+Alt+Shift+W');
    await quick.fill('Ctrl+Alt+Shift+W');
    await page.getByRole('button', { name: 'Save shortcuts' }).click();
    await expect.poll(() => error.textContent()).toBe('That shortcut is already the one for “Show the window”.');
    expect(await quick.inputValue()).toBe('Ctrl+Alt+Shift+W');
    expect(settings().hotkeys).toEqual(DEFAULT_SETTINGS.hotkeys);

    // Pressed keys are recorded; saved.
    const toggle = page.getByRole('textbox', { name: 'Start or pause the last timer' });
    await toggle.focus();
    await page.keyboard.press('Control+Shift+KeyK');
    expect(await toggle.inputValue()).toBe('Ctrl+Shift+K');
    await quick.fill('');
    await page.getByRole('button', { name: 'Save shortcuts' }).click();
    await expect
      .poll(() => settings().hotkeys)
      .toEqual({ ...DEFAULT_SETTINGS.hotkeys, toggleTimer: 'CommandOrControl+Shift+K', quickEntry: null });
    await expect.poll(() => page.getByTestId('hotkey-quickEntry-error').count()).toBe(0);
    await page.screenshot({ path: join('artifacts', 'e2e-settings-dark.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the settings after core restarts on the same data folder', async () => {
    const before = settings();
    await stopCore();
    await startCore();
    expect(settings()).toEqual(before);

    const { page, problems } = await openSettings();
    await expect.poll(() => background(page)).toBe('rgb(21, 22, 25)');
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Ask what to do with time I was away/ }).isChecked()).toBe(false);
    expect(await page.getByRole('textbox', { name: 'Start or pause the last timer' }).inputValue()).toBe(
      'Ctrl+Shift+K',
    );
    expect(await page.getByRole('textbox', { name: 'Quick entry' }).inputValue()).toBe('');
    // The main view follows the theme too.
    await page.getByRole('link', { name: 'Back to Stint' }).click();
    await page.getByTestId('timers').waitFor();
    expect(await background(page)).toBe('rgb(21, 22, 25)');
    expect(problems).toEqual([]);
    await page.close();
  });
});
