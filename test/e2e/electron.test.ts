// The one test that runs the real Electron app: only where its binary is installed (it cannot be
// downloaded on these machines). It checks that the window opens on the renderer and that the
// preload's bridge answers, over IPC this time.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildAll } from '../../scripts/build.mjs';
import { electronBinary, root } from '../../scripts/electronBinary.mjs';

const binary = electronBinary();
if (!binary) console.log('Electron binary not installed here: skipped');

describe('the Electron app', () => {
  it.skipIf(!binary)('opens its window on the renderer, with window.stint answering over IPC', async () => {
    await buildAll();
    const userData = mkdtempSync(join(tmpdir(), 'stint-electron-'));
    const app = await _electron.launch({
      executablePath: binary!,
      args: ['dist/main/index.cjs', `--user-data-dir=${userData}`],
      cwd: root,
    });
    try {
      const window = await app.firstWindow();
      await window.getByTestId('timers').waitFor();
      const keys = await window.evaluate(() => Object.keys((window as unknown as { stint: object }).stint).sort());
      expect(keys).toContain('onSnapshot');
      expect(await window.evaluate(() => typeof (window as unknown as { process?: unknown }).process)).toBe(
        'undefined',
      );
      const result = await window.evaluate(() =>
        (window as unknown as { stint: { getSnapshot(r: object): Promise<{ ok: boolean }> } }).stint.getSnapshot({}),
      );
      expect(result.ok).toBe(true);
    } finally {
      await app.close();
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
