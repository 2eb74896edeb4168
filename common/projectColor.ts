// A project's colour (the service's `color`: "hex color with leading #", spec 001 ProjectRef) as
// Stint draws it: on the dots of timers and entries, the week's bars and the tray menu. Colours
// come from the service, so only a plain hex colour is used; anything else (null, a name, a
// broken value) is drawn grey. A colour too close to the surface it sits on gets a ring: WCAG's
// non-text contrast asks 3:1 for a graphic that carries meaning (SC 1.4.11).

export type Rgb = readonly [r: number, g: number, b: number];

/** WCAG 2.x SC 1.4.11: the least contrast of a meaningful graphic against what is beside it. */
export const NON_TEXT_CONTRAST = 3;

/** The window's two themes and the surfaces a dot or bar sits on in each (renderer/styles.css: --bg and --panel). */
export const THEME_SURFACES: Readonly<Record<'light' | 'dark', readonly string[]>> = {
  light: ['#f4f4f6', '#ffffff'],
  dark: ['#151619', '#1f2024'],
};

/** "#rgb" or "#rrggbb" (any letter case) as its three channels; null for anything else. */
export function parseHexColor(color: string | null | undefined): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color?.trim() ?? '');
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** The colour as "#rrggbb" in lower case, or null when it is not a plain hex colour (drawn grey). */
export function normalColor(color: string | null | undefined): string | null {
  const rgb = parseHexColor(color);
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}` : null;
}

/** WCAG 2.x relative luminance of an sRGB colour (0 black … 1 white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.x contrast ratio of two colours: 1 (the same) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Whether a colour drawn on any of these surfaces needs a ring to stand out (below 3:1 on one of them). */
export function needsRing(color: Rgb, surfaces: readonly Rgb[]): boolean {
  return surfaces.some((surface) => contrastRatio(color, surface) < NON_TEXT_CONTRAST);
}

/** How a project's colour is drawn in the window: the colour (null: grey) and, per theme, whether it gets a ring. */
export interface ProjectColorLook {
  readonly color: string | null;
  readonly ring: { readonly light: boolean; readonly dark: boolean };
}

const SURFACES = {
  light: THEME_SURFACES.light.map((c) => parseHexColor(c)!),
  dark: THEME_SURFACES.dark.map((c) => parseHexColor(c)!),
};

// Looks by colour text: a window draws the same few colours hundreds of times (each entry's dot,
// each bar segment) on every render; bounded, as colours come from the service.
const looks = new Map<string, ProjectColorLook>();
const MAX_LOOKS = 512;

export function projectColorLook(color: string | null | undefined): ProjectColorLook {
  const key = color ?? '';
  let look = looks.get(key);
  if (!look) {
    if (looks.size >= MAX_LOOKS) looks.clear();
    looks.set(key, (look = lookOf(color)));
  }
  return look;
}

function lookOf(color: string | null | undefined): ProjectColorLook {
  const rgb = parseHexColor(color);
  // The grey stands in for no colour: the theme's muted ink, which clears 3:1 in both themes.
  if (!rgb) return { color: null, ring: { light: false, dark: false } };
  return {
    color: normalColor(color),
    ring: { light: needsRing(rgb, SURFACES.light), dark: needsRing(rgb, SURFACES.dark) },
  };
}
