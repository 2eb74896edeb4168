// What `stint today` and `stint week` print: every duration in the user's time format (their
// time_format on the service, issue 22 item 9; --json keeps minutes), and today's total with the
// running timer's time counted in and said so, as the window and the tray count it (item 4).
import { describe, expect, it } from 'vitest';
import { loggedWords } from '../../../common/loggedWords';
import type { Snapshot } from '../../../common/snapshot';
import { todayJson, todayText, weekJson, weekText } from '../../../cli/views';
import { snapshot, SNAPSHOT_NOW, timerView, weekView } from '../../support/snapshot';
import { SENT } from '../../../common/savedHere';

const entry = {
  key: 'a',
  id: 1,
  date: '2025-03-10',
  minutes: 90,
  description: 'call',
  projectName: 'Website',
  status: SENT,
};
/** 1:30 logged today (Monday 2025-03-10) on Website, 0:45 in the week on Monday. */
const logged = (over: Partial<Snapshot> = {}) =>
  snapshot({
    today: { date: '2025-03-10', entries: [entry], totalMinutes: 90 },
    week: weekView({
      totalMinutes: 90,
      days: weekView().days.map((d) => (d.date === '2025-03-10' ? { ...d, totalMinutes: 90 } : d)),
      projects: [
        {
          projectName: 'Website',
          color: null,
          totalMinutes: 90,
          billableMinutes: 60,
          unbillableMinutes: 30,
        },
      ],
    }),
    ...over,
  });
/** Backend's timer started 45 minutes and 20 seconds ago. */
const running = timerView({ projectId: 2, projectName: 'Backend', state: 'running', asOf: SNAPSHOT_NOW - 2_720_000 });

describe("the command line in the user's time format", () => {
  it('writes today as hours to two decimals for fractions, H:MM otherwise', () => {
    const today = todayJson(logged(), SNAPSHOT_NOW);
    expect(todayText(today, 'fraction')).toBe('Today (2025-03-10): 1.50\n   1.50  Website  call');
    expect(todayText(today, 'hours_minutes')).toBe('Today (2025-03-10): 1:30\n   1:30  Website  call');
  });

  it('writes the week in fractions too', () => {
    const week = weekJson(logged(), SNAPSHOT_NOW);
    expect(
      weekText(week, 'fraction')
        .split('\n')
        .filter((l) => /Week|Mon|Website/.test(l)),
    ).toEqual([
      'Week 2025-03-10 to 2025-03-16: 1.50',
      '  Mon 2025-03-10   1.50',
      '   1.50  Website  (billable 1.00, unbillable 0.50)',
    ]);
  });

  it('says a logged entry in fractions', () => {
    const logged = { minutes: 30, typedMinutes: 20, increment: 30, projectName: 'Remote', date: '2026-11-27' };
    expect(loggedWords(logged, '2026-11-27', 'fraction')).toBe('0.50 on Remote (0.33 rounded up to its 0.50 hours)');
  });
});

describe("the command line's today and week with a timer running (issue 22 item 4)", () => {
  it("count the running timer's minutes into today and the week, labelled as the window labels them", () => {
    const s = logged({ timers: [running] });
    const today = todayJson(s, SNAPSHOT_NOW);
    expect(todayText(today).split('\n')[0]).toBe("Today (2025-03-10): 2:15 (with Backend's timer)");
    expect(today).toMatchObject({ totalMinutes: 90, timerMinutes: 45, timerLabel: "with Backend's timer" });

    const week = weekText(weekJson(s, SNAPSHOT_NOW), 'fraction').split('\n');
    expect(week[0]).toBe("Week 2025-03-10 to 2025-03-16: 2.25 (with Backend's timer)");
    expect(week[1]).toBe("  Mon 2025-03-10   2.25 (with Backend's timer)");
    expect(week[2]).toBe('  Tue 2025-03-11   0.00');
  });

  it('count nothing for a paused timer, nor in a week without today', () => {
    const paused = { ...running, state: 'paused' as const, seconds: 2720 };
    expect(todayText(todayJson(logged({ timers: [paused] }), SNAPSHOT_NOW)).split('\n')[0]).toBe(
      'Today (2025-03-10): 1:30',
    );
    const lastWeek = logged({
      timers: [running],
      week: weekView({ start: '2025-03-03', end: '2025-03-09', days: [] }),
    });
    expect(weekText(weekJson(lastWeek, SNAPSHOT_NOW))).toBe('Week 2025-03-03 to 2025-03-09: 0:00');
  });
});
