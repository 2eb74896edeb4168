// A small seeded PRNG (mulberry32) and helpers, so a fault or action sequence can be replayed from
// its seed.

export interface Random {
  /** Uniform in [0, 1). */
  (): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A key chosen with probability proportional to its weight (weights ≥ 0, some > 0). */
  weighted<K extends string>(weights: Partial<Record<K, number>>): K;
  chance(p: number): boolean;
}

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  const next = (() => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Random;
  next.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  next.pick = (items) => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)]!;
  };
  next.weighted = <K extends string>(weights: Partial<Record<K, number>>): K => {
    const entries = Object.entries(weights) as Array<[K, number]>;
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let x = next() * total;
    for (const [key, w] of entries) {
      if (x < w) return key;
      x -= w;
    }
    return entries.findLast(([, w]) => w > 0)![0];
  };
  next.chance = (p) => next() < p;
  return next;
}
