// Tray icon generation (issue 6): what one minute tick costs on Windows and Linux, where the
// running time is drawn into the icon, and whether a day of ticks holds on to memory.
// A tick = every size the shell hands to a nativeImage (16, 24, 32 px and @2x: 16/24/32/48/64)
// in both variants (the shell needs one; a theme change needs the other), i.e. 10 PNGs.
//  - cold: a new renderer (digit glyphs drawn, state glyphs too, every image composed and encoded);
//  - minute tick: glyphs cached, the text changed, so every image is composed and encoded anew;
//  - second tick: nothing changed, the cached buffers are answered (what the shell's 1 s poll costs).
// Memory: heap + array buffers (gc forced) over two days of minute ticks (2 x 1440): the first day
// includes warming up (JIT code, feedback); the second must add nothing that lasts.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createTrayIconRenderer, ICON_SIZES, type TrayIconRenderer } from '../main/core/views/trayIcon/renderer';
import { percentile, type Benchmark, type BenchResult } from './types';

const SAMPLES = 400;
const DAY = 1440;
const VARIANTS = ['dark', 'light'] as const;

const hhmm = (minute: number) => `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;

function tick(icons: TrayIconRenderer, text: string): number {
  let bytes = 0;
  for (const variant of VARIANTS)
    for (const size of ICON_SIZES) bytes += icons.png('running', text, size, variant).length;
  return bytes;
}

function time(run: (i: number) => void, samples: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    run(i);
    out.push(performance.now() - start);
  }
  return out;
}

/** gc(), exposed at run time: `npm run bench` does not pass --expose-gc. */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const bench: Benchmark = async () => {
  const gc = exposeGc();
  // Warm the code paths (JIT) on a throwaway renderer, so "cold" measures a cold cache, not a cold JIT.
  const warm = createTrayIconRenderer();
  for (let m = 0; m < 50; m++) tick(warm, hhmm(m));

  const cold = time((i) => tick(createTrayIconRenderer(), hhmm(i)), SAMPLES);
  const icons = createTrayIconRenderer();
  tick(icons, hhmm(0));
  const minute = time((i) => tick(icons, hhmm(i + 1)), SAMPLES);
  const second = time(() => tick(icons, hhmm(SAMPLES)), SAMPLES);
  const bytes = tick(icons, hhmm(SAMPLES));

  // A day of minute ticks on a fresh renderer, besides paused/idle/offline shown in between.
  const day = createTrayIconRenderer();
  const used = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const start = used();
  let afterDay = 0;
  for (let m = 0; m < 2 * DAY; m++) {
    tick(day, hhmm(m % DAY));
    if (m % 90 === 0)
      for (const state of ['paused', 'idle', 'offline'] as const)
        for (const size of ICON_SIZES) day.png(state, '', size, 'dark');
    if (m === DAY - 1) afterDay = used();
  }
  const afterTwoDays = used();
  const kb = (n: number) => Number((n / 1024).toFixed(1));

  const row = (name: string, samples: number[], p: number, detail: string): BenchResult => ({
    name: `${name}, p${p}`,
    value: Number(percentile(samples, p).toFixed(3)),
    unit: 'ms',
    detail,
  });
  const perTick = `10 PNGs per tick (${ICON_SIZES.join('/')} px x light/dark, ${(bytes / 1024).toFixed(1)} KB), ${SAMPLES} ticks`;
  return [
    row(
      'tray icons, cold tick',
      cold,
      50,
      `new renderer each: glyphs drawn, every image composed and encoded; ${perTick}`,
    ),
    row('tray icons, cold tick', cold, 99, perTick),
    row('tray icons, minute tick', minute, 50, `glyphs cached, new time: 10 images composed and encoded; ${perTick}`),
    row('tray icons, minute tick', minute, 99, perTick),
    row('tray icons, second tick (unchanged)', second, 50, 'the cached buffers answered'),
    row('tray icons, second tick (unchanged)', second, 99, 'the cached buffers answered'),
    {
      name: 'tray icons, memory growth over the second 24 h of minute ticks',
      value: kb(afterTwoDays - afterDay),
      unit: 'KB',
      target: 'bounded (< 64 KB a day once warm)',
      met: afterTwoDays - afterDay < 64 * 1024,
      detail: `heap used + array buffers after forced gc: ${kb(start)} KB before, +${kb(afterDay - start)} KB after the first ${DAY} ticks (warm-up included), +${kb(afterTwoDays - start)} KB after ${2 * DAY}; ${day.cached()} images held (one per state, size and variant)`,
    },
  ];
};

export default bench;
