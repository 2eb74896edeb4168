// Draws the idle tray icons the app ships (assets/trayIcons/idle-<variant>-<size>.png) with the
// app's own renderer, so the tray can show them at start without drawing them (main/shell/tray.ts).
// Run after changing the icons' drawing: `npx tsx scripts/makeTrayIcons.ts`;
// test/unit/core/views/trayIcon/shippedIcons.test.ts fails until the files match the drawing again.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTrayIconRenderer, ICON_SIZES } from '../main/core/views/trayIcon/renderer';
import { root } from './electronBinary.mjs';

const dir = join(root, 'assets', 'trayIcons');
mkdirSync(dir, { recursive: true });
const renderer = createTrayIconRenderer();
for (const variant of ['light', 'dark'] as const)
  for (const size of ICON_SIZES)
    writeFileSync(join(dir, `idle-${variant}-${size}.png`), renderer.png('idle', '', size, variant));
