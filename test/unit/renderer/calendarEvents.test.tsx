// @vitest-environment happy-dom
// Today's calendar events as a user meets them, with a fake bridge: Log opens the event's line
// previewed with the minutes it will be stored as, Enter logs it with quick entry's call and the
// next event's Log takes the focus, Escape closes it, Dismiss sends its key; and Settings ›
// Calendars adds an address, shows a refusal at the form and a calendar's failed read.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../common/result';
import type { CalendarEventView, ProjectView } from '../../../common/snapshot';
import { CalendarEvents } from '../../../renderer/components/CalendarEvents';
import { CalendarsSection } from '../../../renderer/components/settings/CalendarsSection';
import { fakeBridge } from '../../support/fakeBridge';

afterEach(cleanup);

const acme: ProjectView = { id: 1, name: 'Acme', color: null, billingIncrement: 15, enabled: true };
const event = (over: Partial<CalendarEventView>): CalendarEventView => ({
  key: 'standup@example.org/2025-03-10T09:00:00',
  calendarId: 'c1',
  title: 'Stand-up',
  start: 0,
  end: 0,
  allDay: false,
  line: '9:00-9:10 @Acme #meeting Stand-up',
  projectName: 'Acme',
  ...over,
});
const events = [
  event({}),
  event({ key: 'review/', title: 'Review', line: '11:00-12:00 #meeting Review', projectName: null }),
];

