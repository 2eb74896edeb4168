// The tray icon images of Windows and Linux, where Electron shows no tray text: the running time
// is drawn into the icon. The shell asks every second; an image is composed only when its text
// changes (once a minute while a timer runs), from digit glyphs drawn once per size. Memory stays
// bounded: one image per (state, size, variant), replaced when the text changes.

import { drawGlyphs, ICON_SIZES, type Glyphs, type IconSize } from './font';
import { composeIcon } from './compose';
import { encodePng } from './png';
import type { TrayIconState, TrayIconVariant } from './palette';

export { ICON_SIZES, type IconSize } from './font';
export type { TrayIconState, TrayIconVariant } from './palette';

/** One pixel size of the icon and the display scale it is for (1 = 100 %, 2 = @2x). */
export interface IconRepresentation {
  scaleFactor: number;
  size: IconSize;
}

/**
 * The representations one tray image carries, so the OS picks the one matching the display's
 * scale: 16, 24 and 32 px and each @2x. Windows draws tray icons at 16 px at 100 %; Linux panels
 * (StatusNotifierItem) mostly at 22-24 px, so there 24 px is the 1x image.
 */
export function iconRepresentations(platform: 'win32' | 'linux'): IconRepresentation[] {
  const base = platform === 'win32' ? 16 : 24;
  return ICON_SIZES.filter((size) => size >= base).map((size) => ({ size, scaleFactor: size / base }));
}

export interface TrayIconImage extends IconRepresentation {
  png: Buffer;
}

export interface TrayIconRenderer {
  /** The PNG of one size; the running time is only drawn for 'running'. */
  png(state: TrayIconState, text: string, size: IconSize, variant: TrayIconVariant): Buffer;
  /** Every representation the platform needs for one tray image. */
  images(state: TrayIconState, text: string, variant: TrayIconVariant, platform: 'win32' | 'linux'): TrayIconImage[];
  /** How many images are held (bounded by states x sizes x variants). */
  cached(): number;
}

export interface TrayIconRendererOptions {
  /**
   * A state's image drawn ahead (the idle icons the app ships, assets/trayIcons/, drawn by this
   * code: test/unit/core/views/trayIcon/shippedIcons.test.ts), or null to draw it. Drawing the first icons
   * costs ~30 ms of CPU at start (the drawing code runs cold), before the tray can be shown.
   */
  drawnAhead?(state: Exclude<TrayIconState, 'running'>, size: IconSize, variant: TrayIconVariant): Buffer | null;
}

export function createTrayIconRenderer(options: TrayIconRendererOptions = {}): TrayIconRenderer {
  const glyphs = new Map<IconSize, Glyphs>();
  const last = new Map<string, { text: string; png: Buffer }>();
  const draw = (state: TrayIconState, text: string, size: IconSize, variant: TrayIconVariant): Buffer => {
    const ahead = state === 'running' ? null : (options.drawnAhead?.(state, size, variant) ?? null);
    if (ahead) return ahead;
    let font = glyphs.get(size);
    if (!font) glyphs.set(size, (font = drawGlyphs(size)));
    return encodePng(composeIcon({ state, text, size, variant }, font));
  };

  const png: TrayIconRenderer['png'] = (state, text, size, variant) => {
    const shown = state === 'running' ? text : '';
    const key = `${state}/${size}/${variant}`;
    const hit = last.get(key);
    if (hit && hit.text === shown) return hit.png;
    const image = draw(state, shown, size, variant);
    last.set(key, { text: shown, png: image });
    return image;
  };

  return {
    png,
    images: (state, text, variant, platform) =>
      iconRepresentations(platform).map((r) => ({ ...r, png: png(state, text, r.size, variant) })),
    cached: () => last.size,
  };
}
