import { describe, expect, it } from 'vitest';
import {
  ICON_SIZES,
  createTrayIconRenderer,
  iconRepresentations,
  type IconSize,
  type TrayIconState,
  type TrayIconVariant,
} from '../../../../../main/core/views/trayIcon/renderer';
import { PALETTE } from '../../../../../main/core/views/trayIcon/palette';
import { trayIconVariant } from '../../../../../main/core/views/trayIcon/variant';
import { decodePng, type DecodedPng } from '../../support/pngDecode';

const renderer = createTrayIconRenderer();
const draw = (state: TrayIconState, text: string, size: IconSize, variant: TrayIconVariant = 'dark') =>
  decodePng(renderer.png(state, text, size, variant));

/** The image as text: '#' for opaque ink-coloured pixels, 'o' for other opaque ones, '.' for clear. */
function picture(image: DecodedPng, variant: TrayIconVariant): string[] {
  const ink = PALETTE[variant].ink;
  return Array.from({ length: image.height }, (_, y) =>
    Array.from({ length: image.width }, (_, x) => {
      const [r, g, b, a] = image.at(x, y);
      if (a === 0) return '.';
      return r === ink[0] && g === ink[1] && b === ink[2] ? '#' : 'o';
    }).join(''),
  );
}

const luminance = ([r, g, b]: number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
const opaque = (image: DecodedPng) =>
  Array.from({ length: image.width * image.height }, (_, i) =>
    image.at(i % image.width, Math.floor(i / image.width)),
  ).filter((p) => p[3] > 0);

describe('tray icon images (Windows and Linux)', () => {
  it('draws the running time in pixel digits with a bar under it, at 16 px', () => {
    expect(picture(draw('running', '1:05', 16), 'dark').slice(3, 12)).toEqual([
      '..#...###.###...',
      '..#.#.#.#.#.....',
      '..#...#.#.###...',
      '..#.#.#.#...#...',
      '..#...###.###...',
      '................',
      '................',
      '..ooooooooooo...',
      '..ooooooooooo...',
    ]);
  });

  it('puts hours over minutes where one line does not fit (20:48 at 16 px), and one line from 24 px', () => {
    const small = picture(draw('running', '20:48', 16), 'dark');
    expect(small.slice(0, 5)).toEqual([
      '....###.###.....',
      '......#.#.#.....',
      '....###.#.#.....',
      '....#...#.#.....',
      '....###.###.....',
    ]);
    expect(small.slice(7, 12)).toEqual([
      '....#.#.###.....',
      '....#.#.#.#.....',
      '....###.###.....',
      '......#.#.#.....',
      '......#.###.....',
    ]);
    for (const size of [24, 32, 48, 64] as const) {
      const rows = picture(draw('running', '20:48', size), 'dark');
      const inkRows = rows.filter((row) => row.includes('#'));
      // One line: every row with ink is in one run of rows, as tall as a digit.
      const first = rows.findIndex((row) => row.includes('#'));
      expect(rows.slice(first, first + inkRows.length).every((row) => row.includes('#'))).toBe(true);
    }
  });

  it('changes the digits every minute and nothing else', () => {
    for (const size of ICON_SIZES) {
      const a = draw('running', '1:05', size);
      const b = draw('running', '1:06', size);
      const changed = [...a.pixels].filter((v, i) => v !== b.pixels[i]).length;
      expect(changed, `size ${size}`).toBeGreaterThan(0);
      // Only the last digit's columns differ.
      const columns = new Set<number>();
      for (let i = 0; i < a.pixels.length; i += 4) if (a.pixels[i + 3] !== b.pixels[i + 3]) columns.add((i / 4) % size);
      expect(Math.min(...columns), `size ${size}`).toBeGreaterThan(size / 2);
    }
  });

  it('is size x size at 16, 24 and 32 px and at @2x (32, 48, 64)', () => {
    for (const size of ICON_SIZES)
      for (const state of ['running', 'paused', 'idle', 'offline'] as const) {
        const image = draw(state, '1:05', size);
        expect([image.width, image.height]).toEqual([size, size]);
        expect(image.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
      }
    expect(iconRepresentations('win32')).toEqual([
      { size: 16, scaleFactor: 1 },
      { size: 24, scaleFactor: 1.5 },
      { size: 32, scaleFactor: 2 },
      { size: 48, scaleFactor: 3 },
      { size: 64, scaleFactor: 4 },
    ]);
    expect(iconRepresentations('linux').map((r) => [r.size, r.scaleFactor])).toEqual([
      [24, 1],
      [32, 4 / 3],
      [48, 2],
      [64, 8 / 3],
    ]);
  });

  it('draws light ink on a clear background for dark taskbars, and dark ink for light ones', () => {
    for (const size of ICON_SIZES) {
      const dark = draw('running', '12:34', size, 'dark');
      const light = draw('running', '12:34', size, 'light');
      expect(dark.at(0, 0)[3]).toBe(0);
      expect(dark.at(size - 1, size - 1)[3]).toBe(0);
      const darkInk = opaque(dark).filter((p) => p[0] === 255 && p[1] === 255 && p[2] === 255);
      expect(darkInk.length).toBeGreaterThan(size); // the digits, in white
      expect(opaque(dark).every((p) => luminance(p) > 140)).toBe(true); // nothing dark on the dark variant
      expect(opaque(light).filter((p) => luminance(p) < 40).length).toBe(darkInk.length); // the same digits, in near-black
    }
  });

  it('tells each state by its own glyph and colour', () => {
    for (const variant of ['dark', 'light'] as const) {
      const colours = PALETTE[variant];
      const dominant = (state: TrayIconState) => {
        const counts = new Map<string, number>();
        for (const [r, g, b] of opaque(draw(state, '', 32, variant)))
          counts.set(`${r},${g},${b}`, (counts.get(`${r},${g},${b}`) ?? 0) + 1);
        return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
      };
      expect(dominant('paused')).toBe(colours.paused.join(','));
      expect(dominant('offline')).toBe(colours.offline.join(','));
      expect(dominant('idle')).toBe(colours.ink.join(','));
      const images = (['running', 'paused', 'idle', 'offline'] as const).map((s) =>
        Buffer.from(draw(s, '', 16, variant).pixels).toString('hex'),
      );
      expect(new Set(images).size).toBe(4);
    }
  });

  it('composes an image only when its text changes and holds one per state, size and variant', {
    timeout: 30_000,
  }, () => {
    const icons = createTrayIconRenderer();
    const first = icons.png('running', '0:01', 16, 'dark');
    expect(icons.png('running', '0:01', 16, 'dark')).toBe(first); // the same buffer: nothing redrawn
    expect(icons.png('running', '0:02', 16, 'dark')).not.toBe(first);
    expect(icons.png('paused', '0:02', 16, 'dark')).toBe(icons.png('paused', '0:03', 16, 'dark')); // paused shows no time
    for (let minute = 0; minute < 1440; minute++) {
      const text = `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;
      for (const variant of ['dark', 'light'] as const) icons.images('running', text, variant, 'win32');
    }
    for (const state of ['paused', 'idle', 'offline'] as const) icons.images(state, '', 'dark', 'win32');
    expect(icons.cached()).toBe(5 * 2 + 3 * 5);
  });

  it('falls back to a play glyph when a running time cannot be drawn', () => {
    expect(opaque(draw('running', '', 16)).length).toBeGreaterThan(10);
    expect(draw('running', 'soon', 16).pixels).toEqual(draw('running', '', 16).pixels);
  });
});

describe('trayIconVariant', () => {
  it('on Windows follows the taskbar, which may be dark while apps are light', () => {
    expect(trayIconVariant('win32', { darkColors: false, darkSystemUI: true })).toBe('dark');
    expect(trayIconVariant('win32', { darkColors: true, darkSystemUI: false })).toBe('light');
    expect(trayIconVariant('win32', { darkColors: true })).toBe('dark');
  });

  it("on Linux is light ink for GNOME's always dark top bar, and follows the theme on KDE", () => {
    expect(trayIconVariant('linux', { darkColors: false, desktop: 'ubuntu:GNOME' })).toBe('dark');
    expect(trayIconVariant('linux', { darkColors: false, desktop: 'KDE' })).toBe('light');
    expect(trayIconVariant('linux', { darkColors: true, desktop: 'KDE' })).toBe('dark');
    expect(trayIconVariant('linux', { darkColors: false })).toBe('dark');
  });
});
