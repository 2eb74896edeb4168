// @vitest-environment happy-dom
// The window's main components as a user meets them, rendered with a fake bridge: what they show,
// which request each button sends, and a refusal shown at its field with the typed text kept.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../common/result';
import { DEFAULT_SETTINGS } from '../../../common/settings';
import type { EntryView, FailedOperationView, ProjectView } from '../../../common/snapshot';
import type { Handlers } from '../../../common/contract';
import { dispatch } from '../../../common/dispatch';
import { ConnectionProblem } from '../../../renderer/components/ConnectionProblem';
import { FailedOperations } from '../../../renderer/components/FailedOperations';
import { AddAccountForm } from '../../../renderer/components/settings/AddAccountForm';
import { NewTimer } from '../../../renderer/components/NewTimer';
import { QuickEntry } from '../../../renderer/components/QuickEntry';
import { IdleSection } from '../../../renderer/components/settings/IdleSection';
import { IdlePrompt } from '../../../renderer/components/IdlePrompt';
import { ShortcutsSection } from '../../../renderer/components/settings/ShortcutsSection';
import { TimerCard } from '../../../renderer/components/TimerCard';
import { Today } from '../../../renderer/components/Today';
import { fakeBridge } from '../../support/fakeBridge';
import { savedHere, snapshot, SNAPSHOT_NOW, timerView } from '../../support/snapshot';
import { SENT } from '../../../common/savedHere';

afterEach(cleanup);

const NOW = SNAPSHOT_NOW;
const website: ProjectView = { id: 1, name: 'Website', color: '#f00', billingIncrement: 15, enabled: true };
const backend: ProjectView = { id: 2, name: 'Backend', color: null, billingIncrement: 1, enabled: true };
const entry = (over: Partial<EntryView> = {}): EntryView => ({
  key: '41',
  id: 41,
  date: '2025-03-10',
  minutes: 90,
  description: 'call with the client',
  projectName: 'Website',
  status: SENT,
  ...over,
});
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

