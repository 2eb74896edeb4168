// The digits of the running time, as crisp pixel glyphs in the style of a seven-segment display:
// at 16 px a digit is 3x5 pixels, and only whole pixels stay legible there. Each size's glyphs
// are drawn once (glyphsFor) and then only copied, so a minute tick costs a few small blits.

/** The pixel sizes an icon is drawn at: 16, 24 and 32, and each of them @2x. */
export const ICON_SIZES = [16, 24, 32, 48, 64] as const;
export type IconSize = (typeof ICON_SIZES)[number];

interface Metrics {
  /** Width and height of a digit, stroke thickness, space between characters. */
  width: number;
  height: number;
  stroke: number;
  gap: number;
}

// height - stroke is even, so the middle bar sits exactly halfway. Chosen so that any H:MM up to 99:59 fits on one line at every size but 16, where times from
// "20:00" on (and any with a wide hour) are drawn as hours over minutes (compose.ts).
const METRICS: Record<IconSize, Metrics> = {
  16: { width: 3, height: 5, stroke: 1, gap: 1 },
  24: { width: 4, height: 9, stroke: 1, gap: 1 },
  32: { width: 6, height: 12, stroke: 2, gap: 1 },
  48: { width: 8, height: 17, stroke: 3, gap: 2 },
  64: { width: 11, height: 23, stroke: 3, gap: 3 },
};

/** A glyph's coverage, row by row: 255 ink, 0 none. */
export interface Glyph {
  width: number;
  height: number;
  ink: Uint8Array;
}

export interface Glyphs {
  height: number;
  gap: number;
  stroke: number;
  get(char: string): Glyph | undefined;
}

// Segments: a top, b upper right, c lower right, d bottom, e lower left, f upper left, g middle.
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abdeg',
  '3': 'abcdg',
  '4': 'bcfg',
  '5': 'acdfg',
  '6': 'acdefg',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};

function glyph(
  width: number,
  height: number,
  paint: (fill: (x0: number, y0: number, x1: number, y1: number) => void) => void,
): Glyph {
  const ink = new Uint8Array(width * height);
  paint((x0, y0, x1, y1) => {
    for (let y = y0; y < y1; y++) ink.fill(255, y * width + x0, y * width + x1);
  });
  return { width, height, ink };
}

function digit(segments: string, { width: w, height: h, stroke: s }: Metrics): Glyph {
  // A '1' is only its stroke wide, as in most fonts: a full-width one would look like a gap.
  if (segments === 'bc') return glyph(s, h, (fill) => fill(0, 0, s, h));
  const middle = Math.floor((h - s) / 2);
  return glyph(w, h, (fill) => {
    const rects: Record<string, [number, number, number, number]> = {
      a: [0, 0, w, s],
      b: [w - s, 0, w, middle + s],
      c: [w - s, middle, w, h],
      d: [0, h - s, w, h],
      e: [0, middle, s, h],
      f: [0, 0, s, middle + s],
      g: [0, middle, w, middle + s],
    };
    for (const segment of segments) fill(...rects[segment]!);
  });
}

function colon({ height: h, stroke: s }: Metrics): Glyph {
  // Two dots placed symmetrically, each halfway between the middle bar and the top or bottom.
  const upper = Math.floor(Math.floor((h - s) / 2) / 2);
  return glyph(s, h, (fill) => {
    fill(0, upper, s, upper + s);
    fill(0, h - s - upper, s, h - upper);
  });
}

/** Draws the glyphs of one size. Callers cache the answer (createTrayIconRenderer does). */
export function drawGlyphs(size: IconSize): Glyphs {
  const metrics = METRICS[size];
  const map = new Map<string, Glyph>(
    Object.entries(SEGMENTS).map(([char, segments]) => [char, digit(segments, metrics)]),
  );
  map.set(':', colon(metrics));
  return { height: metrics.height, gap: metrics.gap, stroke: metrics.stroke, get: (char) => map.get(char) };
}
