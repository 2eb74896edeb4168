// @vitest-environment happy-dom
// A timer card's in-place changes as a user meets them: what logging will record, with the
// project's rounding; five minutes more or less, or a typed change, refused at its field with the
// text kept; the note, saved on Enter and put back on Escape.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail } from '../../../common/result';
import { TimerCard } from '../../../renderer/components/TimerCard';
import type { TimerView } from '../../../common/snapshot';
import { fakeBridge } from '../../support/fakeBridge';
import { SNAPSHOT_NOW, timerView } from '../../support/snapshot';

afterEach(cleanup);

const NOW = SNAPSHOT_NOW;
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
/** A paused timer is one row: its note, Log and Adjust are under its More. */
const openMore = () => fireEvent.click(screen.getByRole('button', { name: 'More for Website' }));

/** Website's timer on its card, rounding to 15 minutes; answers the bridge. */
function showCard(timer: TimerView, bridge = fakeBridge()) {
  render(<TimerCard timer={timer} now={NOW} billingIncrement={15} bridge={bridge} />);
  return bridge;
}

/** Website's paused timer at `seconds`, its More open; answers the bridge. */
function showPaused(seconds: number, bridge = fakeBridge()) {
  showCard(timerView({ state: 'paused', seconds }), bridge);
  openMore();
  return bridge;
}

const adjustField = () => screen.getByRole('textbox', { name: 'Time to add to Website' }) as HTMLInputElement;

