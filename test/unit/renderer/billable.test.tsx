// @vitest-environment happy-dom
// Billable at a glance (issue 22 item 14): each entry says whether it is billable by a mark with a
// name (not colour alone), and the entry editor's Billable checkbox changes it the service's way,
// an unbillable tag in the description, sent with Save as every edit is.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntryView, ProjectView } from '../../../common/snapshot';
import { Today } from '../../../renderer/components/Today';
import { fakeBridge } from '../../support/fakeBridge';
import { SENT } from '../../../common/savedHere';

afterEach(cleanup);

const projects: ProjectView[] = [
  { id: 1, name: 'Website', color: null, billingIncrement: 15, enabled: true, billable: true },
  { id: 2, name: 'Internal', color: null, billingIncrement: 15, enabled: true, billable: false },
];
const entry = (over: Partial<EntryView> = {}): EntryView => ({
  key: '41',
  id: 41,
  date: '2025-03-10',
  minutes: 90,
  description: 'call with the client',
  projectName: 'Website',
  projectId: 1,
  billable: true,
  status: SENT,
  ...over,
});
const show = (entries: EntryView[], bridge = fakeBridge()) => {
  render(
    <Today today={{ date: '2025-03-10', entries, totalMinutes: 90 }} timers={[]} projects={projects} bridge={bridge} />,
  );
  return bridge;
};
const edit = (name: string) => fireEvent.click(screen.getByRole('button', { name: `Edit ${name}` }));
const checkbox = () => screen.getByRole('checkbox', { name: 'Billable' }) as HTMLInputElement;
const description = () => screen.getByRole('textbox', { name: 'Description' }) as HTMLInputElement;

describe('billable at a glance', () => {
  it('marks each entry billable or not billable, by name', () => {
    show([
      entry(),
      entry({ key: '42', id: 42, description: 'holiday #vacation*', billable: false }),
      // Queued on a project not read yet: not known, so no mark claims either.
      entry({ key: 'op-1', id: null, description: 'new', projectId: -1, projectName: 'Fresh', billable: undefined }),
    ]);
    const rows = screen.getAllByTestId('today-entry');
    const marks = rows.map((row) => row.querySelector('[data-testid="billable-mark"]'));
    expect(marks[0]?.getAttribute('aria-label')).toBe('Billable');
    expect(marks[1]?.getAttribute('aria-label')).toBe('Not billable');
    expect(marks[2]).toBeNull();
    expect(screen.getAllByRole('img', { name: 'Not billable' })).toHaveLength(1);
    // Told apart by more than colour: the unbillable one is struck through (styles.css).
    expect(marks[1]?.classList.contains('unbillable')).toBe(true);
  });

  it('unticking Billable adds #unbillable* to the description in view, and Save sends it', async () => {
    const bridge = show([entry()]);
    edit('1:30 Website call with the client');
    expect(checkbox().checked).toBe(true);
    fireEvent.click(checkbox());
    expect(checkbox().checked).toBe(false);
    expect(description().value).toBe('call with the client #unbillable*');
    expect(screen.getByTestId('edit-billable-hint').textContent).toMatch(/^Not billable: an unbillable tag/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bridge.updateEntry).toHaveBeenCalledWith({
        key: '41',
        time: '1:30',
        description: 'call with the client #unbillable*',
        project: 'Website',
        date: '2025-03-10',
      }),
    );
  });

  it('ticking Billable takes the unbillable tags out: #unbillable* whole, another keeps its word', async () => {
    const bridge = show([
      entry({ description: 'trip #travel to the client #unbillable*', billable: false, unbillableTags: ['travel'] }),
    ]);
    edit('1:30 Website trip #travel to the client #unbillable*');
    expect(checkbox().checked).toBe(false);
    fireEvent.click(checkbox());
    expect(description().value).toBe('trip travel to the client');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bridge.updateEntry).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'trip travel to the client' }),
      ),
    );
  });

  it('cannot be ticked on an unbillable project, and says why; moving it to a billable project frees it', () => {
    show([entry({ projectName: 'Internal', projectId: 2, billable: false })]);
    edit('1:30 Internal call with the client');
    expect(checkbox().checked).toBe(false);
    expect(checkbox().disabled).toBe(true);
    expect(screen.getByTestId('edit-billable-hint').textContent).toBe(
      'Not billable: the project Internal is unbillable, so every entry on it is.',
    );
    fireEvent.input(screen.getByRole('combobox', { name: 'Project' }), { target: { value: 'Website' } });
    expect(checkbox().disabled).toBe(false);
    expect(checkbox().checked).toBe(true);
  });
});
