// The two seams of window activity (issue 32): a source of the front window (main/activitySources/
// makes one per desktop) and the store's read side the timeline asks (the store in this folder).

import type { FrontWindow, WindowSourceName, WindowSpan } from '../../../common/windowActivity';

/**
 * One desktop's way of telling which window is in front. A source with events calls back on every
 * change (`watch`); one without is read by the recorder's sampler (`read`). Both answer null when no
 * window is in front (an empty desktop, a locked screen).
 */
export interface FrontWindowSource {
  readonly name: WindowSourceName;
  read(): Promise<FrontWindow | null>;
  /** Present only where the source has events; resolves once watching, to a function that stops it. */
  watch?(onChange: (window: FrontWindow | null) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** The stored spans that overlap [from, to), oldest first (epoch milliseconds). */
export interface WindowSpanReader {
  spansBetween(from: number, to: number): readonly WindowSpan[];
}
