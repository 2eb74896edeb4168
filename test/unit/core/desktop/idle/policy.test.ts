// The idle policy on a fake clock: times are plain numbers passed in with each event, so a test
// can sleep across midnight in a millisecond.
import { describe, expect, it } from 'vitest';
import type { TimerView } from '../../../../../common/snapshot';
import {
  AWAY_FLOOR_SECONDS,
  initialIdleState,
  resolvedIdle,
  stepIdle,
  type IdleEvent,
  type IdleState,
} from '../../../../../main/core/desktop/idle/policy';
import { shouldSample } from '../../../../../main/core/desktop/idle/sampling';
import { timerView } from '../../../../support/snapshot';

const MIN = 60_000;
const T0 = new Date(2025, 2, 10, 14, 0).getTime();
/** Website has run since an hour before T0. */
const website = (state: TimerView['state'] = 'running') =>
  timerView({ projectId: 1, projectName: 'Website', state, seconds: 3600, asOf: T0 });

/** Runs the events in order; each event sees the timers given with it (default: Website running). */
function run(
  events: Array<IdleEvent | [IdleEvent, TimerView[]]>,
  threshold: number | null = 10,
  from: IdleState = initialIdleState(),
): IdleState {
  return events.reduce(
    (s, e) => (Array.isArray(e) ? stepIdle(s, e[0], e[1], threshold) : stepIdle(s, e, [website()], threshold)),
    from,
  );
}
const sample = (minutesAfterT0: number, idleSeconds: number): IdleEvent => ({
  kind: 'idle-sample',
  at: T0 + minutesAfterT0 * MIN,
  idleSeconds,
});
const at = (kind: 'suspend' | 'lock' | 'resume' | 'unlock', minutesAfterT0: number): IdleEvent => ({
  kind,
  at: T0 + minutesAfterT0 * MIN,
});