describe('CalendarEvents', () => {
  it('shows nothing without events', () => {
    render(<CalendarEvents events={[]} projects={[acme]} today="2025-03-10" bridge={fakeBridge()} />);
    expect(screen.queryByTestId('calendar-events')).toBeNull();
  });

  it('opens the line with the stored minutes, logs it on Enter, and hands the focus to the next event', async () => {
    const bridge = fakeBridge({
      quickEntry: async () => ok({ minutes: 15, date: '2025-03-10', key: 'k1', projectName: 'Acme' } as never),
    });
    const view = render(<CalendarEvents events={events} projects={[acme]} today="2025-03-10" bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log Stand-up' }));
    const line = screen.getByTestId('event-line') as HTMLInputElement;
    expect(line.value).toBe('9:00-9:10 @Acme #meeting Stand-up');
    expect(document.activeElement).toBe(line);
    expect(screen.getByTestId('event-preview').textContent).toBe(
      "Logs 0:15 (0:10 rounded up to Acme's 15 minutes) on Acme: #meeting Stand-up",
    );
    fireEvent.keyDown(line, { key: 'Enter' });
    await waitFor(() => expect(bridge.quickEntry).toHaveBeenCalledWith({ text: '9:00-9:10 @Acme #meeting Stand-up' }));
    // The snapshot without the logged event: the next one's Log has the focus.
    view.rerender(<CalendarEvents events={events.slice(1)} projects={[acme]} today="2025-03-10" bridge={bridge} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Log Review' })));
  });

  it('keeps the line open with the refusal when quick entry refuses it, and Escape closes it', async () => {
    const bridge = fakeBridge({
      quickEntry: async () => fail('invalid_input', 'That project is archived.', 'project'),
    });
    render(<CalendarEvents events={events} projects={[acme]} today="2025-03-10" bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log Review' }));
    const line = screen.getByTestId('event-line');
    fireEvent.keyDown(line, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText('That project is archived.')).toBeTruthy());
    fireEvent.keyDown(line, { key: 'Escape' });
    expect(screen.queryByTestId('event-line')).toBeNull();
    // Back on the event's Log, not on the page (issue 27 item 15).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Log Review' })));
  });

  it('puts the caret at the start of an all-day event’s line, which waits for the time', () => {
    const allDay = event({ key: 'offsite/', title: 'Offsite', allDay: true, line: '#meeting Offsite' });
    render(<CalendarEvents events={[allDay]} projects={[acme]} today="2025-03-10" bridge={fakeBridge()} />);
    expect(screen.getByText('All day')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log Offsite' }));
    const line = screen.getByTestId('event-line') as HTMLInputElement;
    expect(line.selectionStart).toBe(0);
    expect(screen.getByTestId('event-preview').textContent).toMatch(/Start with the time/);
  });

  it('reads a project typed at the end of a meeting line, as quick entry does (issue 27 item 19)', () => {
    const review = event({ key: 'review/', title: 'Review', line: '11:00-12:00 #meeting Review', projectName: null });
    render(<CalendarEvents events={[review]} projects={[acme]} today="2025-03-10" bridge={fakeBridge()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Log Review' }));
    fireEvent.input(screen.getByTestId('event-line'), { target: { value: '11:00-12:00 #meeting Review @Acme' } });
    expect(screen.getByTestId('event-preview').textContent).toBe('Logs 1:00 on Acme: #meeting Review');
  });

  it('dismisses an event by its key', async () => {
    const bridge = fakeBridge();
    render(<CalendarEvents events={events} projects={[acme]} today="2025-03-10" bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss Review' }));
    await waitFor(() => expect(bridge.dismissCalendarEvent).toHaveBeenCalledWith({ key: 'review/' }));
  });
});

describe('CalendarsSection', () => {
  it('adds an address typed as a secret, and shows a refusal at the form', async () => {
    const bridge = fakeBridge({
      addCalendar: async () => fail('invalid_input', 'Only https:// addresses are read.', 'address'),
    });
    render(<CalendarsSection calendars={[]} bridge={bridge} />);
    const address = screen.getByTestId('calendar-address') as HTMLInputElement;
    expect(address.type).toBe('password');
    fireEvent.input(address, { target: { value: 'http://example.org/basic.ics' } });
    fireEvent.input(screen.getByTestId('calendar-email'), { target: { value: 'me@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add calendar' }));
    await waitFor(() =>
      expect(bridge.addCalendar).toHaveBeenCalledWith({
        address: 'http://example.org/basic.ics',
        email: 'me@example.org',
      }),
    );
    await waitFor(() => expect(screen.getByText('Only https:// addresses are read.')).toBeTruthy());
    expect(address.value).toBe('http://example.org/basic.ics');
  });

  it('lists a calendar by its label with its failed read, and removes it', async () => {
    const bridge = fakeBridge();
    const calendar = {
      id: 'c1',
      label: 'calendar.google.com/…/basic.ics',
      kind: 'url' as const,
      email: null,
      readAt: null,
      problem: 'calendar.google.com answered 404.',
      events: 12,
    };
    render(<CalendarsSection calendars={[calendar]} bridge={bridge} />);
    expect(screen.getByText('calendar.google.com answered 404.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove calendar.google.com/…/basic.ics' }));
    await waitFor(() => expect(bridge.removeCalendar).toHaveBeenCalledWith({ id: 'c1' }));
  });
});

describe('the week view', () => {
  it("lists a day's calendar events in the day it opens to, each line with its date", async () => {
    const { WeekDays } = await import('../../../renderer/components/week/WeekDays');
    const bridge = fakeBridge();
    const monday = event({ key: 'standup/mon', line: '2025-03-10 9:00-9:10 @Acme #meeting Stand-up' });
    render(
      <WeekDays
        days={[{ date: '2025-03-10', totalMinutes: 0, entries: [] }]}
        today="2025-03-12"
        projects={[acme]}
        bridge={bridge}
        calendarEvents={{ '2025-03-10': [monday] }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Mon/ }));
    // The meeting shows its time, not the date its line starts with (issue 27 item 19).
    const row = screen.getByTestId('calendar-event');
    expect(row.querySelector('.entry-time')?.textContent).toBe('9:00-9:10');
    fireEvent.click(screen.getByRole('button', { name: 'Log Stand-up' }));
    const line = screen.getByTestId('event-line') as HTMLInputElement;
    expect(line.value).toBe('2025-03-10 9:00-9:10 @Acme #meeting Stand-up');
    fireEvent.keyDown(line, { key: 'Enter' });
    await waitFor(() =>
      expect(bridge.quickEntry).toHaveBeenCalledWith({ text: '2025-03-10 9:00-9:10 @Acme #meeting Stand-up' }),
    );
  });
});
