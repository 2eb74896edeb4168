// The idle tray icons the app ships (assets/trayIcons/, read at start instead of drawn: drawing the
// first icons costs ~30 ms of CPU before the tray can show) are the renderer's own drawing, pixel
// for pixel. After a change to the drawing: `npx tsx scripts/makeTrayIcons.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTrayIconRenderer, ICON_SIZES } from '../../../../../main/core/views/trayIcon/renderer';
import { root } from '../../../../../scripts/electronBinary.mjs';
import { decodePng } from '../../support/pngDecode';

const shipped = (variant: string, size: number) =>
  readFileSync(join(root, 'assets', 'trayIcons', `idle-${variant}-${size}.png`));

describe('the shipped idle tray icons', () => {
  const drawing = createTrayIconRenderer();
  for (const variant of ['light', 'dark'] as const)
    for (const size of ICON_SIZES)
      it(`idle, ${variant}, ${size} px: the renderer's drawing`, () => {
        const file = decodePng(shipped(variant, size));
        const drawn = decodePng(drawing.png('idle', '', size, variant));
        expect([file.width, file.height]).toEqual([size, size]);
        expect(Buffer.from(file.pixels).equals(Buffer.from(drawn.pixels))).toBe(true);
      });

  it('a renderer given them serves them for idle, and draws every other state', () => {
    const asked: string[] = [];
    const renderer = createTrayIconRenderer({
      drawnAhead: (state, size, variant) => {
        asked.push(`${state}/${size}/${variant}`);
        return state === 'idle' ? shipped(variant, size) : null;
      },
    });
    expect(renderer.png('idle', '', 24, 'dark')).toEqual(shipped('dark', 24));
    expect(decodePng(renderer.png('paused', '', 24, 'dark')).pixels).toEqual(
      decodePng(drawing.png('paused', '', 24, 'dark')).pixels,
    );
    expect(decodePng(renderer.png('running', '1:05', 24, 'dark')).pixels).toEqual(
      decodePng(drawing.png('running', '1:05', 24, 'dark')).pixels,
    );
    // Asked once per image (then kept), never for a running one: its time is drawn.
    renderer.png('idle', '', 24, 'dark');
    expect(asked).toEqual(['idle/24/dark', 'paused/24/dark']);
  });
});
