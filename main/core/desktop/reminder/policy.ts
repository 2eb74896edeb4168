// When to remind the user that no timer runs during their working hours (settings' reminder): a
// pure step from the state, the settings, the time and whether a timer runs, to the next state
// and the next moment worth looking again, so the scheduler (scheduler.ts) sleeps until then
// instead of ticking. Once per idle stretch: a reminder raised and dismissed stays quiet until a
// timer has run or the next day's hours begin; a snooze brings it back 30 minutes later. Never
// outside the hours or days, never while a timer runs, and not in the settings' afterMinutes after
// a timer stopped (a pause for a call or a coffee is not forgetting to track). Local time, by the
// Date object's calendar.

import { minutesOfDay, type ReminderSettings } from '../../../../common/settings';

export const SNOOZE_MS = 30 * 60_000;

export interface ReminderState {
  /** Epoch ms the reminder on screen was raised; null: none is. */
  openAt: number | null;
  /** Epoch ms the last reminder of this idle stretch was raised; null: none since a timer ran. */
  remindedAt: number | null;
  /** Epoch ms a snooze ends; null: none asked. */
  snoozedUntil: number | null;
  /** A timer ran at the last step: the next step without one starts the quiet period. */
  timerRan: boolean;
  /** Epoch ms the quiet period after a timer stopped ends; null: none. */
  quietUntil: number | null;
}

export const initialReminderState = (): ReminderState => ({
  openAt: null,
  remindedAt: null,
  snoozedUntil: null,
  timerRan: false,
  quietUntil: null,
});

export interface ReminderInput {
  settings: ReminderSettings;
  now: number;
  timerRuns: boolean;
}

export interface ReminderStep {
  state: ReminderState;
  /** Epoch ms when the answer may change with no other event; null: only an event can change it. */
  nextCheckAt: number | null;
}

/** The working hours of the day `at` falls on, as epoch ms; null when that day is not a working day. */
export function hoursOfDay(settings: ReminderSettings, at: number): { start: number; end: number } | null {
  const day = new Date(at);
  if (!settings.days.includes(day.getDay())) return null;
  const from = minutesOfDay(settings.from);
  const to = minutesOfDay(settings.to);
  if (from === null || to === null || from >= to) return null;
  const y = day.getFullYear();
  const m = day.getMonth();
  const d = day.getDate();
  return {
    start: new Date(y, m, d, Math.floor(from / 60), from % 60).getTime(),
    end: new Date(y, m, d, Math.floor(to / 60), to % 60).getTime(),
  };
}

/** The start of the next working hours after `now` (today's if still to come), within a week; null: none. */
export function nextHoursStart(settings: ReminderSettings, now: number): number | null {
  const today = new Date(now);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const noon = new Date(today.getFullYear(), today.getMonth(), today.getDate() + ahead, 12).getTime();
    const hours = hoursOfDay(settings, noon);
    if (hours && hours.start > now) return hours.start;
  }
  return null;
}

export function stepReminder(previous: ReminderState, { settings, now, timerRuns }: ReminderInput): ReminderStep {
  if (!settings.enabled) return { state: initialReminderState(), nextCheckAt: null };
  // A running timer ends the idle stretch: the next one is reminded of afresh. Its stop is an event.
  if (timerRuns) return { state: { ...initialReminderState(), timerRan: true }, nextCheckAt: null };
  const state = previous.timerRan
    ? { ...previous, timerRan: false, quietUntil: now + settings.afterMinutes * 60_000 }
    : previous;

  const hours = hoursOfDay(settings, now);
  if (!hours || now < hours.start || now >= hours.end) {
    // Outside the hours nothing is on screen; the stretch's record stays (it is older than the next
    // hours' start, so it does not silence them).
    return { state: { ...state, openAt: null }, nextCheckAt: nextHoursStart(settings, now) };
  }
  if (state.openAt !== null) return { state, nextCheckAt: hours.end };
  if (state.quietUntil !== null && now < state.quietUntil) {
    return { state, nextCheckAt: Math.min(state.quietUntil, hours.end) };
  }
  if (state.snoozedUntil !== null && now < state.snoozedUntil) {
    return { state, nextCheckAt: Math.min(state.snoozedUntil, hours.end) };
  }
  const snoozeOver = state.snoozedUntil !== null;
  const remindedThisStretch = state.remindedAt !== null && state.remindedAt >= hours.start;
  if (snoozeOver || !remindedThisStretch) {
    return { state: { ...state, openAt: now, remindedAt: now, snoozedUntil: null }, nextCheckAt: hours.end };
  }
  return { state, nextCheckAt: hours.end };
}

/** The user answered the reminder on screen: snoozed (back in 30 minutes) or otherwise closed it. */
export function answeredReminder(state: ReminderState, snooze: boolean, now: number): ReminderState {
  return { ...state, openAt: null, snoozedUntil: snooze ? now + SNOOZE_MS : state.snoozedUntil };
}
