// The coloured dot beside a timer in the tray menu (Electron menu items carry an icon): the
// project's colour as a small disc, drawn here as PNGs like the tray icons (png.ts), at 16 px and
// @2x 32 px. A colour too close to the menu's background (below 3:1, common/projectColor.ts) gets
// a ring in the menu's ink, so it stays visible; a missing or invalid colour is grey. Pure: the
// shell keeps one image per (colour, theme).

import { needsRing, parseHexColor, type Rgb } from '../../../../common/projectColor';
import { encodePng } from './png';

export type MenuTheme = 'light' | 'dark';

/** Menus the desktops draw (GTK, KDE, Windows, macOS): near white in light mode, dark grey in dark mode. */
export const MENU_SURFACES: Readonly<Record<MenuTheme, readonly Rgb[]>> = {
  light: [
    [255, 255, 255],
    [240, 240, 240],
  ],
  dark: [
    [43, 43, 43],
    [56, 56, 56],
  ],
};
const INK: Readonly<Record<MenuTheme, Rgb>> = { light: [32, 32, 32], dark: [240, 240, 240] };
/** No colour: a grey that clears 3:1 on both themes' menus. */
export const MENU_DOT_GREY: Rgb = [134, 134, 140];

/** Pixels of one dot at 1x: the disc's diameter and the ring's width, in a 16 px square. */
const SIZE = 16;
const DIAMETER = 10;
const RING = 1.25;
/** Sub-samples per pixel side, for smooth edges. */
const SAMPLES = 4;

/** Whether a dot of this colour gets a ring on this theme's menu. */
export const menuDotRinged = (color: string | null, theme: MenuTheme): boolean =>
  needsRing(parseHexColor(color) ?? MENU_DOT_GREY, MENU_SURFACES[theme]);

/** The dot's images, 1x and 2x, for one nativeImage. */
export function menuDotImages(color: string | null, theme: MenuTheme): Array<{ scaleFactor: number; png: Buffer }> {
  return [1, 2].map((scaleFactor) => ({ scaleFactor, png: encodePng(drawDot(color, theme, scaleFactor)) }));
}

function drawDot(color: string | null, theme: MenuTheme, scale: number) {
  const fill = parseHexColor(color) ?? MENU_DOT_GREY;
  const ring = menuDotRinged(color, theme) ? INK[theme] : null;
  const size = SIZE * scale;
  const outer = (DIAMETER * scale) / 2;
  const inner = ring ? outer - RING * scale : outer;
  const centre = size / 2;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      // Each sub-sample is the fill, the ring or nothing; the pixel is their average.
      const sum = [0, 0, 0];
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) {
          const d = Math.hypot(x + (sx + 0.5) / SAMPLES - centre, y + (sy + 0.5) / SAMPLES - centre);
          const ink = d <= inner ? fill : d <= outer ? ring : null;
          if (!ink) continue;
          covered++;
          for (let c = 0; c < 3; c++) sum[c]! += ink[c]!;
        }
      if (covered === 0) continue;
      const at = (y * size + x) * 4;
      pixels.set([...sum.map((s) => Math.round(s / covered)), Math.round((covered / SAMPLES ** 2) * 255)], at);
    }
  return { width: size, height: size, pixels };
}
