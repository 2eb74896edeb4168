// @vitest-environment happy-dom
// The week view as a user meets it, with a fake bridge: the week's totals per day and project, the
// week changed by button and by key, a day opened to its entries with Edit (and its Date field),
// Delete and Continue.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail } from '../../../common/result';
import type { EntryView, WeekView } from '../../../common/snapshot';
import { Today } from '../../../renderer/components/Today';
import { WeekPanel } from '../../../renderer/components/week/WeekPanel';
import { fakeBridge } from '../../support/fakeBridge';
import { savedHere, snapshot, timerView, weekView } from '../../support/snapshot';
import { SENT } from '../../../common/savedHere';

afterEach(cleanup);

const entry = (over: Partial<EntryView> = {}): EntryView => ({
  key: '41',
  id: 41,
  date: '2025-03-11',
  minutes: 90,
  description: 'call with the client',
  projectName: 'Website',
  projectId: 1,
  billable: true,
  status: SENT,
  ...over,
});

const week = (): WeekView => {
  const w = weekView({ totalMinutes: 120 });
  return {
    ...w,
    days: w.days.map((d) =>
      d.date === '2025-03-11'
        ? {
            ...d,
            totalMinutes: 120,
            entries: [
              entry(),
              entry({ key: '42', id: 42, minutes: 30, projectName: null, projectId: null, description: 'reading' }),
            ],
          }
        : d,
    ),
    projects: [
      { projectName: 'Website', color: '#f00', billableMinutes: 90, unbillableMinutes: 0, totalMinutes: 90 },
      { projectName: null, color: null, billableMinutes: 0, unbillableMinutes: 30, totalMinutes: 30 },
    ],
  };
};

const show = (bridge = fakeBridge(), over: Parameters<typeof snapshot>[0] = {}) => {
  const snap = snapshot({ week: week(), ...over });
  render(<WeekPanel {...snap} bridge={bridge} />);
  return bridge;
};

