// What logging a timer will record, in words the timer card shows before the user logs: the
// service rounds the elapsed minutes up to the project's billing increment (spec 001), so the
// card says so rather than let the entry surprise them. Main queues the same minutes.

import { formatMinutes } from './format';
import { elapsedMinutes, roundUpToIncrement } from './minutes';

export interface LogPreview {
  /** The minutes the entry will get. */
  minutes: number;
  /** "Log 0:15 (0:04 rounded up to Website's 15 minutes)", or "Log 0:15" when nothing is rounded. */
  text: string;
}

export function logPreview(seconds: number, projectName: string, billingIncrement: number): LogPreview {
  const elapsed = elapsedMinutes(seconds);
  const minutes = roundUpToIncrement(elapsed, billingIncrement);
  if (minutes === elapsed) return { minutes, text: `Log ${formatMinutes(minutes)}` };
  return {
    minutes,
    text: `Log ${formatMinutes(minutes)} (${formatMinutes(elapsed)} rounded up to ${projectName}'s ${billingIncrement} minutes)`,
  };
}
