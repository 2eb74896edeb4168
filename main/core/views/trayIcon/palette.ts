// Colours of the tray icon on Windows and Linux. 'dark' is the variant for a dark taskbar or panel
// (light ink), 'light' the one for a light taskbar (dark ink). Each state keeps its own colour in
// both, tuned for contrast against that background: the running time is the ink colour with a
// green bar under it, paused is amber, offline red, idle a plain clock in the ink colour.

export type TrayIconState = 'running' | 'paused' | 'idle' | 'offline';
export type TrayIconVariant = 'light' | 'dark';
export type Colour = readonly [r: number, g: number, b: number];

export const PALETTE: Record<TrayIconVariant, { ink: Colour } & Record<Exclude<TrayIconState, 'idle'>, Colour>> = {
  dark: { ink: [255, 255, 255], running: [88, 214, 141], paused: [255, 196, 77], offline: [255, 120, 112] },
  light: { ink: [32, 32, 32], running: [30, 132, 73], paused: [176, 108, 0], offline: [192, 57, 43] },
};
