// @vitest-environment happy-dom
// Continue (or a new timer with a note) on a project whose timer holds time under another note (issue 22 item 6):
// main refuses to put the entry's note over that time (field 'timeSoFar'), and the row asks, in
// place, what becomes of it; nothing is sent again until the user answers.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { NewTimer } from '../../../renderer/components/NewTimer';
import { fakeBridge } from '../../support/fakeBridge';
import { asking, entry, QUESTION, renderRow } from './support/entryRows';

afterEach(cleanup);

const show = (bridge = asking()) => {
  renderRow(entry, bridge);
  fireEvent.click(screen.getByRole('button', { name: 'Continue 0:30 Website call client' }));
  return bridge;
};

describe('Continue on a project whose timer has time under another note', () => {
  it.each([
    ['Log that time first', 'log'],
    ['Keep it under this note', 'keep'],
  ] as const)('asks first, and "%s" starts the entry’s note with that answer', async (answer, timeSoFar) => {
    const bridge = show();
    const question = await screen.findByRole('group', { name: QUESTION });
    expect(question.textContent).toContain(QUESTION);
    expect(bridge.startTimer).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: answer }));
    await waitFor(() =>
      expect(bridge.startTimer).toHaveBeenLastCalledWith({ projectId: 1, description: 'call client', timeSoFar }),
    );
    await waitFor(() => expect(screen.queryByTestId('time-so-far-question')).toBeNull());
  });

  it('Cancel leaves the timer as it is: nothing more is sent', async () => {
    const bridge = show();
    await screen.findByTestId('time-so-far-question');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('time-so-far-question')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue 0:30 Website call client' })).toBeTruthy();
    expect(bridge.startTimer).toHaveBeenCalledTimes(1);
  });

  it('without time under another note, starts at once', async () => {
    const bridge = show(fakeBridge());
    await waitFor(() => expect(bridge.startTimer).toHaveBeenCalledWith({ projectId: 1, description: 'call client' }));
    expect(screen.queryByTestId('time-so-far-question')).toBeNull();
  });
});

describe('a new timer with a note on a project whose timer has time under another note', () => {
  it('asks the same question, keeps what was typed until it is answered, and starts with the answer', async () => {
    const bridge = asking();
    const website = { id: 1, name: 'Website', color: null, billingIncrement: 15, enabled: true };
    render(<NewTimer projects={[website]} bridge={bridge} />);
    fireEvent.input(screen.getByRole('combobox', { name: 'Project' }), { target: { value: 'Website' } });
    fireEvent.input(screen.getByRole('textbox', { name: 'Note (optional)' }), { target: { value: 'call client' } });
    fireEvent.submit(screen.getByRole('form', { name: 'New timer' }));
    await screen.findByRole('group', { name: QUESTION });
    expect((screen.getByRole('combobox', { name: 'Project' }) as HTMLInputElement).value).toBe('Website');
    fireEvent.click(screen.getByRole('button', { name: 'Log that time first' }));
    await waitFor(() =>
      expect(bridge.startTimer).toHaveBeenLastCalledWith({
        projectId: 1,
        description: 'call client',
        timeSoFar: 'log',
      }),
    );
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Project' }) as HTMLInputElement).value).toBe(''));
    expect(screen.queryByTestId('time-so-far-question')).toBeNull();
    // The question and the note's field left: the user goes on from the project field (issue 27 item 15).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Project' })));
  });
});
