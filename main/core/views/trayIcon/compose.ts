// Draws one tray icon as RGBA: the running time from the cached digit glyphs (one line, or hours
// over minutes where a line does not fit, as "12:34" at 16 px), or the glyph of a state. Pure;
// renderer.ts caches the glyphs and the results.

import type { Rgba } from './png';
import type { Glyphs, IconSize } from './font';
import { PALETTE, type Colour, type TrayIconState, type TrayIconVariant } from './palette';

class Canvas implements Rgba {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 4);
  }
  /** Sets a pixel to a colour at a coverage (0..255); shapes never overlap, so no blending. */
  plot(x: number, y: number, [r, g, b]: Colour, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    this.pixels.set([r, g, b, Math.min(255, Math.round(alpha))], (y * this.width + x) * 4);
  }
}

const lineWidth = (line: string, glyphs: Glyphs) =>
  [...line].reduce((sum, char) => sum + (glyphs.get(char)?.width ?? 0), 0) + glyphs.gap * (line.length - 1);

/** Room a running icon gives its time: a bar below it, after a gap, says "running". */
const barOf = (size: IconSize, glyphs: Glyphs) => ({
  height: Math.max(2, Math.round(size / 10)),
  gap: glyphs.stroke + 1,
});
const lineGapOf = (glyphs: Glyphs) => glyphs.stroke + 1;
const blockHeight = (lines: number, glyphs: Glyphs) => lines * glyphs.height + (lines - 1) * lineGapOf(glyphs);

/** The lines the time is drawn in at this size (one, else hours over minutes), or null when neither fits. */
export function textLines(text: string, size: IconSize, glyphs: Glyphs): string[] | null {
  if (!/^\d+:\d\d$/.test(text)) return null;
  const bar = barOf(size, glyphs);
  for (const lines of [[text], text.split(':')]) {
    if (
      blockHeight(lines.length, glyphs) + bar.gap + bar.height <= size &&
      lines.every((line) => lineWidth(line, glyphs) <= size)
    )
      return lines;
  }
  return null;
}

function drawRunning(canvas: Canvas, text: string, glyphs: Glyphs, variant: TrayIconVariant): boolean {
  const size = canvas.width as IconSize;
  const { ink, running } = PALETTE[variant];
  const lines = textLines(text, size, glyphs);
  if (!lines) return false;
  const bar = barOf(size, glyphs);
  const textHeight = blockHeight(lines.length, glyphs);
  let y = Math.floor((size - (textHeight + bar.gap + bar.height)) / 2);
  let widest = 0;
  for (const line of lines) {
    const width = lineWidth(line, glyphs);
    widest = Math.max(widest, width);
    let x = Math.floor((size - width) / 2);
    for (const char of line) {
      const glyph = glyphs.get(char)!;
      for (let gy = 0; gy < glyph.height; gy++)
        for (let gx = 0; gx < glyph.width; gx++) canvas.plot(x + gx, y + gy, ink, glyph.ink[gy * glyph.width + gx]!);
      x += glyph.width + glyphs.gap;
    }
    y += glyphs.height + lineGapOf(glyphs);
  }
  // The bar as wide as the time, in the running colour: the state at a glance.
  const x0 = Math.floor((size - widest) / 2);
  const barTop = y - lineGapOf(glyphs) + bar.gap;
  for (let by = barTop; by < barTop + bar.height; by++)
    for (let bx = x0; bx < x0 + widest; bx++) canvas.plot(bx, by, running, 255);
  return true;
}

/** Coverage (0 or 1) of a state's glyph at unit coordinates (0..1 across the icon). */
type Shape = (u: number, v: number) => boolean;

const ring = (u: number, v: number) => {
  const d = Math.hypot(u - 0.5, v - 0.5);
  return d >= 0.36 && d < 0.47;
};
const hands = (u: number, v: number) =>
  (Math.abs(u - 0.5) < 0.055 && v < 0.555 && v > 0.24) || (Math.abs(v - 0.5) < 0.055 && u > 0.445 && u < 0.7);

const SHAPES: Record<Exclude<TrayIconState, 'running'>, Shape> & { play: Shape } = {
  // Two upright bars.
  paused: (u, v) => v > 0.2 && v < 0.8 && (Math.abs(u - 0.34) < 0.1 || Math.abs(u - 0.66) < 0.1),
  // A clock face: nothing is being timed.
  idle: (u, v) => ring(u, v) || hands(u, v),
  // The clock face struck through: the service is out of reach.
  offline: (u, v) => ring(u, v) || (Math.abs(u - v) < 0.09 && Math.hypot(u - 0.5, v - 0.5) < 0.4),
  // A running timer whose time cannot be drawn (never expected; better than a blank icon).
  play: (u, v) => u > 0.3 && u < 0.75 && Math.abs(v - 0.5) < (0.75 - u) * 0.55,
};

/** Fills a shape, anti-aliased by 4x4 supersampling (drawn once per size and variant, then cached). */
function drawShape(canvas: Canvas, shape: Shape, colour: Colour): void {
  const { width: size } = canvas;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      let cover = 0;
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 4; j++) if (shape((x + (i + 0.5) / 4) / size, (y + (j + 0.5) / 4) / size)) cover++;
      canvas.plot(x, y, colour, (cover / 16) * 255);
    }
}

/** One icon to draw: a state at a size and variant; text is the running time ("1:05"), only used when running. */
export interface IconRequest {
  state: TrayIconState;
  text: string;
  size: IconSize;
  variant: TrayIconVariant;
}

/** Draws one icon with the glyphs of its size. */
export function composeIcon({ state, text, size, variant }: IconRequest, glyphs: Glyphs): Rgba {
  const canvas = new Canvas(size, size);
  const colours = PALETTE[variant];
  if (state === 'running') {
    if (!drawRunning(canvas, text, glyphs, variant)) drawShape(canvas, SHAPES.play, colours.running);
  } else drawShape(canvas, SHAPES[state], state === 'idle' ? colours.ink : colours[state]);
  return canvas;
}
