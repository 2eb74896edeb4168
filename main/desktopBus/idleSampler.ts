// Samples the time since the last input while core's sampling policy says so (every 15 s while a
// timer runs), from the source chooseIdleSource believes, and tells core the reading and which
// source it came from. Electron-free: the shell gives Electron's reading as one more reader, and
// tests drive sample() on their own clock with stand-in desktop services on a private bus.

import type { TimerView } from '../../common/snapshot';
import type { IdleEvent } from '../core/desktop/idle/policy';
import { IDLE_SAMPLE_MS, shouldSample } from '../core/desktop/idle/sampling';
import { chooseIdleSource, type IdleSourceId } from '../core/desktop/idle/sources';
import { readAll, type IdleReader } from './idleReaders';

export interface IdleSamplerDeps {
  readers: readonly IdleReader[];
  timers(): readonly TimerView[];
  notify(event: IdleEvent): void;
  /** Epoch ms. */
  now(): number;
  /** Sample on a timer of this period; null: the caller calls sample() (tests). Default IDLE_SAMPLE_MS. */
  everyMs?: number | null;
}

export interface IdleSampler {
  /** One sample if one is due; resolves once core was told. */
  sample(): Promise<void>;
  /** The session's lock and the machine's sleep: a source reading 0 meanwhile is blind. */
  power(kind: 'suspend' | 'resume' | 'lock' | 'unlock'): void;
  stop(): void;
}

export function startIdleSampler(deps: IdleSamplerDeps): IdleSampler {
  let lastIdleSeconds: number | null = null;
  let distrusted: IdleSourceId[] = [];
  let reported: IdleSourceId | null | undefined;
  const held = { locked: false, asleep: false };
  let inFlight: Promise<void> | null = null;

  /** Reads every source; tells core the source believed when it changed; answers its reading. */
  async function read(): Promise<number | null> {
    const readings = await readAll(deps.readers);
    const choice = chooseIdleSource(readings, held.locked || held.asleep, distrusted);
    distrusted = choice.distrusted;
    const source = choice.chosen?.source ?? null;
    if (source !== reported) {
      reported = source;
      deps.notify({ kind: 'idle-source', source });
    }
    return choice.chosen?.seconds ?? null;
  }

  async function sampleNow(): Promise<void> {
    if (!shouldSample(deps.timers(), lastIdleSeconds)) {
      lastIdleSeconds = null;
      return;
    }
    const at = deps.now();
    lastIdleSeconds = await read();
    if (lastIdleSeconds !== null) deps.notify({ kind: 'idle-sample', idleSeconds: lastIdleSeconds, at });
  }

  // Settings names the source from the start, not only once a timer ran.
  const probed = read().then(() => undefined);
  const sample = () => {
    // A slow source must not stack samples: the next tick waits for this one.
    inFlight ??= probed.then(sampleNow).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const period = deps.everyMs === undefined ? IDLE_SAMPLE_MS : deps.everyMs;
  const ticker = period === null ? null : setInterval(() => void sample(), period);
  return {
    sample,
    power(kind) {
      if (kind === 'lock' || kind === 'unlock') held.locked = kind === 'lock';
      else held.asleep = kind === 'suspend';
    },
    stop() {
      if (ticker) clearInterval(ticker);
    },
  };
}
