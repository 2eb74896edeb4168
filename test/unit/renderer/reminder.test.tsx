// @vitest-environment happy-dom
// The reminder's views as a user meets them, with a fake bridge: the window's bar and its three
// answers, and the Settings section saving days and hours, a refusal shown at its field with
// the typed text kept.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail } from '../../../common/result';
import { DEFAULT_REMINDER } from '../../../common/settings';
import { ReminderBar } from '../../../renderer/components/ReminderBar';
import { ReminderSection } from '../../../renderer/components/settings/ReminderSection';
import { DateTimeContext, dateTimeWords } from '../../../renderer/dateTime';
import { fakeBridge } from '../../support/fakeBridge';
import { SNAPSHOT_NOW } from '../../support/snapshot';

afterEach(cleanup);
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

describe('ReminderBar', () => {
  it('shows nothing without a reminder', () => {
    render(<ReminderBar reminder={null} bridge={fakeBridge()} />);
    expect(screen.queryByTestId('reminder')).toBeNull();
  });

  it('names the last timer, and each button sends its answer', async () => {
    const bridge = fakeBridge();
    render(<ReminderBar reminder={{ at: SNAPSHOT_NOW, lastProject: 'Website' }} bridge={bridge} />);
    expect(screen.getByRole('region', { name: 'No timer running' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('It is within your working hours. Start Website again?');
    fireEvent.click(screen.getByRole('button', { name: 'Start last: Website' }));
    await waitFor(() => expect(bridge.answerReminder).toHaveBeenCalledWith({ choice: 'start-last' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Snooze 30 min' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Snooze 30 min' }));
    await waitFor(() => expect(bridge.answerReminder).toHaveBeenCalledWith({ choice: 'snooze' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dismiss' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(bridge.answerReminder).toHaveBeenCalledWith({ choice: 'dismiss' }));
  });

  it('offers no Start last before any timer was used, and shows a refusal in the bar', async () => {
    const bridge = fakeBridge({ answerReminder: async () => fail('internal', 'Stint is shutting down.') });
    render(<ReminderBar reminder={{ at: SNAPSHOT_NOW, lastProject: null }} bridge={bridge} />);
    expect(screen.queryByRole('button', { name: /Start last/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Snooze 30 min' }));
    expect((await screen.findByTestId('reminder-error')).textContent).toBe('Stint is shutting down.');
  });
});

// A 24-hour locale, so the hours read 09:00 as they are kept (the 12-hour clock: dateTimeViews.test.tsx).
const section = (props: Parameters<typeof ReminderSection>[0]) => (
  <DateTimeContext.Provider value={dateTimeWords('en-GB')}>
    <ReminderSection {...props} />
  </DateTimeContext.Provider>
);

describe('ReminderSection', () => {
  it('turns the reminder on, and saves a day ticked', async () => {
    const bridge = fakeBridge();
    render(section({ reminder: DEFAULT_REMINDER, bridge }));
    expect(screen.getByTestId('reminder-state').textContent).toBe('Off: Stint does not remind you to start a timer.');
    fireEvent.click(screen.getByRole('checkbox', { name: /Remind me when no timer runs/ }));
    await waitFor(() => expect(bridge.updateSettings).toHaveBeenCalledWith({ reminder: { enabled: true } }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await waitFor(() => expect(bridge.updateSettings).toHaveBeenCalledWith({ reminder: { days: [1, 2, 3, 4, 5, 6] } }));
  });

  it('refuses hours that end before they start at the To field, keeps them, and saves nothing', async () => {
    const bridge = fakeBridge();
    render(section({ reminder: { ...DEFAULT_REMINDER, enabled: true }, bridge }));
    expect(screen.getByTestId('reminder-state').textContent).toBe(
      'On: 09:00–17:00 on Mon, Tue, Wed, Thu, Fri, 10 minutes after a timer stops.',
    );
    const to = screen.getByLabelText('To') as HTMLInputElement;
    type(to, '08:00');
    fireEvent.submit(screen.getByRole('form', { name: 'Working hours' }));
    const error = await screen.findByTestId('reminder-to-error');
    expect(error.textContent).toBe('The hours must end after they start: choose a time later than 09:00.');
    expect(to.getAttribute('aria-describedby')).toBe('reminder-to-error');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(to.value).toBe('08:00');
    expect(bridge.updateSettings).not.toHaveBeenCalled();

    type(to, '18:30');
    fireEvent.submit(screen.getByRole('form', { name: 'Working hours' }));
    await waitFor(() =>
      expect(bridge.updateSettings).toHaveBeenCalledWith({
        reminder: { from: '09:00', to: '18:30', afterMinutes: 10 },
      }),
    );
    expect(screen.queryByTestId('reminder-to-error')).toBeNull();
  });

  it('keeps the last day ticked off on screen with an error, and saves nothing', async () => {
    const bridge = fakeBridge();
    render(section({ reminder: { ...DEFAULT_REMINDER, days: [3] }, bridge }));
    const wednesday = screen.getByRole('checkbox', { name: 'Wednesday' }) as HTMLInputElement;
    fireEvent.click(wednesday);
    expect((await screen.findByTestId('reminder-days-error')).textContent).toBe('Choose at least one day.');
    expect(wednesday.checked).toBe(false);
    expect(bridge.updateSettings).not.toHaveBeenCalled();
  });
});