describe('a timer card', () => {
  it("says what logging will record: the elapsed minutes rounded up to the project's increment", () => {
    const bridge = fakeBridge();
    const { rerender } = render(
      <TimerCard
        timer={timerView({ state: 'paused', seconds: 200 })}
        now={NOW}
        billingIncrement={15}
        bridge={bridge}
      />,
    );
    openMore();
    expect(screen.getByTestId('log-preview').textContent).toBe("Log 0:15 (0:04 rounded up to Website's 15 minutes)");
    rerender(
      <TimerCard timer={timerView({ state: 'paused', seconds: 200 })} now={NOW} billingIncrement={1} bridge={bridge} />,
    );
    expect(screen.getByTestId('log-preview').textContent).toBe('Log 0:04');
  });

  it('a paused timer at 0:00:00 offers Log 0:15: an entry is at least a minute, never 0:00 (issue 27 item 6)', () => {
    showPaused(0);
    expect(screen.getByTestId('log-button').textContent).toBe('Log 0:15');
    expect(screen.getByRole('button', { name: 'Discard Website' })).toBeTruthy();
  });

  it("a fresh running timer's Log says the minutes it will store: 0:15 on a 15-minute project, not 0:00", () => {
    showCard(timerView({ state: 'running', seconds: 0, asOf: NOW }));
    expect(screen.getByRole('button', { name: 'Log Website' }).textContent).toBe('Log 0:15');
    expect(screen.getByTestId('log-preview').textContent).toBe("Log 0:15 (0:01 rounded up to Website's 15 minutes)");
  });

  it('adds or takes off five minutes at a click, and a typed change on Enter', async () => {
    const bridge = showCard(timerView({ state: 'running', seconds: 600 }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 5 minutes to Website' }));
    await waitFor(() => expect(bridge.adjustTimer).toHaveBeenCalledWith({ projectId: 1, minutes: 5 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Take 5 minutes off Website' }));
    await waitFor(() => expect(bridge.adjustTimer).toHaveBeenCalledWith({ projectId: 1, minutes: -5 }));
    const field = adjustField();
    type(field, '-0:10');
    fireEvent.submit(screen.getByRole('form', { name: 'Adjust Website' }));
    await waitFor(() => expect(bridge.adjustTimer).toHaveBeenCalledWith({ projectId: 1, minutes: -10 }));
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('previews a typed change before Enter, a bare number being minutes: "+5" → 0:25 adds five minutes', async () => {
    const bridge = showPaused(20 * 60);
    const field = adjustField();
    type(field, '+5');
    expect(screen.getByTestId('adjust-preview').textContent).toBe('→ 0:25');
    fireEvent.submit(screen.getByRole('form', { name: 'Adjust Website' }));
    await waitFor(() => expect(bridge.adjustTimer).toHaveBeenCalledWith({ projectId: 1, minutes: 5 }));
  });

  it('says a change below zero stops at 0:00, before Enter', () => {
    showPaused(3 * 60);
    type(adjustField(), '-10');
    expect(screen.getByTestId('adjust-preview').textContent).toBe('→ 0:00 (stops at 0:00)');
  });

  it('asks in place before changing a timer by more than an hour at once; Keep sends nothing', async () => {
    const bridge = showPaused(20 * 60);
    const field = adjustField();
    type(field, '+2h');
    fireEvent.submit(screen.getByRole('form', { name: 'Adjust Website' }));
    const question = await screen.findByRole('group', { name: 'Add 2:00 to Website (→ 2:20)?' });
    expect(bridge.adjustTimer).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(question.isConnected).toBe(false));
    expect(bridge.adjustTimer).not.toHaveBeenCalled();
    expect(field.value).toBe('+2h');
    fireEvent.submit(screen.getByRole('form', { name: 'Adjust Website' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(bridge.adjustTimer).toHaveBeenCalledWith({ projectId: 1, minutes: 120 }));
  });

  it('refuses a typed change it cannot read, or one main refuses, at the field, keeping the text', async () => {
    const bridge = fakeBridge({
      adjustTimer: async () =>
        fail('invalid_input', "Website's timer is at 0:00: there is nothing to take off.", 'minutes'),
    });
    showPaused(0, bridge);
    const field = adjustField();
    type(field, 'soon');
    fireEvent.submit(screen.getByRole('form', { name: 'Adjust Website' }));
    expect((await screen.findByTestId('adjust-error')).textContent).toContain('“soon” is not a time');
    expect(bridge.adjustTimer).not.toHaveBeenCalled();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    type(field, '-15');
    fireEvent.submit(screen.getByRole('form', { name: 'Adjust Website' }));
    await waitFor(() =>
      expect(screen.getByTestId('adjust-error').textContent).toBe(
        "Website's timer is at 0:00: there is nothing to take off.",
      ),
    );
    expect(field.value).toBe('-15');
  });

  it('edits the note in place: Enter saves it, Escape puts it back, a refusal keeps the text', async () => {
    const bridge = fakeBridge();
    const timer = timerView({ state: 'running', seconds: 60, description: 'homepage' });
    showCard(timer, bridge);
    expect(screen.getByTestId('timer-note').textContent).toBe('homepage');
    fireEvent.click(screen.getByRole('button', { name: 'Edit the note of Website' }));
    const input = screen.getByRole('textbox', { name: 'Note of Website' }) as HTMLInputElement;
    expect(input.value).toBe('homepage');
    type(input, 'homepage #design');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Note of Website' })).toBeNull();
    expect(bridge.setTimerNote).not.toHaveBeenCalled();

    bridge.setTimerNote.mockImplementationOnce(async () => fail('rejected', 'Tags cannot be created here.'));
    fireEvent.click(screen.getByRole('button', { name: 'Edit the note of Website' }));
    const again = screen.getByRole('textbox', { name: 'Note of Website' }) as HTMLInputElement;
    type(again, 'homepage #design');
    fireEvent.submit(screen.getByRole('form', { name: 'Note of Website' }));
    expect((await screen.findByTestId('note-error')).textContent).toBe('Tags cannot be created here.');
    expect(again.value).toBe('homepage #design');
    fireEvent.submit(screen.getByRole('form', { name: 'Note of Website' }));
    await waitFor(() =>
      expect(bridge.setTimerNote).toHaveBeenLastCalledWith({ projectId: 1, description: 'homepage #design' }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Note of Website' })).toBeNull());
  });
});