describe('the idle policy', () => {
  it('prompts on return after idle time over the threshold, from when the idle time began to the first input', () => {
    // Last input at 14:05; samples see the idle time grow; input again at 14:47.
    const s = run([sample(5.25, 15), sample(20, 15 * 60), sample(46.5, 41.5 * 60), sample(47.25, 15)]);
    expect(s.prompt).toEqual({
      projectId: 1,
      projectName: 'Website',
      idleSince: T0 + 5 * MIN,
      returnedAt: T0 + 47 * MIN,
      idleSeconds: 42 * 60,
    });
    expect(s.away).toBeNull();
  });

  it('does not prompt below the threshold, nor with the threshold off', () => {
    // Idle from 14:02, input again at 14:12: exactly the threshold, which is not more than it.
    const tenMinutes = [sample(12, 10 * 60), sample(12.25, 15)];
    expect(run(tenMinutes, 10).prompt).toBeNull();
    expect(run(tenMinutes, 9).prompt).not.toBeNull();
    expect(run([sample(60, 55 * 60), sample(61, 10)], null).prompt).toBeNull();
  });

  it('does not prompt when no timer ran as the user went away', () => {
    const paused = [website('paused')];
    expect(run([[sample(30, 25 * 60), paused], sample(31, 10)]).prompt).toBeNull();
    expect(run([[at('suspend', 0), paused], at('resume', 60)]).prompt).toBeNull();
    expect(run([[at('lock', 0), []], at('unlock', 60)]).prompt).toBeNull();
  });

  it('does not count a timer started during the idle time (on another device) as left running', () => {
    // Started 5 minutes before the sample that sees 30 minutes of idle time.
    const startedElsewhere = timerView({
      projectId: 2,
      projectName: 'Phone call',
      state: 'running',
      seconds: 0,
      asOf: T0 + 25 * MIN,
    });
    expect(run([[sample(30, 30 * 60), [startedElsewhere]], sample(31, 5)]).prompt).toBeNull();
  });

  it('ignores idle time below the floor, so short pauses in typing start nothing', () => {
    expect(run([sample(1, AWAY_FLOOR_SECONDS - 1)]).away).toBeNull();
    expect(run([sample(1, AWAY_FLOOR_SECONDS)]).away).not.toBeNull();
  });

  it('a suspend is away until the resume, a lock until the unlock, and both until the last is lifted', () => {
    expect(run([at('suspend', 0), sample(30, 3), at('resume', 40)]).prompt).toMatchObject({
      idleSince: T0,
      returnedAt: T0 + 40 * MIN,
      idleSeconds: 40 * 60,
    });
    // Locked, then asleep; the machine wakes at 15:00 but the screen is unlocked at 15:20.
    const s = run([at('lock', 0), at('suspend', 1), at('resume', 60)]);
    expect(s.prompt).toBeNull();
    expect(run([at('unlock', 80)], 10, s).prompt).toMatchObject({
      idleSince: T0,
      returnedAt: T0 + 80 * MIN,
      idleSeconds: 80 * 60,
    });
  });

  it('counts from when the idle time began when the lock came later', () => {
    const s = run([sample(20, 15 * 60), at('lock', 20), at('unlock', 50)]);
    expect(s.prompt).toMatchObject({ idleSince: T0 + 5 * MIN, returnedAt: T0 + 50 * MIN, idleSeconds: 45 * 60 });
  });

  it('a resume or unlock with no time away open changes nothing', () => {
    const s = initialIdleState();
    expect(run([at('resume', 5), at('unlock', 6)], 10, s)).toEqual(s);
  });

  it('counts the whole night when the machine slept across midnight', () => {
    const evening = new Date(2025, 2, 10, 23, 30).getTime();
    const morning = new Date(2025, 2, 11, 8, 10).getTime();
    const running = [
      timerView({ projectId: 1, projectName: 'Website', state: 'running', seconds: 1800, asOf: evening }),
    ];
    let s = stepIdle(initialIdleState(), { kind: 'suspend', at: evening }, running, 10);
    s = stepIdle(s, { kind: 'resume', at: morning }, running, 10);
    expect(s.prompt).toEqual({
      projectId: 1,
      projectName: 'Website',
      idleSince: evening,
      returnedAt: morning,
      idleSeconds: (8 * 60 + 40) * 60,
    });
  });

  it('after a sleep that the idle clock counts too, no second away starts before the return', () => {
    // Some systems report the sleep as idle time: the first sample after the resume says 3 hours.
    const s = run([at('suspend', 0), at('resume', 180), sample(180.25, 180 * 60 + 15)]);
    expect(s.prompt).toMatchObject({ idleSeconds: 180 * 60 });
    expect(s.away).toMatchObject({ since: T0 + 180 * MIN });
    // Back at the keyboard a minute after the resume: that was no new time away.
    expect(run([sample(181.5, 30)], 10, s).prompt).toMatchObject({ idleSeconds: 180 * 60 });
  });

  it('prompts even when the timer was paused elsewhere meanwhile; what it offers is decided from the timers shown', () => {
    // The sampling goes on after the timer stopped (shouldSample), so the return is still seen.
    const s = run([
      sample(20, 15 * 60),
      [sample(40, 35 * 60), [website('paused')]],
      [sample(41, 10), [website('paused')]],
    ]);
    expect(s.prompt).toMatchObject({ projectId: 1, idleSince: T0 + 5 * MIN, returnedAt: T0 + 41 * MIN - 10_000 });
  });

  it('a second time away before the prompt is answered adds to it; answering closes it', () => {
    const first = run([sample(20, 15 * 60), sample(21, 10)]);
    expect(first.prompt?.idleSeconds).toBe(15 * 60 + 50);
    const second = run([sample(50, 20 * 60), sample(51, 0)], 10, first);
    expect(second.prompt).toMatchObject({
      idleSince: T0 + 5 * MIN,
      returnedAt: T0 + 51 * MIN,
      idleSeconds: 15 * 60 + 50 + 21 * 60,
    });
    expect(resolvedIdle(second).prompt).toBeNull();
  });

  it('samples while a timer runs, and after that until the user is seen back', () => {
    expect(shouldSample([website()], null)).toBe(true);
    expect(shouldSample([website('paused')], null)).toBe(false);
    expect(shouldSample([website('paused')], AWAY_FLOOR_SECONDS)).toBe(true);
    expect(shouldSample([], 3)).toBe(false);
  });
});