describe('WeekPanel', () => {
  it('shows the week, each day’s total in words, and per project the billable and unbillable time', () => {
    show();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('10 – 16 Mar 2025');
    expect(screen.getByTestId('week-total').textContent).toBe('2:00');
    expect(screen.getByRole('button', { name: /Tuesday 11 Mar/ }).textContent).toContain('2:00');
    const rows = screen.getAllByRole('row').map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Project', 'Billable', 'Unbillable', 'Total'],
      ['Website', '1:30', '0:00', '1:30'],
      ['No project', '0:00', '0:30', '0:30'],
    ]);
  });

  it('counts the running timer’s time in today’s total', () => {
    // Running 25 minutes by now, on top of an hour logged today.
    const running = timerView({ state: 'running', seconds: 0, asOf: Date.now() - 25 * 60_000 });
    show(fakeBridge(), { timers: [running], today: { date: '2025-03-10', entries: [], totalMinutes: 60 } });
    expect(screen.getByTestId('week-today-total').textContent).toBe('1:25');
  });

  it('shows one today: the Today line, today’s row and the week’s total all count the running timer, and say so', () => {
    // Three hours on Website's timer by now, on top of the 2:00 logged on Tuesday 11 Mar, today.
    const running = timerView({ state: 'running', seconds: 0, asOf: Date.now() - 3 * 3600_000 });
    show(fakeBridge(), { timers: [running], today: { date: '2025-03-11', entries: [], totalMinutes: 120 } });
    expect(screen.getByTestId('week-today-total').textContent).toBe('5:00');
    const row = screen.getByRole('button', { name: /Tuesday 11 Mar/ });
    expect(row.textContent).toContain('5:00');
    expect(row.textContent).toContain("with Website's timer");
    // The week's total is the sum of its rows.
    const rows = screen.getAllByTestId('week-day').map((d) => d.querySelector('.week-day-toggle .total')!.textContent);
    const sum = rows.reduce((m, t) => m + Number(t!.split(':')[0]) * 60 + Number(t!.split(':')[1]), 0);
    expect(sum).toBe(300);
    expect(screen.getByTestId('week-total').textContent).toBe('5:00');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain("with Website's timer");
  });

  it('the Today panel counts the running timer as the week does, labelled the same way', () => {
    const running = timerView({ state: 'running', seconds: 0, asOf: Date.now() - 3 * 3600_000 });
    const today = { date: '2025-03-11', entries: [], totalMinutes: 120 };
    show(fakeBridge(), { timers: [running], today });
    render(<Today today={today} timers={[running]} projects={[]} bridge={fakeBridge()} />);
    expect(screen.getByTestId('today-total').textContent).toBe(screen.getByTestId('week-today-total').textContent);
    expect(screen.getByTestId('today-total-label').textContent).toBe(" (with Website's timer)");
  });

  it('goes a week back and on by button and by ArrowLeft, ArrowRight and T', async () => {
    const bridge = show(fakeBridge(), { week: { ...week(), isCurrent: false } });
    fireEvent.click(screen.getByRole('button', { name: '← Previous week' }));
    await waitFor(() => expect(bridge.showWeek).toHaveBeenLastCalledWith({ weekOf: '2025-03-03' }));
    const section = screen.getByTestId('week');
    // One back, then one on from there (the week last asked for): the shown week again.
    fireEvent.keyDown(section, { key: 'ArrowRight' });
    await waitFor(() => expect(bridge.showWeek).toHaveBeenLastCalledWith({ weekOf: '2025-03-10' }));
    fireEvent.keyDown(section, { key: 't' });
    await waitFor(() => expect(bridge.showWeek).toHaveBeenLastCalledWith({ weekOf: null }));
  });

  it('answers ←, → and T pressed anywhere in the window, again and again, but not in a text field', async () => {
    // The core answers later than the keys come: the buttons stay usable and each key counts.
    const bridge = fakeBridge({ showWeek: () => new Promise(() => {}) });
    show(bridge, { week: { ...week(), isCurrent: false } });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(bridge.showWeek).toHaveBeenLastCalledWith({ weekOf: '2025-03-03' }));
    expect(screen.getByRole('button', { name: '← Previous week' }).hasAttribute('disabled')).toBe(false);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    await waitFor(() => expect(bridge.showWeek).toHaveBeenLastCalledWith({ weekOf: '2025-02-24' }));
    fireEvent.keyDown(document.body, { key: 'T' });
    await waitFor(() => expect(bridge.showWeek).toHaveBeenLastCalledWith({ weekOf: null }));
    const calls = bridge.showWeek.mock.calls.length;
    fireEvent.keyDown(document.querySelector('input')!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', ctrlKey: true });
    expect(bridge.showWeek.mock.calls.length).toBe(calls);
  });

  it('says when the week is drawn offline from the last read', () => {
    show(fakeBridge(), { week: { ...week(), stale: true } });
    expect(screen.getByTestId('week-status').textContent).toBe('Offline: as last read, with your unsent changes.');
    cleanup();
    show(fakeBridge(), { week: { ...week(), stale: true, loaded: false } });
    expect(screen.getByTestId('week-status').textContent).toBe(
      'Offline: this week was not read yet; only your unsent changes show.',
    );
  });

  it('opens a day to its entries: Continue starts that project with the note; none without a project', async () => {
    const bridge = show();
    fireEvent.click(screen.getByRole('button', { name: /Tuesday 11 Mar/ }));
    expect(screen.getAllByTestId('week-entry')).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Continue 0:30 reading' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue 1:30 Website call with the client' }));
    await waitFor(() =>
      expect(bridge.startTimer).toHaveBeenCalledWith({ projectId: 1, description: 'call with the client' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete 1:30 Website call with the client' }));
    await waitFor(() => expect(bridge.deleteEntry).toHaveBeenCalledWith({ entryId: 41 }));
  });

  it("badges a day's entry only this computer has with its status's words, and none on one the service has", () => {
    const w = week();
    const days = w.days.map((d) =>
      d.date === '2025-03-11'
        ? { ...d, entries: [d.entries[0]!, { ...d.entries[1]!, key: 'op-9', id: null, status: savedHere('Work') }] }
        : d,
    );
    render(<WeekPanel {...snapshot({ week: { ...w, days } })} bridge={fakeBridge()} />);
    fireEvent.click(screen.getByRole('button', { name: /Tuesday 11 Mar/ }));
    const [sent, waiting] = screen.getAllByTestId('week-entry');
    expect(sent!.querySelector('[data-testid="saved-here"]')).toBeNull();
    expect(waiting!.querySelector('[data-testid="saved-here"]')?.getAttribute('title')).toBe(
      'Saved here · sends when Work answers',
    );
  });

  it('edits an entry’s date: a refusal is shown at the Date field, and what was typed stays', async () => {
    const bridge = show(
      fakeBridge({ updateEntry: async () => fail('invalid_input', '2099-01-01 is in the future.', 'date') }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Tuesday 11 Mar/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit 1:30 Website call with the client' }));
    const date = screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement;
    expect(date.value).toBe('2025-03-11');
    fireEvent.input(date, { target: { value: '2099-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('edit-error-date')).textContent).toBe('2099-01-01 is in the future.');
    expect(date.value).toBe('2099-01-01');
    expect(bridge.updateEntry).toHaveBeenCalledWith(expect.objectContaining({ key: '41', date: '2099-01-01' }));
  });
});
