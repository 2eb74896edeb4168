// @vitest-environment happy-dom
// An entry's row (issue 27): Continue's question opens under the row, so nothing moves into the
// place of the button just clicked (item 7), and the focus goes back to Continue once it is
// answered (item 15); a locked entry says why and offers Continue alone (item 8); a quick-entry
// line naming an archived project is refused in its preview, with the reason, and the project is
// never suggested (item 8).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectView } from '../../../common/snapshot';
import { QuickEntry } from '../../../renderer/components/QuickEntry';
import { fakeBridge } from '../../support/fakeBridge';
import { entry, renderRow as row } from './support/entryRows';

afterEach(cleanup);

const WORDS = '0:30 Website call client';
const buttons = (within: Element) => [...within.querySelectorAll('button')].map((b) => b.textContent);

describe('Continue clicked twice', () => {
  it('keeps the row’s buttons where they were while it asks: a second click meets Continue, disabled, and deletes nothing', async () => {
    const bridge = row(entry);
    const actions = screen.getByTestId('entry-actions');
    expect(buttons(actions)).toEqual(['Edit', 'Delete', 'Continue']);
    const continueButton = screen.getByRole('button', { name: `Continue ${WORDS}` });
    fireEvent.click(continueButton);
    const question = await screen.findByTestId('time-so-far-question');
    // The question is on a line of its own, outside the row's buttons, which have not changed.
    expect(actions.contains(question)).toBe(false);
    expect(buttons(actions)).toEqual(['Edit', 'Delete', 'Continue']);
    expect(actions.lastElementChild).toBe(continueButton);
    expect((continueButton as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(continueButton);
    expect(bridge.startTimer).toHaveBeenCalledTimes(1);
    expect(bridge.deleteEntry).not.toHaveBeenCalled();
  });

  it.each(['Log that time first', 'Keep it under this note', 'Cancel'])(
    'gives the focus back to Continue after “%s”',
    async (answer) => {
      row(entry);
      fireEvent.click(screen.getByRole('button', { name: `Continue ${WORDS}` }));
      await screen.findByTestId('time-so-far-question');
      fireEvent.click(screen.getByRole('button', { name: answer }));
      await waitFor(() => expect(screen.queryByTestId('time-so-far-question')).toBeNull());
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: `Continue ${WORDS}` })),
      );
    },
  );
});

describe('a locked entry', () => {
  it.each([
    [{ reason: 'approved', by: 'Ann Lee' }, 'Approved by Ann Lee'],
    [{ reason: 'approved' }, 'Approved'],
    [{ reason: 'invoiced' }, 'Invoiced'],
  ] as const)('%j says “%s”, offers no Edit or Delete, and still Continue', async (locked, words) => {
    const bridge = row({ ...entry, locked }, fakeBridge());
    expect(screen.getByTestId('entry-locked').textContent).toBe(words);
    expect(screen.getByTestId('entry-locked').getAttribute('title')).toBe(`${words}: it cannot be edited or deleted.`);
    expect(screen.queryByRole('button', { name: `Edit ${WORDS}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Delete ${WORDS}` })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `Continue ${WORDS}` }));
    await waitFor(() => expect(bridge.startTimer).toHaveBeenCalledWith({ projectId: 1, description: 'call client' }));
  });

  it('an entry that is not locked says nothing of it', () => {
    row(entry, fakeBridge());
    expect(screen.queryByTestId('entry-locked')).toBeNull();
  });
});

describe('quick entry and an archived project', () => {
  const project = (id: number, name: string, enabled: boolean): ProjectView => ({
    id,
    name,
    color: null,
    billingIncrement: 15,
    enabled,
  });
  const projects = [project(1, 'Website', true), project(2, 'Acme Corp', false)];
  const box = () => screen.getByTestId('quick-input') as HTMLInputElement;
  const type = (value: string) => fireEvent.input(box(), { target: { value } });

  it('never suggests it', () => {
    render(<QuickEntry projects={projects} recentProjectIds={[2, 1]} today="2025-03-10" bridge={fakeBridge()} />);
    type('1:00 @');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['@Website']);
  });

  it('refuses a line naming it in the preview, with the reason, before Enter; the text stays', () => {
    render(<QuickEntry projects={projects} recentProjectIds={[]} today="2025-03-10" bridge={fakeBridge()} />);
    type('1:00 @Acme Corp review');
    const preview = screen.getByTestId('quick-preview');
    expect(preview.textContent).toBe('Acme Corp is archived: time cannot be logged on it.');
    expect(box().value).toBe('1:00 @Acme Corp review');
  });
});
