// The tray menu's dot beside a timer: the project's colour drawn as a disc (1x and 2x PNGs), a
// ring in the menu's ink where the colour is below 3:1 on that theme's menu, grey for no colour.
import { describe, expect, it } from 'vitest';
import { MENU_DOT_GREY, menuDotImages, menuDotRinged } from '../../../../../main/core/views/trayIcon/menuDot';
import { decodePng } from '../../support/pngDecode';

const images = (color: string | null, theme: 'light' | 'dark') =>
  menuDotImages(color, theme).map(({ scaleFactor, png }) => ({ scaleFactor, image: decodePng(png) }));

describe('the tray menu dot', () => {
  it('is a 16 px image with a 32 px one for @2x, clear in the corners and the colour at the centre', () => {
    const [one, two] = images('#e53935', 'light');
    expect(one!.scaleFactor).toBe(1);
    expect([one!.image.width, one!.image.height]).toEqual([16, 16]);
    expect(two!.scaleFactor).toBe(2);
    expect([two!.image.width, two!.image.height]).toEqual([32, 32]);
    expect(one!.image.at(0, 0)[3]).toBe(0);
    expect(one!.image.at(8, 8)).toEqual([0xe5, 0x39, 0x35, 255]);
    expect(two!.image.at(16, 16)).toEqual([0xe5, 0x39, 0x35, 255]);
  });

  it('rings a pale yellow on a light menu in dark ink, and not on a dark menu', () => {
    expect(menuDotRinged('#ffeb3b', 'light')).toBe(true);
    expect(menuDotRinged('#ffeb3b', 'dark')).toBe(false);
    // The disc's edge (x = 3 of 16 is inside its 10 px at the middle row) is the ring's ink on light...
    const light = images('#ffeb3b', 'light')[0]!.image.at(3, 8);
    expect(light.slice(0, 3)).toEqual([32, 32, 32]);
    // ...and the colour itself on dark.
    expect(images('#ffeb3b', 'dark')[0]!.image.at(3, 8).slice(0, 3)).toEqual([0xff, 0xeb, 0x3b]);
  });

  it('rings a navy on a dark menu', () => {
    expect(menuDotRinged('#1a237e', 'dark')).toBe(true);
    expect(menuDotRinged('#1a237e', 'light')).toBe(false);
  });

  it('draws a missing or invalid colour grey, unringed in both themes', () => {
    for (const color of [null, 'tomato', '#12345'])
      for (const theme of ['light', 'dark'] as const) {
        expect(menuDotRinged(color, theme)).toBe(false);
        expect(images(color, theme)[0]!.image.at(8, 8).slice(0, 3)).toEqual([...MENU_DOT_GREY]);
      }
  });
});
