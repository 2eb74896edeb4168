// The minutes an entry will get, estimated before the service answers, so that today's total
// shows what will land and the window can say what a log will record. The service rounds up to
// the project's billing increment (spec 001). In common/: main and the renderer count alike.

/** GAPS.md: a project's billing_increment defaults to 15. */
export const DEFAULT_BILLING_INCREMENT = 15;

export function roundUpToIncrement(minutes: number, increment: number): number {
  if (increment <= 1) return minutes;
  return Math.ceil(minutes / increment) * increment;
}

/** A timer's elapsed seconds as the minutes logging it records: any started minute counts, as the service counts them. */
export const elapsedMinutes = (seconds: number): number => Math.ceil(seconds / 60);
