// @vitest-environment happy-dom
// Screen readers' names for the controls of an entry, a pending undo and a failed change: a
// 3 000-character description is cut there as the visible text is clamped, not read out whole
// with every button.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntryView } from '../../../common/snapshot';
import { EntryRow } from '../../../renderer/components/EntryRow';
import { FailedOperations } from '../../../renderer/components/FailedOperations';
import { UndoBar } from '../../../renderer/components/UndoBar';
import { fakeBridge } from '../../support/fakeBridge';
import { SENT } from '../../../common/savedHere';

afterEach(cleanup);

const long = `call with the client ${'and then more notes '.repeat(150)}`.trim();
/** Every button's accessible name (aria-label), longest first. */
const names = () =>
  screen
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '')
    .sort((a, b) => b.length - a.length);

describe('names of controls over long text', () => {
  it('cut an entry’s 3 000-character description, keeping its start', () => {
    const entry: EntryView = {
      key: '41',
      id: 41,
      date: '2025-11-25',
      minutes: 90,
      description: long,
      projectName: 'Website',
      projectId: 1,
      billable: true,
      status: SENT,
    };
    render(<EntryRow entry={entry} projects={[]} bridge={fakeBridge()} />);
    const edit = screen.getByRole('button', { name: /^Edit 1:30 Website call with the client/ });
    expect(edit.getAttribute('aria-label')!.endsWith('…')).toBe(true);
    expect(names()[0]!.length).toBeLessThanOrEqual(160);
  });

  it('cut the summary of an undo line and of a failed change', () => {
    const summary = `Deleted 1:30 on Website: ${long}`;
    render(<UndoBar undo={[{ id: 'op-1', summary, until: Date.now() + 60_000 }]} bridge={fakeBridge()} />);
    expect(screen.getByRole('button', { name: /^Undo: Deleted 1:30 on Website: call/ })).toBeTruthy();
    expect(names()[0]!.length).toBeLessThanOrEqual(160);
    cleanup();
    const failed = { id: 'op-2', summary: `Log 1:30 on Website: ${long}`, message: 'Refused.', editable: [] };
    render(<FailedOperations failed={[failed]} projects={[]} bridge={fakeBridge()} today="2025-11-25" />);
    expect(screen.getByRole('button', { name: /^Retry: Log 1:30 on Website: call/ })).toBeTruthy();
    expect(names()[0]!.length).toBeLessThanOrEqual(160);
  });
});
