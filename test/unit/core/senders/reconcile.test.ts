// The pure half of conflict reconciliation: what a late start or pause must leave, given what the
// service had meanwhile. Seconds are compared to the second; the clock is epoch ms.
import { describe, expect, it } from 'vitest';
import type { Timer } from '../../../../wire/serviceTypes';
import { planPause, planStart } from '../../../../main/core/senders/reconcile';

const MIN = 60_000;
const timer = (state: Timer['state'], seconds: number) => ({ state, seconds }) as Timer;
const at = 1_000 * MIN;

describe('a start that lands late', () => {
  const op = { projectName: 'Web', fromSeconds: 600, at };
  const first = { attempted: false, timeFormat: 'hours_minutes' } as const;

  it('counts from when the user started it, when nothing changed elsewhere', () => {
    const plan = planStart(op, timer('paused', 600), at + 10 * MIN, first);
    expect(plan.target(at + 10 * MIN)).toBe(600 + 600);
    expect(plan.notice).toBeNull();
  });

  it('keeps time the timer got elsewhere meanwhile, and says so', () => {
    const plan = planStart(op, timer('paused', 900), at + 10 * MIN, first);
    expect(plan.target(at + 10 * MIN)).toBe(900 + 600);
    expect(plan.notice).toMatch(/changed elsewhere.*\(0:15 there, 0:10 here\)/);
  });

  it('starts again from the time since the user started it when the timer was logged elsewhere', () => {
    const plan = planStart(op, null, at + 10 * MIN, first);
    expect(plan.target(at + 10 * MIN)).toBe(600);
    expect(plan.notice).toMatch(/logged or discarded elsewhere/);
  });

  it('keeps the longer run when it was running elsewhere too', () => {
    const ahead = planStart(op, timer('running', 3000), at + 10 * MIN, first);
    expect(ahead.target(at + 11 * MIN)).toBe(3060);
    const behind = planStart(op, timer('running', 700), at + 10 * MIN, first);
    expect(behind.target(at + 11 * MIN)).toBe(600 + 660);
  });

  it('says nothing of a running timer an earlier attempt of its own may have started', () => {
    expect(
      planStart(op, timer('running', 1100), at + 10 * MIN, { attempted: true, timeFormat: 'hours_minutes' }).notice,
    ).toBeNull();
  });
});

describe('a pause that lands late', () => {
  const op = { projectName: 'Web', seconds: 1200, at };

  it('runs back to the seconds the user paused at when the service just counted on', () => {
    const plan = planPause(op, timer('paused', 1200 + 300), at + 5 * MIN, 'hours_minutes');
    expect(plan.target(at + 5 * MIN)).toBe(1200);
    expect(plan.notice).toBeNull();
  });

  it('keeps time added elsewhere', () => {
    const plan = planPause(op, timer('paused', 1200 + 300 + 1800), at + 5 * MIN, 'hours_minutes');
    expect(plan.target(at + 5 * MIN)).toBe(1200 + 1800);
    expect(plan.notice).toMatch(/0:30 more elsewhere.*paused at 0:50/);
  });

  it('keeps the longer run here when it was paused elsewhere earlier', () => {
    const plan = planPause(op, timer('paused', 600), at + 5 * MIN, 'hours_minutes');
    expect(plan.target(at + 5 * MIN)).toBe(1200);
    expect(plan.notice).toMatch(/paused elsewhere at 0:10.*keeps your 0:20/);
  });

  it("writes its durations in the user's format and isolates a right-to-left override in the project's name", () => {
    const tricky = { ...op, projectName: 'Docs \u202Eevil' };
    const plan = planPause(tricky, timer('paused', 1200 + 300 + 1800), at + 5 * MIN, 'fraction');
    expect(plan.notice).toBe(
      "\u2068Docs \u202Eevil\u2069's timer got 0.50 more elsewhere while you were offline; both are kept: it is paused at 0.83.",
    );
  });
});
