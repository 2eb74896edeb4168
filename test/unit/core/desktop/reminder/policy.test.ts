// The working-hours reminder's policy (main/core/desktop/reminder/policy.ts): pure steps at chosen local
// times. 2025-03-10 is a Monday; the hours are the defaults, Monday to Friday 09:00–17:00.
import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER, type ReminderSettings } from '../../../../../common/settings';
import {
  answeredReminder,
  initialReminderState,
  SNOOZE_MS,
  stepReminder,
  type ReminderState,
} from '../../../../../main/core/desktop/reminder/policy';

const on: ReminderSettings = { ...DEFAULT_REMINDER, enabled: true };
/** The quiet minutes after a timer stops, by default. */
const QUIET_MS = DEFAULT_REMINDER.afterMinutes * 60_000;
/** Local time on a day of March 2025 (10 = Monday, 14 = Friday, 15 = Saturday). */
const at = (day: number, hour: number, minute = 0) => new Date(2025, 2, day, hour, minute).getTime();
const step = (state: ReminderState, now: number, timerRuns = false, settings = on) =>
  stepReminder(state, { settings, now, timerRuns });

describe('the reminder policy', () => {
  it('is off by default: never reminds, never asks to be woken', () => {
    expect(DEFAULT_REMINDER.enabled).toBe(false);
    const s = step(initialReminderState(), at(10, 10), false, DEFAULT_REMINDER);
    expect(s.state.openAt).toBeNull();
    expect(s.nextCheckAt).toBeNull();
  });

  it('before the hours: nothing yet, and looks again when they start', () => {
    const s = step(initialReminderState(), at(10, 8, 15));
    expect(s.state.openAt).toBeNull();
    expect(s.nextCheckAt).toBe(at(10, 9));
  });

  it('within the hours with no timer: reminds now, and looks again at the end of the hours', () => {
    const s = step(initialReminderState(), at(10, 9));
    expect(s.state.openAt).toBe(at(10, 9));
    expect(s.nextCheckAt).toBe(at(10, 17));
  });

  it('never while a timer runs, and nothing to wake for until it stops', () => {
    const s = step(initialReminderState(), at(10, 11), true);
    expect(s.state.openAt).toBeNull();
    expect(s.nextCheckAt).toBeNull();
  });

  it('a timer started closes the reminder; stopping it later begins a new stretch, reminded after a quiet period', () => {
    const open = step(initialReminderState(), at(10, 9)).state;
    const running = step(open, at(10, 9, 5), true).state;
    expect(running.openAt).toBeNull();
    // A pause is a break first: nothing for QUIET_MS, and the policy asks to be woken at its end.
    const stopped = step(running, at(10, 12));
    expect(stopped.state.openAt).toBeNull();
    expect(stopped.nextCheckAt).toBe(at(10, 12) + QUIET_MS);
    expect(step(stopped.state, at(10, 12) + QUIET_MS - 1).state.openAt).toBeNull();
    expect(step(stopped.state, at(10, 12) + QUIET_MS).state.openAt).toBe(at(10, 12) + QUIET_MS);
  });

  it('afterMinutes 0 reminds as soon as a timer stops', () => {
    const running = step(initialReminderState(), at(10, 11), true).state;
    expect(step(running, at(10, 11, 30), false, { ...on, afterMinutes: 0 }).state.openAt).toBe(at(10, 11, 30));
  });

  it('a quiet period that outlasts the hours ends with them: nothing that evening', () => {
    const running = step(initialReminderState(), at(10, 16, 55), true).state;
    const stopped = step(running, at(10, 16, 55));
    expect(stopped.nextCheckAt).toBe(at(10, 17));
    expect(step(stopped.state, at(10, 17)).state.openAt).toBeNull();
  });

  it('once per idle stretch: dismissed, it stays quiet for the rest of the hours', () => {
    const open = step(initialReminderState(), at(10, 9)).state;
    const dismissed = answeredReminder(open, false, at(10, 9, 1));
    for (const [hour, minute] of [
      [9, 2],
      [12, 0],
      [16, 59],
    ] as const) {
      expect(step(dismissed, at(10, hour, minute)).state.openAt).toBeNull();
    }
  });

  it('snooze: quiet for 30 minutes, then reminds again if still no timer runs', () => {
    const open = step(initialReminderState(), at(10, 10)).state;
    const snoozed = answeredReminder(open, true, at(10, 10, 2));
    expect(snoozed.snoozedUntil).toBe(at(10, 10, 2) + SNOOZE_MS);
    const during = step(snoozed, at(10, 10, 20));
    expect(during.state.openAt).toBeNull();
    expect(during.nextCheckAt).toBe(at(10, 10, 32));
    expect(step(during.state, at(10, 10, 32)).state.openAt).toBe(at(10, 10, 32));
  });

  it('a snooze that ends after the hours: it wakes at their end and reminds no more that day', () => {
    const snoozed = answeredReminder(step(initialReminderState(), at(10, 16, 45)).state, true, at(10, 16, 45));
    const s = step(snoozed, at(10, 16, 50));
    expect(s.nextCheckAt).toBe(at(10, 17));
    const after = step(s.state, at(10, 17));
    expect(after.state.openAt).toBeNull();
    expect(after.nextCheckAt).toBe(at(11, 9));
  });

  it('a snooze is ended by a timer: the stretch after it is reminded afresh', () => {
    const snoozed = answeredReminder(step(initialReminderState(), at(10, 10)).state, true, at(10, 10));
    const running = step(snoozed, at(10, 10, 5), true).state;
    expect(running.snoozedUntil).toBeNull();
    const stopped = step(running, at(10, 10, 10)).state;
    expect(step(stopped, at(10, 10, 10) + QUIET_MS).state.openAt).toBe(at(10, 10, 10) + QUIET_MS);
  });

  it('the reminder on screen goes at the end of the hours; the next working day reminds again', () => {
    const open = step(initialReminderState(), at(10, 16)).state;
    const evening = step(open, at(10, 17));
    expect(evening.state.openAt).toBeNull();
    expect(evening.nextCheckAt).toBe(at(11, 9));
    const dismissedYesterday = answeredReminder(open, false, at(10, 16, 1));
    expect(step(dismissedYesterday, at(11, 9)).state.openAt).toBe(at(11, 9));
  });

  it('never on a day off: Friday evening looks again on Monday morning, across the weekend’s midnights', () => {
    const friday = step(initialReminderState(), at(14, 18));
    expect(friday.state.openAt).toBeNull();
    expect(friday.nextCheckAt).toBe(at(17, 9));
    const saturday = step(initialReminderState(), at(15, 11));
    expect(saturday.state.openAt).toBeNull();
    expect(saturday.nextCheckAt).toBe(at(17, 9));
  });

  it('late evening hours: reminded until 23:59, and after midnight the next day’s hours come next', () => {
    const late: ReminderSettings = {
      enabled: true,
      days: [0, 1, 2, 3, 4, 5, 6],
      from: '20:00',
      to: '23:59',
      afterMinutes: 10,
    };
    expect(step(initialReminderState(), at(10, 23, 58), false, late).state.openAt).toBe(at(10, 23, 58));
    const pastMidnight = step(initialReminderState(), at(11, 0, 30), false, late);
    expect(pastMidnight.state.openAt).toBeNull();
    expect(pastMidnight.nextCheckAt).toBe(at(11, 20));
  });

  it('turned off: the reminder on screen goes and nothing is scheduled', () => {
    const open = step(initialReminderState(), at(10, 10)).state;
    const off = step(open, at(10, 10, 1), false, { ...on, enabled: false });
    expect(off.state.openAt).toBeNull();
    expect(off.nextCheckAt).toBeNull();
  });
});
