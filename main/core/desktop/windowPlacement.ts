// Where the window opens: next to the tray icon where the OS tells us where that is (macOS,
// Windows), on the side facing the screen: below a menu bar or top taskbar, above a bottom
// taskbar, beside a vertical one. Where it does not (Linux's StatusNotifierItem trays report no
// position, or all zeros), centred on the display under the cursor, the one the user is looking
// at. Always inside the work area of one display, so never under a taskbar or across two screens.
// Pure: the shell passes Electron's screen geometry in (placement.ts) and applies the answer.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface DisplayArea {
  /** The whole display, in screen coordinates (DIPs; negative left of or above the primary). */
  bounds: Rect;
  /** The display minus taskbars, docks and menu bars. */
  workArea: Rect;
}

export interface PlacementInput {
  /** Tray.getBounds(); null or an empty rectangle where the OS does not say. */
  tray: Rect | null;
  displays: DisplayArea[];
  /** screen.getCursorScreenPoint(): picks the display where there is no tray position. */
  cursor: Point;
  window: { width: number; height: number };
  platform: 'darwin' | 'win32' | 'linux';
}

const contains = (r: Rect, p: Point) => p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height;
const centre = (r: Rect): Point => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
/** Distance from a point to a rectangle (0 inside). */
const distance = (r: Rect, p: Point) =>
  Math.hypot(Math.max(r.x - p.x, 0, p.x - (r.x + r.width)), Math.max(r.y - p.y, 0, p.y - (r.y + r.height)));

/** The display holding the point, else the nearest one (a cursor in a gap between screens). */
function displayAt(displays: DisplayArea[], p: Point): DisplayArea | undefined {
  return (
    displays.find((d) => contains(d.bounds, p)) ??
    [...displays].sort((a, b) => distance(a.bounds, p) - distance(b.bounds, p))[0]
  );
}

/** Keeps a start coordinate so that [start, start + size) lies in [min, min + room); the start edge wins when too big. */
const clamp = (start: number, size: number, min: number, room: number) =>
  Math.max(min, Math.min(start, min + room - size));

type Side = 'below' | 'above' | 'right' | 'left';

/** Which side of the tray faces the screen: the bar the tray sits in is outside the work area. */
function sideOf(tray: Rect, display: DisplayArea, platform: PlacementInput['platform']): Side {
  // The menu bar is always at the top; with it hidden, the work area no longer tells.
  if (platform === 'darwin') return 'below';
  const c = centre(tray);
  const work = display.workArea;
  if (c.y < work.y) return 'below';
  if (c.y >= work.y + work.height) return 'above';
  if (c.x < work.x) return 'right';
  if (c.x >= work.x + work.width) return 'left';
  // An auto-hidden taskbar leaves the work area whole: go by the half of the display it is in.
  return c.y > centre(display.bounds).y ? 'above' : 'below';
}

export function windowPosition({ tray, displays, cursor, window, platform }: PlacementInput): Point {
  const known = tray && tray.width > 0 && tray.height > 0 ? tray : null;
  const trayDisplay = known ? displays.find((d) => contains(d.bounds, centre(known))) : undefined;
  const display = trayDisplay ?? displayAt(displays, cursor);
  if (!display) return { x: 0, y: 0 }; // no display reported at all: let the OS move it
  const work = display.workArea;
  const fit = (x: number, y: number): Point => ({
    x: Math.round(clamp(x, window.width, work.x, work.width)),
    y: Math.round(clamp(y, window.height, work.y, work.height)),
  });

  if (!known || !trayDisplay)
    return fit(work.x + (work.width - window.width) / 2, work.y + (work.height - window.height) / 2);

  const c = centre(known);
  switch (sideOf(known, display, platform)) {
    case 'below':
      return fit(c.x - window.width / 2, Math.max(known.y + known.height, work.y));
    case 'above':
      return fit(c.x - window.width / 2, Math.min(known.y, work.y + work.height) - window.height);
    case 'right':
      return fit(Math.max(known.x + known.width, work.x), c.y - window.height / 2);
    case 'left':
      return fit(Math.min(known.x, work.x + work.width) - window.width, c.y - window.height / 2);
  }
}
