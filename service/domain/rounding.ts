// Minutes logged through v2 are rounded UP to the project's billing increment; an entry without
// a project has no increment and keeps its minutes.
export const BILLING_INCREMENTS = [1, 5, 6, 10, 15, 20, 30, 60] as const;

export function roundUpMinutes(minutes: number, increment: number | null): number {
  if (!increment || increment <= 1) return minutes;
  return Math.ceil(minutes / increment) * increment;
}

/** Elapsed minutes of a timer: any started minute counts. */
export const elapsedMinutes = (seconds: number) => Math.ceil(seconds / 60);
