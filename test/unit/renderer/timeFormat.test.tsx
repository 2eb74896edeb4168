// @vitest-environment happy-dom
// The window writes every duration in the user's time format (Snapshot.timeFormat, their
// time_format on the service, issue 22 item 9): App provides it, each component reads it where it
// writes minutes. A `fraction` user reads hours to two decimals (1.50, as the tray writes them),
// an `hours_minutes` user 1:30; quick entry reads both whatever the format.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimeFormat } from '../../../common/format';
import { ok } from '../../../common/result';
import type { EntryView, ProjectView } from '../../../common/snapshot';
import { EntryRow } from '../../../renderer/components/EntryRow';
import { IdlePrompt } from '../../../renderer/components/IdlePrompt';
import { QuickEntry } from '../../../renderer/components/QuickEntry';
import { TimerCard } from '../../../renderer/components/TimerCard';
import { Today } from '../../../renderer/components/Today';
import { WeekPanel } from '../../../renderer/components/week/WeekPanel';
import { TimeFormatContext } from '../../../renderer/timeFormat';
import { fakeBridge } from '../../support/fakeBridge';
import { SNAPSHOT_NOW, snapshot, timerView, weekView } from '../../support/snapshot';
import { SENT } from '../../../common/savedHere';

afterEach(cleanup);

const TODAY = '2025-03-10';
const website: ProjectView = { id: 1, name: 'Website', color: null, billingIncrement: 1, enabled: true };
const remote: ProjectView = { id: 2, name: 'Remote', color: null, billingIncrement: 30, enabled: true };
const entry: EntryView = {
  key: '41',
  id: 41,
  date: TODAY,
  minutes: 90,
  description: 'call',
  projectName: 'Website',
  status: SENT,
};
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
const box = () => screen.getByRole('combobox', { name: /Log time/ }) as HTMLInputElement;

const FORMATS = [
  [
    'fraction',
    {
      hm: '1.50',
      hms: '1.50',
      quarter: '1.75',
      total: '3.00',
      half: '0.50',
      twenty: '0.33',
      // The increment in the same unit as the minutes it rounds (issue 27 item 10).
      step: '0.50 hours',
      like: 'Like 1.50, 90m or 1h 30m.',
      placeholder: '1.50 @Project #tag what you did',
    },
  ],
  [
    'hours_minutes',
    {
      hm: '1:30',
      hms: '1:30:00',
      quarter: '1:45',
      total: '3:00',
      half: '0:30',
      twenty: '0:20',
      step: '30 minutes',
      like: 'Like 1:30, 90m or 1h 30m.',
      placeholder: '1:30 @Project #tag what you did',
    },
  ],
] as const;

const inFormat = (format: TimeFormat, children: ComponentChildren) =>
  render(<TimeFormatContext.Provider value={format}>{children}</TimeFormatContext.Provider>);

