import { describe, expect, it } from 'vitest';
import {
  windowPosition,
  type DisplayArea,
  type PlacementInput,
  type Rect,
} from '../../../../main/core/desktop/windowPlacement';

const WINDOW = { width: 420, height: 640 };
const rect = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });
const display = (bounds: Rect, workArea: Rect): DisplayArea => ({ bounds, workArea });

// A 1920x1080 monitor at the origin with a 40 px Windows taskbar on each edge in turn.
const FULL = rect(0, 0, 1920, 1080);
const taskbar = {
  bottom: display(FULL, rect(0, 0, 1920, 1040)),
  top: display(FULL, rect(0, 40, 1920, 1040)),
  left: display(FULL, rect(60, 0, 1860, 1080)),
  right: display(FULL, rect(0, 0, 1860, 1080)),
};

const place = (over: Partial<PlacementInput>) =>
  windowPosition({
    tray: null,
    displays: [taskbar.bottom],
    cursor: { x: 10, y: 10 },
    window: WINDOW,
    platform: 'win32',
    ...over,
  });

/** Asserts the window lies wholly inside the rectangle. */
function inside(p: { x: number; y: number }, area: Rect) {
  expect(p.x).toBeGreaterThanOrEqual(area.x);
  expect(p.y).toBeGreaterThanOrEqual(area.y);
  expect(p.x + WINDOW.width).toBeLessThanOrEqual(area.x + area.width);
  expect(p.y + WINDOW.height).toBeLessThanOrEqual(area.y + area.height);
}

describe('windowPosition', () => {
  it('on macOS opens just below the menu bar icon, centred under it', () => {
    const macbook = display(rect(0, 0, 1440, 900), rect(0, 25, 1440, 875));
    expect(place({ platform: 'darwin', displays: [macbook], tray: rect(1200, 0, 22, 24) })).toEqual({ x: 1001, y: 25 });
    // Near the right edge it stays on screen.
    expect(place({ platform: 'darwin', displays: [macbook], tray: rect(1400, 0, 22, 24) })).toEqual({ x: 1020, y: 25 });
    // With the menu bar hidden the work area is the whole screen, and it still opens below.
    expect(
      place({
        platform: 'darwin',
        displays: [display(rect(0, 0, 1440, 900), rect(0, 0, 1440, 900))],
        tray: rect(1200, 0, 22, 24),
      }),
    ).toEqual({ x: 1001, y: 24 });
  });

  it('on Windows opens above a bottom taskbar, from the icon, clamped to the screen edge', () => {
    expect(place({ tray: rect(1200, 1044, 24, 32) })).toEqual({ x: 1002, y: 400 });
    expect(place({ tray: rect(1880, 1044, 24, 32) })).toEqual({ x: 1500, y: 400 });
  });

  it('opens below a top taskbar, right of a left one and left of a right one', () => {
    expect(place({ displays: [taskbar.top], tray: rect(1200, 4, 24, 32) })).toEqual({ x: 1002, y: 40 });
    expect(place({ displays: [taskbar.left], tray: rect(18, 900, 24, 32) })).toEqual({ x: 60, y: 440 });
    expect(place({ displays: [taskbar.right], tray: rect(1878, 900, 24, 32) })).toEqual({ x: 1440, y: 440 });
    for (const [edge, d] of Object.entries(taskbar)) {
      const tray =
        edge === 'bottom'
          ? rect(900, 1044, 24, 32)
          : edge === 'top'
            ? rect(900, 4, 24, 32)
            : edge === 'left'
              ? rect(18, 500, 24, 32)
              : rect(1878, 500, 24, 32);
      inside(place({ displays: [d], tray }), d.workArea);
    }
  });

  it('with an auto-hidden taskbar (work area = screen) goes by the half of the screen the icon is in', () => {
    const whole = display(FULL, FULL);
    expect(place({ displays: [whole], tray: rect(1200, 1044, 24, 32) })).toEqual({ x: 1002, y: 404 });
    expect(place({ displays: [whole], tray: rect(1200, 4, 24, 32) })).toEqual({ x: 1002, y: 36 });
  });

  it('stays on the monitor holding the tray, left of and above the primary (negative coordinates)', () => {
    const primary = display(FULL, rect(0, 0, 1920, 1080)); // no taskbar here
    const left = display(rect(-2560, -360, 2560, 1440), rect(-2560, -360, 2560, 1400)); // taskbar at its bottom
    const displays = [primary, left];
    const p = place({ displays, tray: rect(-60, 1044, 24, 32), cursor: { x: 500, y: 500 } });
    expect(p).toEqual({ x: -420, y: 400 });
    inside(p, left.workArea);
    // An icon in the middle of the left monitor's taskbar.
    expect(place({ displays, tray: rect(-1300, 1044, 24, 32) })).toEqual({ x: -1498, y: 400 });
  });

  it('on Linux, where the tray reports no position or zeros, centres on the display under the cursor', () => {
    const laptop = display(rect(0, 0, 1920, 1200), rect(0, 32, 1920, 1168)); // GNOME top bar
    const external = display(rect(1920, -300, 2560, 1440), rect(1920, -300, 2560, 1440));
    const displays = [laptop, external];
    for (const tray of [null, rect(0, 0, 0, 0)]) {
      expect(place({ platform: 'linux', displays, tray, cursor: { x: 300, y: 400 } })).toEqual({ x: 750, y: 296 });
      expect(place({ platform: 'linux', displays, tray, cursor: { x: 3000, y: 100 } })).toEqual({ x: 2990, y: 100 });
    }
    // A cursor in the gap beside the external one's lower edge: the nearest display.
    expect(place({ platform: 'linux', displays, tray: null, cursor: { x: 2500, y: 1190 } })).toEqual({
      x: 2990,
      y: 100,
    });
  });

  it('treats a tray position on no display as unknown', () => {
    expect(place({ tray: rect(5000, 5000, 24, 24), cursor: { x: 100, y: 100 } })).toEqual({ x: 750, y: 200 });
  });

  it('keeps a window larger than the work area at its top left corner, so the title bar is reachable', () => {
    const small = display(rect(0, 0, 1024, 600), rect(0, 0, 1024, 560));
    expect(place({ displays: [small], tray: rect(990, 566, 24, 32) })).toEqual({ x: 604, y: 0 });
    expect(place({ displays: [small], tray: null, window: { width: 1200, height: 700 } })).toEqual({ x: 0, y: 0 });
  });

  it('answers whole pixels', () => {
    const p = place({
      platform: 'darwin',
      displays: [display(rect(0, 0, 1512, 982), rect(0, 37, 1512, 945))],
      tray: rect(1201.5, 0, 31, 37),
    });
    expect(Number.isInteger(p.x) && Number.isInteger(p.y)).toBe(true);
  });
});