describe('TimerCard', () => {
  it('shows a running timer its time since it started, and pauses that project', async () => {
    const bridge = fakeBridge();
    const running = timerView({ state: 'running', seconds: 60, asOf: NOW - 3_849_000 });
    render(<TimerCard timer={running} now={NOW} billingIncrement={15} bridge={bridge} />);
    expect(screen.getByRole('timer', { name: 'Website time' }).textContent).toBe('1:05:09');
    fireEvent.click(screen.getByRole('button', { name: 'Pause Website' }));
    await waitFor(() => expect(bridge.pauseTimer).toHaveBeenCalledWith({ projectId: 1 }));
    expect(screen.queryByRole('button', { name: 'Resume Website' })).toBeNull();
  });

  it('offers a paused timer Resume and Log, each with its project', async () => {
    const bridge = fakeBridge();
    render(
      <TimerCard
        timer={timerView({ projectId: 2, projectName: 'Backend', state: 'paused', seconds: 2530 })}
        now={NOW}
        billingIncrement={1}
        bridge={bridge}
      />,
    );
    expect(screen.getByRole('timer', { name: 'Backend time' }).textContent).toBe('0:42:10');
    fireEvent.click(screen.getByRole('button', { name: 'Resume Backend' }));
    await waitFor(() => expect(bridge.startTimer).toHaveBeenCalledWith({ projectId: 2 }));
    // One action at a time on a card: the Log is taken once the Resume has its answer.
    await waitFor(() => expect(screen.getByTestId('timer').getAttribute('aria-busy')).toBe('false'));
    // A paused timer's row is name, time and Resume; Log is under its More.
    expect(screen.queryByRole('button', { name: 'Log Backend' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More for Backend' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log Backend' }));
    await waitFor(() => expect(bridge.logTimer).toHaveBeenCalledWith({ projectId: 2 }));
  });

  it('shows a paused timer as one row (name, time, Resume); More opens the rest, Escape closes it back on More', () => {
    render(
      <TimerCard
        timer={timerView({ state: 'paused', seconds: 600, description: 'hero copy' })}
        now={NOW}
        billingIncrement={15}
        bridge={fakeBridge()}
      />,
    );
    const row = screen.getByTestId('timer');
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Resume Website',
      'More for Website',
    ]);
    expect(screen.queryByTestId('log-preview')).toBeNull();
    const more = screen.getByRole('button', { name: 'More for Website' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(row.contains(details)).toBe(true);
    expect(screen.getByTestId('timer-note').textContent).toBe('hero copy');
    for (const name of ['Log Website', 'Discard Website', 'Add 5 minutes to Website', 'Take 5 minutes off Website']) {
      expect(details.contains(screen.getByRole('button', { name }))).toBe(true);
    }
    fireEvent.keyDown(screen.getByRole('button', { name: 'Log Website' }), { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
    expect(screen.queryByRole('button', { name: 'Log Website' })).toBeNull();
  });

  it('asks before discarding: Keep throws nothing away, Yes discards that timer', async () => {
    const bridge = fakeBridge();
    render(
      <TimerCard
        timer={timerView({ state: 'paused', seconds: 600 })}
        now={NOW}
        billingIncrement={15}
        bridge={bridge}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More for Website' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard Website' }));
    expect(screen.getByRole('group', { name: 'Discard Website?' }).textContent).toContain('Discard 0:10:00?');
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(bridge.discardTimer).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Discard Website' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, discard Website' }));
    await waitFor(() => expect(bridge.discardTimer).toHaveBeenCalledWith({ projectId: 1 }));
  });

  it('puts the focus on Keep as the discard question first shows, before a key pressed then could land on Yes', async () => {
    render(
      <TimerCard
        timer={timerView({ state: 'paused', seconds: 600 })}
        now={NOW}
        billingIncrement={15}
        bridge={fakeBridge()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More for Website' }));
    // A plain click, outside testing-library's act(), which would run every effect at once: the
    // question renders on Preact's next turn, and Keep must have the focus by that render itself.
    screen.getByRole('button', { name: 'Discard Website' }).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await waitFor(() => screen.getByRole('group', { name: 'Discard Website?' }), { interval: 0 });
    expect(document.activeElement?.textContent).toBe('Keep');
  });

  it("shows the service's refusal on the card it came from", async () => {
    const bridge = fakeBridge({ logTimer: async () => fail('rejected', 'Project is archived') });
    render(
      <TimerCard timer={timerView({ state: 'paused', seconds: 60 })} now={NOW} billingIncrement={15} bridge={bridge} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More for Website' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log Website' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Project is archived');
  });
});

describe('QuickEntry', () => {
  it('logs the typed text on Enter, says what it logged and empties the box', async () => {
    const bridge = fakeBridge({
      quickEntry: async () =>
        ok({ minutes: 90, typedMinutes: 90, increment: 15, projectName: 'Website', date: '2025-03-10', key: 'op-1' }),
    });
    render(<QuickEntry projects={[website, backend]} recentProjectIds={[]} today="2025-03-10" bridge={bridge} />);
    const input = screen.getByRole('combobox', { name: 'Log time for today' }) as HTMLInputElement;
    type(input, '1:30 @Website call');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(bridge.quickEntry).toHaveBeenCalledWith({ text: '1:30 @Website call' }));
    expect((await screen.findByRole('status')).textContent).toBe('Logged 1:30 on Website.');
    expect(input.value).toBe('');
  });

  it('shows a refusal at the box, marks it invalid and keeps the text to fix', async () => {
    const bridge = fakeBridge({ quickEntry: async () => fail('invalid_input', 'Start with a time, like 1:30.') });
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today="2025-03-10" bridge={bridge} />);
    const input = screen.getByRole('combobox', { name: 'Log time for today' }) as HTMLInputElement;
    type(input, 'call with the client');
    fireEvent.keyDown(input, { key: 'Enter' });
    const error = await screen.findByTestId('quick-error');
    expect(error.textContent).toBe('Start with a time, like 1:30.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('quick-error');
    expect(input.value).toBe('call with the client');
  });

  it('suggests the projects an @name starts, and Tab takes the first', () => {
    render(<QuickEntry projects={[website, backend]} recentProjectIds={[]} today="2025-03-10" bridge={fakeBridge()} />);
    const input = screen.getByRole('combobox', { name: 'Log time for today' }) as HTMLInputElement;
    type(input, '1:30 @We');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['@Website']);
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(input.value).toBe('1:30 @Website ');
  });
});