describe.each(FORMATS)("a %s user's durations in the window", (format, shows) => {
  it(`an entry's row: ${shows.hm}, and its edit form starts from it and says what Save stores`, () => {
    inFormat(
      format,
      <ul>
        <EntryRow entry={entry} projects={[website, remote]} bridge={fakeBridge()} />
      </ul>,
    );
    expect(screen.getByTestId('entry-minutes').textContent).toBe(shows.hm);
    fireEvent.click(screen.getByRole('button', { name: `Edit ${shows.hm} Website call` }));
    expect((screen.getByRole('textbox', { name: 'Time' }) as HTMLInputElement).value).toBe(shows.hm);
    type(screen.getByRole('textbox', { name: 'Time' }), '0:20');
    type(screen.getByRole('combobox', { name: 'Project' }), 'Remote');
    expect(screen.getByTestId('edit-time-note').textContent).toBe(
      `Saves ${shows.half} (${shows.twenty} rounded up to Remote's ${shows.step})`,
    );
  });

  it(`a timer card: its time, its Log, the adjust preview and the discard question (${shows.hms})`, () => {
    inFormat(
      format,
      <ul>
        <TimerCard
          timer={timerView({ state: 'paused', seconds: 5400 })}
          now={SNAPSHOT_NOW}
          billingIncrement={1}
          bridge={fakeBridge()}
        />
      </ul>,
    );
    expect(screen.getByTestId('timer-time').textContent).toBe(shows.hms);
    // A paused timer is one row: More opens its Log, Adjust and Discard.
    fireEvent.click(screen.getByRole('button', { name: 'More for Website' }));
    expect(screen.getByRole('button', { name: 'Log Website' }).textContent).toBe(`Log ${shows.hm}`);
    expect(screen.getByTestId('log-preview').textContent).toBe(`Log ${shows.hm}`);
    const adjust = screen.getByRole('textbox', { name: 'Time to add to Website' });
    type(adjust, '+15');
    expect(screen.getByTestId('adjust-preview').textContent).toBe(`→ ${shows.quarter}`);
    type(adjust, '+90');
    fireEvent.submit(adjust.closest('form')!);
    expect(screen.getByTestId('adjust-confirm').textContent).toContain(
      `Add ${shows.hm} to Website (→ ${shows.total})?`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Discard Website' }));
    expect(screen.getByRole('group', { name: 'Discard Website?' }).textContent).toContain(`Discard ${shows.hms}?`);
  });

  it(`a running timer reads ${format === 'fraction' ? '0.17, its minute under way drawn and its seconds on hover' : '0:10:48'}`, () => {
    inFormat(
      format,
      <ul>
        <TimerCard
          timer={timerView({ state: 'running', seconds: 648, asOf: SNAPSHOT_NOW })}
          now={SNAPSHOT_NOW}
          billingIncrement={1}
          bridge={fakeBridge()}
        />
      </ul>,
    );
    const time = screen.getByTestId('timer-time');
    expect(time.textContent).toBe(format === 'fraction' ? '0.17' : '0:10:48');
    // Hundredths move once a minute: the minute's progress (48 of 60 s) shows that it runs (issue 27 item 10).
    expect(time.style.getPropertyValue('--minute')).toBe(format === 'fraction' ? '0.8' : '');
    expect(time.title).toBe(format === 'fraction' ? '0:10:48 so far' : '');
  });

  it(`Today's total and the week's totals, days, bars and projects (${shows.hm})`, () => {
    const w = weekView({ totalMinutes: 90 });
    const week = {
      ...w,
      days: w.days.map((d) => (d.date === TODAY ? { ...d, totalMinutes: 90, entries: [entry] } : d)),
      projects: [{ projectName: 'Website', color: null, billableMinutes: 60, unbillableMinutes: 30, totalMinutes: 90 }],
    };
    const snap = snapshot({ week, today: { date: TODAY, entries: [entry], totalMinutes: 90 } });
    inFormat(
      format,
      <>
        <Today today={snap.today} timers={[]} projects={[website]} bridge={fakeBridge()} />
        <WeekPanel {...snap} bridge={fakeBridge()} />
      </>,
    );
    expect(screen.getByTestId('today-total').textContent).toBe(shows.hm);
    expect(screen.getByTestId('week-total').textContent).toBe(shows.hm);
    expect(screen.getByTestId('week-today-total').textContent).toBe(shows.hm);
    const today = screen.getAllByTestId('week-day').find((d) => d.dataset.date === TODAY)!;
    expect(within(today).getByRole('button', { expanded: true }).textContent).toContain(shows.hm);
    expect(screen.getByTestId('week-chart').textContent).toContain(`: ${shows.hm}`);
    const row = within(screen.getByTestId('week-projects')).getByRole('row', { name: /Website/ });
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      format === 'fraction' ? '1.00' : '1:00',
      shows.half,
      shows.hm,
    ]);
  });

  it(`quick entry's placeholder and an entry's Time hint give times as the user writes them (${shows.hm})`, () => {
    inFormat(
      format,
      <>
        <QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={fakeBridge()} />
        <ul>
          <EntryRow entry={entry} projects={[website]} bridge={fakeBridge()} />
        </ul>
      </>,
    );
    expect(box().placeholder).toBe(shows.placeholder);
    fireEvent.click(screen.getByRole('button', { name: `Edit ${shows.hm} Website call` }));
    type(screen.getByRole('textbox', { name: 'Time' }), 'soon');
    expect(document.body.textContent).toContain(shows.like);
  });

  it.each(['1:30', '1.5'])(`quick entry reads %s as an hour and a half and previews ${shows.hm}`, (typed) => {
    inFormat(format, <QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={fakeBridge()} />);
    type(box(), `${typed} @Website call`);
    expect(screen.getByTestId('preview-time').textContent).toBe(shows.hm);
  });

  it(`quick entry's preview says the rounding, and its answer what was logged, as the command line does (${shows.half})`, async () => {
    const bridge = fakeBridge({
      quickEntry: async () =>
        ok({ minutes: 30, typedMinutes: 20, increment: 30, projectName: 'Remote', date: TODAY, key: 'op-1' }),
    });
    inFormat(format, <QuickEntry projects={[remote]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    type(box(), '0:20 @Remote x');
    expect(screen.getByTestId('preview-rounding').textContent).toBe(
      ` (${shows.twenty} rounded up to Remote's ${shows.step})`,
    );
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect((await screen.findByTestId('quick-done')).textContent).toBe(
      `Logged ${shows.half} on Remote (${shows.twenty} rounded up to its ${shows.step}).`,
    );
  });

  it(`a pasted day: each line, the Log button and the answer (${shows.hm})`, async () => {
    const bridge = fakeBridge({
      logLines: async ({ lines }) =>
        ok({
          logged: lines.map((_, line) => ({
            line,
            key: `op-${line}`,
            minutes: 45,
            typedMinutes: 45,
            increment: 1,
            projectName: 'Website',
            date: TODAY,
          })),
          refused: [],
        }),
    });
    inFormat(format, <QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: unknown };
    event.clipboardData = { getData: (t: string) => (t === 'text/plain' ? '0:45 @Website a\n0.75 @Website b' : '') };
    fireEvent(box(), event);
    expect(screen.getAllByTestId('paste-line').map((l) => l.textContent)).toEqual([
      `0:45 @Website a${format === 'fraction' ? '0.75' : '0:45'} on Website`,
      `0.75 @Website b${format === 'fraction' ? '0.75' : '0:45'} on Website`,
    ]);
    expect(screen.getByTestId('paste-log').textContent).toBe(`Log 2 entries (${shows.hm})`);
    fireEvent.click(screen.getByTestId('paste-log'));
    await waitFor(() =>
      expect(screen.getByTestId('quick-done').textContent).toBe(`Logged 2 entries, ${shows.hm} in all.`),
    );
  });

  it(`the time-away question's Discard: the time it takes off (${shows.hm})`, () => {
    const away = {
      projectId: 1,
      projectName: 'Website',
      idleSince: SNAPSHOT_NOW - 90 * 60_000,
      returnedAt: SNAPSHOT_NOW,
      idleSeconds: 90 * 60,
      timerRunning: true,
    };
    inFormat(format, <IdlePrompt idle={away} bridge={fakeBridge()} />);
    expect(screen.getByRole('button', { name: `Discard ${shows.hm}` })).toBeTruthy();
  });
});
