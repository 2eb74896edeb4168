// @vitest-environment happy-dom
// Every clock time and date the window writes comes from its one formatter (renderer/dateTime.ts,
// issue 27 item 11), in the system's locale: the sync tooltip, the time-away prompt, and the export's
// day fields, which are text fields rather than native date fields (those draw "11/30/2026" in the
// browser's own style, whatever the window writes).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER } from '../../../common/settings';
import { ExportCsv } from '../../../renderer/components/ExportCsv';
import { ReminderSection } from '../../../renderer/components/settings/ReminderSection';
import { IdlePrompt } from '../../../renderer/components/IdlePrompt';
import { SyncStatus } from '../../../renderer/components/SyncStatus';
import { DateTimeContext, dateTimeWords } from '../../../renderer/dateTime';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot } from '../../support/snapshot';

afterEach(cleanup);

const at = new Date(2026, 10, 30, 19, 56, 21).getTime();
const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');
const inLocale = (locale: string, children: ComponentChildren) =>
  render(<DateTimeContext.Provider value={dateTimeWords(locale)}>{children}</DateTimeContext.Provider>);

describe.each([
  ['en-GB', { seconds: '19:56:21', clock: '19:26', nine: '09:00', five: '17:00', eight: '08:00', nine_pm: '21:00' }],
  [
    'en-US',
    { seconds: '7:56:21 PM', clock: '7:26 PM', nine: '9:00 AM', five: '5:00 PM', eight: '8:00 AM', nine_pm: '9:00 PM' },
  ],
])('in %s, the window writes', (locale, shows) => {
  it(`the sync tooltip's time as its clock does (${shows.seconds})`, () => {
    inLocale(locale, <SyncStatus snapshot={snapshot({ lastSyncAt: at })} connected={true} bridge={fakeBridge()} />);
    expect(plain(screen.getByTestId('sync-status').title)).toBe(`Last read from the service at ${shows.seconds}`);
  });

  it(`the time-away prompt's "since" as its clock does (${shows.clock})`, () => {
    const away = {
      projectId: 1,
      projectName: 'Website',
      idleSince: at - 30 * 60_000,
      returnedAt: at,
      idleSeconds: 30 * 60,
      timerRunning: true,
    };
    inLocale(locale, <IdlePrompt idle={away} bridge={fakeBridge()} />);
    expect(plain(document.getElementById('idle-message')!.textContent)).toContain(`(since ${shows.clock})`);
  });

  it('the export’s days in text fields, as the entry editor’s Date field, never a native date field', () => {
    inLocale(locale, <ExportCsv today="2026-11-25" exporting={null} bridge={fakeBridge()} />);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.type).toBe('text');
    expect(from.value).toBe('2026-11-23');
  });

  it(`the reminder’s hours as its clock does (${shows.nine}), read back as typed in any usual form and kept as HH:MM`, async () => {
    const bridge = fakeBridge();
    inLocale(locale, <ReminderSection reminder={{ ...DEFAULT_REMINDER, enabled: true }} bridge={bridge} />);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.type, plain(from.value), plain(to.value)]).toEqual(['text', shows.nine, shows.five]);
    expect(plain(screen.getByTestId('reminder-state').textContent)).toContain(`On: ${shows.nine}–${shows.five} on`);
    fireEvent.input(from, { target: { value: '8am' } });
    fireEvent.input(to, { target: { value: '21:00' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Working hours' }));
    await waitFor(() =>
      expect(bridge.updateSettings).toHaveBeenCalledWith({
        reminder: { from: '08:00', to: '21:00', afterMinutes: 10 },
      }),
    );
    expect([plain(from.value), plain(to.value)]).toEqual([shows.eight, shows.nine_pm]);
  });

  it('the reminder’s hours saved unchanged as shown; a time it cannot read refused at its field, kept', async () => {
    const bridge = fakeBridge();
    inLocale(locale, <ReminderSection reminder={{ ...DEFAULT_REMINDER, enabled: true }} bridge={bridge} />);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    fireEvent.submit(screen.getByRole('form', { name: 'Working hours' }));
    await waitFor(() =>
      expect(bridge.updateSettings).toHaveBeenCalledWith({
        reminder: { from: '09:00', to: '17:00', afterMinutes: 10 },
      }),
    );
    bridge.updateSettings.mockClear();
    fireEvent.input(from, { target: { value: '25:00' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Working hours' }));
    expect(plain((await screen.findByTestId('reminder-from-error')).textContent)).toContain(`like ${shows.nine}`);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.value).toBe('25:00');
    expect(bridge.updateSettings).not.toHaveBeenCalled();
  });
});
