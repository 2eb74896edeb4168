// What `stint today` and `stint week` print for a user who reads durations as fractions of an
// hour (their time_format on the service, issue 22): every duration follows it; --json keeps minutes.
import { describe, expect, it } from 'vitest';
import { loggedWords } from '../../../common/loggedWords';
import { todayText, weekText, type WeekJson } from '../../../cli/views';

describe("the command line in the user's time format", () => {
  it('writes today as hours to two decimals for fractions, H:MM otherwise', () => {
    const today = {
      date: '2026-11-27',
      totalMinutes: 90,
      entries: [{ minutes: 90, project: 'Website', description: 'call', synced: true }],
    };
    expect(todayText(today, 'fraction')).toBe('Today (2026-11-27): 1.50\n   1.50  Website  call');
    expect(todayText(today, 'hours_minutes')).toBe('Today (2026-11-27): 1:30\n   1:30  Website  call');
  });

  it('writes the week in fractions too', () => {
    const week: WeekJson = {
      start: '2026-11-23',
      end: '2026-11-29',
      totalMinutes: 45,
      stale: false,
      days: [{ date: '2026-11-23', totalMinutes: 45 }],
      projects: [{ project: 'Website', totalMinutes: 45, billableMinutes: 30, unbillableMinutes: 15 }],
    };
    expect(weekText(week, 'fraction')).toBe(
      'Week 2026-11-23 to 2026-11-29: 0.75\n  Mon 2026-11-23   0.75\nProjects:\n   0.75  Website  (billable 0.50, unbillable 0.25)',
    );
  });

  it('says a logged entry in fractions', () => {
    const logged = { minutes: 30, typedMinutes: 20, increment: 30, projectName: 'Remote', date: '2026-11-27' };
    expect(loggedWords(logged, '2026-11-27', 'fraction')).toBe('0.50 on Remote (0.33 rounded up to its 30 minutes)');
  });
});
