// A project's colour as the window and the tray draw it: only plain hex colours, and a ring where
// the colour would not stand out from the theme's surfaces (WCAG non-text contrast, 3:1).
import { describe, expect, it } from 'vitest';
import { contrastRatio, needsRing, normalColor, parseHexColor, projectColorLook } from '../../../common/projectColor';

describe('parseHexColor and normalColor', () => {
  it.each([
    ['#ff0000', [255, 0, 0], '#ff0000'],
    ['#F00', [255, 0, 0], '#ff0000'],
    ['#1a7F45', [26, 127, 69], '#1a7f45'],
  ])('reads %s', (text, rgb, normal) => {
    expect(parseHexColor(text)).toEqual(rgb);
    expect(normalColor(text)).toBe(normal);
  });

  it.each([null, undefined, '', 'red', '#ff00', '#ff00000', 'ff0000', '#gg0000', 'url(x)', '#fff;x'])(
    'refuses %s (drawn grey)',
    (text) => {
      expect(parseHexColor(text)).toBeNull();
      expect(normalColor(text)).toBeNull();
    },
  );
});

describe('contrastRatio', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself, either way round', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio([120, 30, 200], [120, 30, 200])).toBe(1);
  });

  it('matches WCAG’s published figures: #767676 on white is 4.54:1', () => {
    expect(contrastRatio([0x76, 0x76, 0x76], [255, 255, 255])).toBeCloseTo(4.54, 2);
  });

  it('rings a colour below 3:1 on any of the surfaces, not one at 3:1 or above', () => {
    const white: [number, number, number] = [255, 255, 255];
    // #959595 on white is 2.995:1, #949494 is 3.03:1.
    expect(needsRing([0x95, 0x95, 0x95], [white])).toBe(true);
    expect(needsRing([0x94, 0x94, 0x94], [white])).toBe(false);
    expect(needsRing([0x94, 0x94, 0x94], [white, [0x90, 0x90, 0x90]])).toBe(true);
  });
});

describe('projectColorLook', () => {
  it('rings a pale yellow in the light theme only, and a navy in the dark theme only', () => {
    expect(projectColorLook('#ffeb3b')).toEqual({ color: '#ffeb3b', ring: { light: true, dark: false } });
    expect(projectColorLook('#1a237e')).toEqual({ color: '#1a237e', ring: { light: false, dark: true } });
  });

  it('rings a mid red in neither theme: it clears 3:1 on both themes’ surfaces', () => {
    expect(projectColorLook('#E53935')).toEqual({ color: '#e53935', ring: { light: false, dark: false } });
  });

  it('rings white in the light theme and black in the dark theme', () => {
    expect(projectColorLook('#fff').ring).toEqual({ light: true, dark: false });
    expect(projectColorLook('#000').ring).toEqual({ light: false, dark: true });
  });

  it('draws a missing or invalid colour grey (null), without a ring', () => {
    for (const color of [null, undefined, 'blue', '#12'])
      expect(projectColorLook(color)).toEqual({ color: null, ring: { light: false, dark: false } });
  });
});
