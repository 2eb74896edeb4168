// Which of the desktop's idle readings to believe. Electron's reading (powerMonitor) is right on
// Windows, macOS and X11 but reads 0 on GNOME Wayland (electron/electron #27912), so on Linux the
// desktop's own monitors are asked too: GNOME's Mutter IdleMonitor, the freedesktop ScreenSaver
// (KDE and others) and logind's IdleHint. The first in ORDER that answers and is trusted wins.
//
// A source that reads 0 is shown to be blind, and is distrusted for good, when the session was
// locked or the machine asleep at the reading (nobody typed: the lock screen or sleep proves it),
// or when another source that answers sees the user idle for at least the away floor. logind is
// such a witness too: on a desktop where it is the only other source, Electron's blind 0 would
// otherwise be believed until the first lock. Its hint is cleared on the first input, so a good
// source it outvotes in that instant only makes way for the next source that answers.

import { AWAY_FLOOR_SECONDS, type IdleSourceId } from './policy';

export type { IdleSourceId };

/** Most precise first: Electron where it works, then the desktop's monitors, logind's coarse hint last. */
export const IDLE_SOURCE_ORDER: readonly IdleSourceId[] = ['electron', 'gnome', 'screensaver', 'logind'];

export const IDLE_SOURCE_NAMES: Record<IdleSourceId, string> = {
  electron: 'the system (Electron)',
  gnome: 'GNOME',
  screensaver: 'the desktop’s screen saver (KDE and others)',
  logind: 'logind',
};

/** One source's answer: whole seconds since the last input, or null when it did not answer. */
export interface IdleReading {
  source: IdleSourceId;
  seconds: number | null;
}

export interface IdleSourceChoice {
  /** The source believed, with its reading; null when none answers that is trusted. */
  chosen: { source: IdleSourceId; seconds: number } | null;
  /** Every source distrusted so far, this reading's included. */
  distrusted: IdleSourceId[];
}

/**
 * `held`: the session is locked or the machine asleep at the reading. `distrusted`: the sources
 * distrusted by earlier readings.
 */
export function chooseIdleSource(
  readings: readonly IdleReading[],
  held: boolean,
  distrusted: readonly IdleSourceId[],
): IdleSourceChoice {
  const answering = readings.filter(
    (r): r is { source: IdleSourceId; seconds: number } => r.seconds !== null && !distrusted.includes(r.source),
  );
  const someoneSeesAway = answering.some((r) => r.seconds >= AWAY_FLOOR_SECONDS);
  const blind = answering.filter((r) => r.seconds < 1 && (held || someoneSeesAway)).map((r) => r.source);
  const trusted = answering.filter((r) => !blind.includes(r.source));
  const chosen = IDLE_SOURCE_ORDER.map((id) => trusted.find((r) => r.source === id)).find((r) => r !== undefined);
  return { chosen: chosen ?? null, distrusted: [...distrusted, ...blind] };
}

/** What Settings says about the source in use: never nothing. */
export function idleSourceText(source: IdleSourceId | null | undefined): string {
  if (source === undefined) return 'Idle source: not read yet (it is read while a timer runs).';
  if (source === null) return 'Idle: no source answers here; only sleep and a locked screen count as time away.';
  return `Idle read from ${IDLE_SOURCE_NAMES[source]}`;
}