describe('Today', () => {
  it('reads the Date field as quick entry reads days, says where the entry moves, and where it went once saved', async () => {
    const bridge = fakeBridge();
    const day = { date: '2025-03-10', entries: [entry()], totalMinutes: 90 };
    const { rerender } = render(<Today today={day} timers={[]} projects={[website]} bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit 1:30 Website call with the client' }));
    type(screen.getByRole('textbox', { name: 'Date' }), 'yesterday');
    expect(screen.getByTestId('edit-date-note').textContent).toBe('Moves to Sun 9 Mar.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bridge.updateEntry).toHaveBeenCalledWith(expect.objectContaining({ key: '41', date: 'yesterday' })),
    );
    // The entry has left today: the list says where it went.
    rerender(
      <Today today={{ ...day, entries: [], totalMinutes: 0 }} timers={[]} projects={[website]} bridge={bridge} />,
    );
    expect((await screen.findByTestId('today-moved')).textContent).toBe('Moved to Sun 9 Mar.');
  });

  it('asks once before moving an entry more than a year back (1900-01-01 was taken silently)', async () => {
    const bridge = fakeBridge();
    render(
      <Today
        today={{ date: '2025-03-10', entries: [entry()], totalMinutes: 90 }}
        timers={[]}
        projects={[website]}
        bridge={bridge}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit 1:30 Website call with the client' }));
    type(screen.getByRole('textbox', { name: 'Date' }), '1900-01-01');
    expect(screen.getByTestId('edit-date-note').textContent).toBe(
      'Mon 1 Jan 1900 is more than a year back. Save asks once more.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('edit-date-note').textContent).toBe(
      'Mon 1 Jan 1900 is more than a year back. Save again to move it there.',
    );
    expect(bridge.updateEntry).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bridge.updateEntry).toHaveBeenCalledWith(expect.objectContaining({ date: '1900-01-01' })),
    );
  });

  it("shows the day's total and each entry, and deletes the one asked for", async () => {
    const bridge = fakeBridge();
    const entries = [entry(), entry({ key: 'op-1', id: null, minutes: 15, description: 'notes', status: savedHere() })];
    render(
      <Today
        today={{ date: '2025-03-10', entries, totalMinutes: 105 }}
        timers={[]}
        projects={[website]}
        bridge={bridge}
      />,
    );
    expect(screen.getByTestId('today-total').textContent).toBe('1:45');
    expect(screen.getAllByTestId('entry-minutes').map((e) => e.textContent)).toEqual(['1:30', '0:15']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete 1:30 Website call with the client' }));
    await waitFor(() => expect(bridge.deleteEntry).toHaveBeenCalledWith({ entryId: 41 }));
    // Not at the service yet: named by its key (its queued operation's id).
    fireEvent.click(screen.getByRole('button', { name: 'Delete 0:15 Website notes' }));
    await waitFor(() => expect(bridge.deleteEntry).toHaveBeenCalledWith({ key: 'op-1' }));
  });

  it('edits an entry in place: a refused time is shown at the time field, and what was typed stays', async () => {
    const bridge = fakeBridge({
      updateEntry: async () => fail('invalid_input', 'Write the time like 1:30, 90m or 1h 30m.', 'time'),
    });
    render(
      <Today
        today={{ date: '2025-03-10', entries: [entry()], totalMinutes: 90 }}
        timers={[]}
        projects={[website]}
        bridge={bridge}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit 1:30 Website call with the client' }));
    const time = screen.getByRole('textbox', { name: 'Time' }) as HTMLInputElement;
    expect(time.value).toBe('1:30');
    type(time, 'soon');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByTestId('edit-error-time');
    // Checked in the form as main checks it: refused before anything is sent.
    expect(error.textContent).toMatch(/^“soon” is not a time\./);
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(time.value).toBe('soon');
    expect(bridge.updateEntry).not.toHaveBeenCalled();
  });

  it('offers no Edit for an entry not yet read back with its id', () => {
    const unread = entry({ key: 'op-2', id: null, status: savedHere(), editable: false });
    render(
      <Today
        today={{ date: '2025-03-10', entries: [unread], totalMinutes: 90 }}
        timers={[]}
        projects={[]}
        bridge={fakeBridge()}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});

describe('NewTimer', () => {
  it('asks for a project when none is given, and sends nothing', async () => {
    const bridge = fakeBridge();
    render(<NewTimer projects={[website]} bridge={bridge} />);
    fireEvent.submit(screen.getByRole('form', { name: 'New timer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Pick a project or type a new name.');
    expect(bridge.startTimer).not.toHaveBeenCalled();
    expect(bridge.createProject).not.toHaveBeenCalled();
  });

  it('starts a timer on a project picked by name', async () => {
    const bridge = fakeBridge();
    render(<NewTimer projects={[website, backend]} bridge={bridge} />);
    type(screen.getByRole('combobox', { name: 'Project' }), 'backend');
    fireEvent.submit(screen.getByRole('form', { name: 'New timer' }));
    await waitFor(() => expect(bridge.startTimer).toHaveBeenCalledWith({ projectId: 2 }));
    expect(bridge.createProject).not.toHaveBeenCalled();
  });
});

describe('IdlePrompt', () => {
  const away = {
    projectId: 1,
    projectName: 'Website',
    idleSince: SNAPSHOT_NOW - 31 * 60_000,
    returnedAt: SNAPSHOT_NOW,
    idleSeconds: 31 * 60,
    timerRunning: true,
  };

  it('moves the time away to the project and note of a quick-entry line, and shows a refusal at the line', async () => {
    const bridge = fakeBridge({
      resolveIdle: async () =>
        fail('invalid_input', 'Name the project first, like “@Acme #meeting lunch with the client”.', 'line'),
    });
    render(<IdlePrompt idle={away} bridge={bridge} />);
    const line = screen.getByTestId('idle-move-line') as HTMLInputElement;
    type(line, 'lunch');
    fireEvent.submit(screen.getByRole('form', { name: 'Move the time away' }));
    await waitFor(() => expect(bridge.resolveIdle).toHaveBeenCalledWith({ choice: 'move', line: 'lunch' }));
    expect((await screen.findByTestId('idle-error')).textContent).toContain('Name the project first');
    expect(line.getAttribute('aria-describedby')).toBe('idle-prompt-error');
  });

  it('offers no move when the timer stopped meanwhile', () => {
    render(<IdlePrompt idle={{ ...away, timerRunning: false }} bridge={fakeBridge()} />);
    expect(screen.queryByTestId('idle-move-line')).toBeNull();
  });
});

describe('IdleSection', () => {
  it('refuses minutes out of range at the field, keeps them, and saves nothing', async () => {
    const bridge = fakeBridge();
    render(
      <IdleSection minutes={DEFAULT_SETTINGS.idleThresholdMinutes} source="Idle read from GNOME" bridge={bridge} />,
    );
    const minutes = screen.getByTestId('idle-minutes') as HTMLInputElement;
    type(minutes, '500');
    fireEvent.submit(screen.getByRole('form', { name: 'Idle minutes' }));
    const error = await screen.findByTestId('idle-error');
    expect(error.textContent).toBe('Enter whole minutes from 1 to 240, or turn idle detection off.');
    expect(minutes.getAttribute('aria-describedby')).toBe('idle-error');
    expect(minutes.value).toBe('500');
    expect(bridge.updateSettings).not.toHaveBeenCalled();
  });

  it('names where idle is read from', () => {
    render(<IdleSection minutes={10} source="Idle read from GNOME" bridge={fakeBridge()} />);
    expect(screen.getByTestId('idle-source').textContent).toBe('Idle read from GNOME');
  });

  it('saves minutes in range as the idle threshold', async () => {
    const bridge = fakeBridge({ updateSettings: async () => ok({ ...DEFAULT_SETTINGS, idleThresholdMinutes: 15 }) });
    render(<IdleSection minutes={10} source="Idle read from GNOME" bridge={bridge} />);
    type(screen.getByTestId('idle-minutes'), '15');
    fireEvent.submit(screen.getByRole('form', { name: 'Idle minutes' }));
    await waitFor(() => expect(bridge.updateSettings).toHaveBeenCalledWith({ idleThresholdMinutes: 15 }));
    expect(screen.queryByTestId('idle-error')).toBeNull();
  });
});

describe('ShortcutsSection', () => {
  const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

  it("shows each shortcut in the keyboard's names, and sends only the fields changed", async () => {
    const refusal = fail(
      'invalid_input',
      'That shortcut is already the one for “Show the window”.',
      'hotkeys.quickEntry',
    );
    const bridge = fakeBridge({ updateSettings: async () => refusal });
    render(
      <ShortcutsSection
        hotkeys={DEFAULT_SETTINGS.hotkeys}
        startProjects={DEFAULT_SETTINGS.startProjects}
        projects={[]}
        state={{ refused: [], toggleCommand: null }}
        bridge={bridge}
      />,
    );
    expect(field('Start or pause the last timer').value).toBe('Ctrl+Alt+Shift+T');
    expect(field('Show the window').value).toBe('Ctrl+Alt+Shift+W');
    expect(screen.queryByText(/CommandOrControl/)).toBeNull();

    type(field('Quick entry'), 'Ctrl+Alt+Shift+W');
    fireEvent.submit(screen.getByRole('form', { name: 'Shortcuts' }));
    await waitFor(() =>
      expect(bridge.updateSettings).toHaveBeenCalledWith({ hotkeys: { quickEntry: 'Ctrl+Alt+Shift+W' } }),
    );
    const error = await screen.findByTestId('hotkey-quickEntry-error');
    expect(error.textContent).toBe('That shortcut is already the one for “Show the window”.');
    expect(field('Quick entry').value).toBe('Ctrl+Alt+Shift+W');
    expect(field('Quick entry').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('hotkey-showWindow-error')).toBeNull();
  });
});

describe('FailedOperations (Not saved)', () => {
  const op: FailedOperationView = {
    id: 'op-1',
    summary: 'Log 1:30 on Website',
    message: 'The service refused it.',
    editable: [
      { field: 'time', value: '1:30' },
      { field: 'project', value: 'Website' },
    ],
  };

  it('reads its Date field as quick entry reads days, and asks once for a day more than a year back', () => {
    const dated = { ...op, editable: [...op.editable, { field: 'date' as const, value: '2025-03-10' }] };
    const bridge = fakeBridge();
    render(<FailedOperations failed={[dated]} projects={[website]} bridge={bridge} today="2025-03-10" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Log 1:30 on Website' }));
    const date = screen.getByRole('textbox', { name: 'Date' });
    type(date, 'fri');
    expect(screen.getByTestId('edit-date-note').textContent).toBe('Moves to Fri 7 Mar.');
    type(date, '2020-01-01');
    fireEvent.submit(screen.getByRole('form', { name: 'Edit: Log 1:30 on Website' }));
    expect(screen.getByTestId('edit-date-note').textContent).toBe(
      'Wed 1 Jan 2020 is more than a year back. Save again to move it there.',
    );
    expect(bridge.editOperation).not.toHaveBeenCalled();
  });

  it('flags a bad time at the time field, and a refused value at its own field in words', async () => {
    // The edit goes through dispatch, as from the window: the contract's schema checks it.
    const edited = { editOperation: async () => ok(null) } as unknown as Handlers;
    const bridge = fakeBridge({ editOperation: (r) => dispatch(edited, 'editOperation', r) as never });
    render(<FailedOperations failed={[op]} projects={[website]} bridge={bridge} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Log 1:30 on Website' }));
    const time = screen.getByRole('textbox', { name: 'Time' }) as HTMLInputElement;
    const project = screen.getByRole('combobox', { name: 'Project' }) as HTMLInputElement;
    type(time, 'soon');
    type(project, 'p'.repeat(300));
    fireEvent.submit(screen.getByRole('form', { name: 'Edit: Log 1:30 on Website' }));

    const timeError = await screen.findByTestId('edit-error-time');
    expect(timeError.textContent).toMatch(/time/i);
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(time.value).toBe('soon');
    expect(bridge.editOperation).not.toHaveBeenCalled();

    type(time, '1:00');
    fireEvent.submit(screen.getByRole('form', { name: 'Edit: Log 1:30 on Website' }));
    const projectError = await screen.findByTestId('edit-error-project');
    expect(projectError.textContent).toBe('The project name is too long: at most 255 characters.');
    expect(project.getAttribute('aria-invalid')).toBe('true');
    expect(project.value).toBe('p'.repeat(300));
    expect(screen.queryByTestId('edit-error')).toBeNull();
  });
});

describe('a network failure', () => {
  const problem = {
    message: 'Cannot reach 127.0.0.1:5899: nothing answers there.',
    detail:
      'GET http://127.0.0.1:5899/v2/timers: Could not reach the service (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5899)',
  };

  it('while offline, is said in words with what Stint does, the system’s words behind Details', () => {
    render(<ConnectionProblem snapshot={snapshot({ online: false, connectionProblem: problem })} />);
    const panel = screen.getByTestId('connection-problem');
    expect(panel.querySelector('p')!.textContent).toBe(
      'Cannot reach 127.0.0.1:5899: nothing answers there. Stint keeps your changes and retries.',
    );
    const details = screen.getByTestId('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Details');
    expect(details.querySelector('code')!.textContent).toBe(problem.detail);
    cleanup();
    render(<ConnectionProblem snapshot={snapshot({ online: true, connectionProblem: null })} />);
    expect(screen.queryByTestId('connection-problem')).toBeNull();
  });

  it('adding an account: in words at the address, its detail on demand', async () => {
    const refusal = { code: 'rejected' as const, ...problem, field: 'baseUrl' };
    const bridge = fakeBridge({ addAccountWithToken: async () => ({ ok: false, error: refusal }) });
    render(<AddAccountForm bridge={bridge} signIn={null} onAdded={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: /personal token/ }));
    type(screen.getByTestId('add-account-baseUrl'), 'http://127.0.0.1:5899');
    type(screen.getByTestId('add-account-token'), 'secret');
    fireEvent.submit(screen.getByRole('form', { name: 'Add account' }));
    const error = await screen.findByTestId('add-account-error');
    expect(error.textContent).toBe(problem.message);
    expect(screen.getByTestId('add-account-baseUrl').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('details').textContent).toContain('ECONNREFUSED');
    expect(error.textContent).not.toContain('ECONNREFUSED');
  });
});
