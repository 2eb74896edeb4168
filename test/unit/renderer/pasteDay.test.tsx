// @vitest-environment happy-dom
// A day pasted into quick entry: every line previewed or refused at the line, the good ones logged
// in one call, the refused ones left in the box with their reason.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../../common/result';
import type { ProjectView } from '../../../common/snapshot';
import { SENT } from '../../../common/savedHere';
import { savedHere } from '../../support/snapshot';
import { QuickEntry } from '../../../renderer/components/QuickEntry';
import { fakeBridge } from '../../support/fakeBridge';

afterEach(cleanup);

const TODAY = '2025-11-25';
const website: ProjectView = { id: 1, name: 'Website', color: null, billingIncrement: 15, enabled: true };
const box = () => screen.getByRole('combobox', { name: 'Log time for today' }) as HTMLInputElement;

/** Pastes text into the quick-entry box as the browser does: a paste event carrying the clipboard. */
function paste(text: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: unknown };
  event.clipboardData = { getData: (type: string) => (type === 'text/plain' ? text : '') };
  fireEvent(box(), event);
}

describe('QuickEntry: a pasted day', () => {
  it('previews each line, refuses a bad one at its line, and logs the good ones in one call', async () => {
    const bridge = fakeBridge({
      logLines: async ({ lines }) =>
        ok({
          logged: lines.map((_, line) => ({
            line,
            key: `op-${line}`,
            minutes: 30,
            typedMinutes: 30,
            increment: 15,
            projectName: 'Website',
            date: TODAY,
          })),
          refused: [],
        }),
    });
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    paste('0:30 @Website standup\n\nxx @Website oops\nyesterday 9:00-9:30 @Website review\n');

    const lines = screen.getAllByTestId('paste-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      '0:30 @Website standup0:30 on Website',
      expect.stringContaining('xx @Website oops“xx” is not a time'),
      'yesterday 9:00-9:30 @Website review0:30 on Website yesterday (Mon 24 Nov)',
    ]);
    expect(screen.getAllByTestId('paste-line-error')).toHaveLength(1);
    expect(box().value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Log 2 entries (1:00)' }));
    await waitFor(() => expect(bridge.logLines).toHaveBeenCalledTimes(1));
    expect(bridge.logLines).toHaveBeenCalledWith({
      lines: ['0:30 @Website standup', 'yesterday 9:00-9:30 @Website review'],
    });
    // The refused line stays, to be fixed; the logged ones leave the box.
    await waitFor(() =>
      expect((screen.getByTestId('paste-lines') as HTMLTextAreaElement).value).toBe('xx @Website oops'),
    );
    fireEvent.input(screen.getByTestId('paste-lines'), { target: { value: '0:15 @Website oops' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log 1 entry (0:15)' }));
    expect((await screen.findByRole('status')).textContent).toBe('Logged 1 entry, 0:30 in all.');
    expect(screen.queryByTestId('paste-day')).toBeNull();
  });

  it("previews each line and the total as the service stores them: 0:10 on Website's 15 minutes is 0:15 (issue 27 item 2)", () => {
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={fakeBridge()} />);
    paste('0:10 @Website a\n0:30 b');
    expect(screen.getAllByTestId('paste-line').map((l) => l.querySelector('.hint')?.textContent)).toEqual([
      "0:15 on Website (0:10 rounded up to Website's 15 minutes)",
      '0:30',
    ]);
    expect(screen.getByTestId('paste-log').textContent).toBe('Log 2 entries (0:45)');
  });

  it('a line main refuses stays in the box with its reason', async () => {
    const bridge = fakeBridge({
      logLines: async () =>
        ok({ logged: [], refused: [{ line: 0, message: 'Website is archived.', field: 'project' }] }),
    });
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    paste('0:30 @Website a\n0:45 @Website b');
    fireEvent.click(screen.getByRole('button', { name: 'Log 2 entries (1:15)' }));
    await waitFor(() => expect(screen.getAllByTestId('paste-line-error')).toHaveLength(1));
    expect(screen.getByTestId('paste-line-error').textContent).toBe('Website is archived.');
  });

  it('says what was logged when refused lines stay, and offers no "Log 0 entries"', async () => {
    const bridge = fakeBridge({
      logLines: async () =>
        ok({
          logged: [
            { line: 0, key: 'op-0', minutes: 30, typedMinutes: 30, increment: 15, projectName: 'Website', date: TODAY },
          ],
          refused: [{ line: 1, message: 'Website is archived.', field: 'project' }],
        }),
    });
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    paste('0:30 @Website a\n0:45 @Website b');
    fireEvent.click(screen.getByRole('button', { name: 'Log 2 entries (1:15)' }));
    await waitFor(() => expect(screen.getAllByTestId('paste-line-error')).toHaveLength(1));
    expect(screen.getByTestId('paste-done').textContent).toBe('Logged 1 entry, 0:30 in all.');
    expect(screen.queryByRole('button', { name: /^Log / })).toBeNull();
    // Fixed, the line can be logged again, and the old message goes.
    fireEvent.input(screen.getByTestId('paste-lines'), { target: { value: '0:45 @Website c' } });
    expect(screen.getByRole('button', { name: 'Log 1 entry (0:45)' })).toBeTruthy();
    expect(screen.queryByTestId('paste-done')).toBeNull();
  });

  it('says "Saved here · sends when Work answers" while the pasted entries wait, and "Logged" once the service has them (issue 27 item 5)', async () => {
    const entry = (line: number, key: string) => ({
      line,
      key,
      minutes: 60,
      typedMinutes: 60,
      increment: 15,
      projectName: 'Website',
      date: TODAY,
    });
    const bridge = fakeBridge({
      logLines: async () => ok({ logged: [entry(0, 'op-1'), entry(1, 'op-2')], refused: [] }),
    });
    const props = { projects: [website], recentProjectIds: [], today: TODAY, bridge };
    const waiting = savedHere('Work');
    const { rerender } = render(<QuickEntry {...props} operations={{ 'op-1': waiting, 'op-2': waiting }} />);
    paste('1:00 @Website a\n1:00 @Website b');
    fireEvent.click(screen.getByRole('button', { name: 'Log 2 entries (2:00)' }));
    const said = await screen.findByTestId('quick-done');
    expect(said.textContent).toBe('Saved here · sends when Work answers: 2 entries, 2:00 in all.');
    expect(said.classList.contains('queued')).toBe(true);
    // One of them reached the service: still not all of them.
    rerender(<QuickEntry {...props} operations={{ 'op-1': SENT, 'op-2': waiting }} />);
    expect(screen.getByTestId('quick-done').textContent).toBe(
      'Saved here · sends when Work answers: 2 entries, 2:00 in all.',
    );
    rerender(<QuickEntry {...props} operations={{ 'op-2': SENT }} />);
    await waitFor(() => expect(screen.getByTestId('quick-done').textContent).toBe('Logged 2 entries, 2:00 in all.'));
    expect(screen.getByTestId('quick-done').classList.contains('queued')).toBe(false);
  });

  it('asks "Did you mean Website?" before a pasted line creates a project a typo from it, as one line does (issue 27 item 3)', async () => {
    const bridge = fakeBridge({ logLines: async () => ok({ logged: [], refused: [] }) });
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    paste('1:00 @Webiste footer\n0:30 @Website header');
    fireEvent.click(screen.getByRole('button', { name: 'Log 2 entries (1:30)' }));
    // The first Log asks, and sends nothing.
    expect(screen.getByTestId('paste-typo').textContent).toContain(
      'Did you mean Website? Press Log again to create the new project “Webiste”.',
    );
    expect(bridge.logLines).not.toHaveBeenCalled();
    // "Use Website" mends the line in the box.
    fireEvent.click(screen.getByRole('button', { name: 'Use Website' }));
    expect((screen.getByTestId('paste-lines') as HTMLTextAreaElement).value).toBe(
      '1:00 @Website footer\n0:30 @Website header',
    );
    expect(screen.queryByTestId('paste-typo')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log 2 entries (1:30)' }));
    await waitFor(() =>
      expect(bridge.logLines).toHaveBeenCalledWith({ lines: ['1:00 @Website footer', '0:30 @Website header'] }),
    );
  });

  it('creates the typo’d project on a second Log of the same lines', async () => {
    const bridge = fakeBridge({ logLines: async () => ok({ logged: [], refused: [] }) });
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    paste('1:00 @Webiste footer\n0:30 @Website header');
    fireEvent.click(screen.getByRole('button', { name: 'Log 2 entries (1:30)' }));
    expect(bridge.logLines).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Log 2 entries (1:30)' }));
    await waitFor(() =>
      expect(bridge.logLines).toHaveBeenCalledWith({ lines: ['1:00 @Webiste footer', '0:30 @Website header'] }),
    );
  });

  it('one pasted line is typed into the box as usual', () => {
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={fakeBridge()} />);
    paste('0:30 @Website one line\n');
    expect(screen.queryByTestId('paste-day')).toBeNull();
  });
});
