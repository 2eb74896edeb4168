// @vitest-environment happy-dom
// Quick entry's preview and answers as a user meets them: the day it logs to, the minutes the
// service stores, new project names (too long, or likely a typo), and the pickers' recent-first order.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../common/result';
import { refusedWords, SENT } from '../../../common/savedHere';
import type { EntryView, ProjectView, TimerView } from '../../../common/snapshot';
import { EditForm } from '../../../renderer/components/EditForm';
import { EntryRow } from '../../../renderer/components/EntryRow';
import { NewTimer } from '../../../renderer/components/NewTimer';
import { QuickEntry } from '../../../renderer/components/QuickEntry';
import { TimerCard } from '../../../renderer/components/TimerCard';
import { fakeBridge } from '../../support/fakeBridge';
import { savedHere, timerView } from '../../support/snapshot';

afterEach(cleanup);

/** A Tuesday. */
const TODAY = '2025-11-25';
const project = (id: number, name: string, billingIncrement = 15): ProjectView => ({
  id,
  name,
  color: null,
  billingIncrement,
  enabled: true,
});
const website = project(1, 'Website');
const remote = project(2, 'Remote', 30);
const acme = project(3, 'Acme');
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
const box = () => screen.getByTestId('quick-input') as HTMLInputElement;

describe('QuickEntry: days and ranges', () => {
  it('names in its label the day the line logs to, today until the line says another', () => {
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={fakeBridge()} />);
    expect(screen.getByRole('combobox', { name: 'Log time for today' })).toBe(box());
    type(box(), 'yesterday 1:00 @Website x');
    expect(screen.getByRole('combobox', { name: 'Log time for yesterday (Mon 24 Nov)' })).toBe(box());
    type(box(), 'fri 1:00 @Website x');
    expect(screen.getByRole('combobox', { name: 'Log time for Fri 21 Nov' })).toBe(box());
    type(box(), '1:00 @Website x');
    expect(screen.getByRole('combobox', { name: 'Log time for today' })).toBe(box());
  });

  it('names the day a day word logs to, and says it once logged', async () => {
    const bridge = fakeBridge({
      quickEntry: async () =>
        ok({ minutes: 90, typedMinutes: 90, increment: 15, projectName: 'Website', date: '2025-11-24', key: 'op-1' }),
    });
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    type(box(), 'yesterday 9:00-10:30 @Website x');
    expect(screen.getByTestId('preview-day').textContent).toBe('yesterday (Mon 24 Nov)');
    expect(screen.getByTestId('preview-time').textContent).toBe('1:30');
    type(box(), 'fri 1:00');
    expect(screen.getByTestId('preview-day').textContent).toBe('Fri 21 Nov');
    type(box(), 'yesterday 9:00-10:30 @Website x');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect((await screen.findByRole('status')).textContent).toBe('Logged 1:30 on Website yesterday (Mon 24 Nov).');
  });

  it('refuses a future date where it is typed, before anything is sent', () => {
    const bridge = fakeBridge();
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    type(box(), '2025-11-26 1:00 @Website');
    expect(screen.getByTestId('quick-preview').textContent).toBe(
      'Wed 26 Nov is in the future: time can be logged up to today.',
    );
  });
});

describe('QuickEntry: what the service stores', () => {
  it('cuts a 240-character project name in the rounding message, as long names are cut elsewhere', () => {
    const long = `L${'o'.repeat(238)}g`;
    render(<QuickEntry projects={[project(9, long, 30)]} recentProjectIds={[]} today={TODAY} bridge={fakeBridge()} />);
    type(box(), `0:20 @${long} x`);
    const why = screen.getByTestId('preview-rounding').textContent!;
    expect(why).toBe(` (0:20 rounded up to ${long.slice(0, 39)}…'s 30 minutes)`);
    // The project line still names it whole.
    expect(screen.getByTestId('preview-project').textContent).toBe(long);
  });

  it("previews the stored minutes before Enter: 0:20 on Remote's 30-minute increment shows 0:30, with why", () => {
    const bridge = fakeBridge();
    render(<QuickEntry projects={[remote, website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    type(box(), '0:20 @Remote x');
    expect(screen.getByTestId('preview-time').textContent).toBe('0:30');
    expect(screen.getByTestId('preview-rounding').textContent).toBe(" (0:20 rounded up to Remote's 30 minutes)");
    // A new project gets the default 15; no project, no rounding.
    type(box(), '0:20 @Zeta x');
    expect(screen.getByTestId('preview-time').textContent).toBe('0:30');
    expect(screen.getByTestId('preview-rounding').textContent).toBe(" (0:20 rounded up to Zeta's 15 minutes)");
    type(box(), '0:20 x');
    expect(screen.getByTestId('preview-time').textContent).toBe('0:20');
    expect(screen.queryByTestId('preview-rounding')).toBeNull();
    expect(bridge.quickEntry).not.toHaveBeenCalled();
  });

  it('states the minutes after the billing increment, and that they were rounded up', async () => {
    const bridge = fakeBridge({
      quickEntry: async () =>
        ok({ minutes: 30, typedMinutes: 20, increment: 30, projectName: 'Remote', date: TODAY, key: 'op-1' }),
    });
    render(<QuickEntry projects={[remote]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    type(box(), '0:20 @Remote x');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Logged 0:30 on Remote (0:20 rounded up to its 30 minutes).',
    );
  });
});

describe('QuickEntry: its answer follows the status core gives its operation', () => {
  const logging = () =>
    fakeBridge({
      quickEntry: async () =>
        ok({ minutes: 60, typedMinutes: 60, increment: 15, projectName: 'Website', date: TODAY, key: 'op-1' }),
    });
  const props = { projects: [website], recentProjectIds: [], today: TODAY };
  const logOne = async () => {
    type(box(), '1:00 @Website x');
    fireEvent.keyDown(box(), { key: 'Enter' });
    return screen.findByTestId('quick-done');
  };

  it('says the saved-here status\'s words while the entry waits, and "Logged" once it is sent and once it is read back', async () => {
    const bridge = logging();
    const { rerender } = render(<QuickEntry {...props} bridge={bridge} operations={{ 'op-1': savedHere('Work') }} />);
    const said = await logOne();
    expect(said.textContent).toBe('Saved here · sends when Work answers: 1:00 on Website.');
    expect(said.classList.contains('queued')).toBe(true);
    rerender(<QuickEntry {...props} bridge={bridge} operations={{ 'op-1': SENT }} />);
    await waitFor(() => expect(screen.getByTestId('quick-done').textContent).toBe('Logged 1:00 on Website.'));
    expect(screen.getByTestId('quick-done').classList.contains('queued')).toBe(false);
    // Read back, the operation leaves the outbox: still sent.
    rerender(<QuickEntry {...props} bridge={bridge} operations={{}} />);
    expect(screen.getByTestId('quick-done').textContent).toBe('Logged 1:00 on Website.');
  });

  it('says the refused status\'s words once the service refuses it, never "Logged"', async () => {
    const bridge = logging();
    const { rerender } = render(<QuickEntry {...props} bridge={bridge} operations={{ 'op-1': savedHere('Work') }} />);
    await logOne();
    const refused = { state: 'refused', words: refusedWords('Work'), account: 'Work' } as const;
    rerender(<QuickEntry {...props} bridge={bridge} operations={{ 'op-1': refused, 'op-2': SENT }} />);
    await waitFor(() =>
      expect(screen.getByTestId('quick-done').textContent).toBe('Not saved on Work: see what was refused above.'),
    );
    expect(screen.getByTestId('quick-done').classList.contains('queued')).toBe(true);
  });
});

describe('The badge of what the service does not have yet', () => {
  const entry = (status: EntryView['status']): EntryView => ({
    key: 'op-1',
    id: null,
    date: TODAY,
    minutes: 60,
    description: 'x',
    projectName: 'Website',
    status,
  });

  it('says "saved here" on an entry, and in full the status\'s words, where it said "syncing"', () => {
    render(<EntryRow entry={entry(savedHere('Work'))} projects={[website]} bridge={fakeBridge()} />);
    const badge = screen.getByTestId('saved-here');
    expect(badge.textContent).toBe('saved here · sends when Work answers');
    expect(badge.getAttribute('title')).toBe('Saved here · sends when Work answers');
  });

  it('shows no badge on an entry the service has', () => {
    render(<EntryRow entry={entry(SENT)} projects={[website]} bridge={fakeBridge()} />);
    expect(screen.getByText('x')).toBeTruthy();
    expect(screen.queryByTestId('saved-here')).toBeNull();
  });

  it('says the same on a timer card while its start waits, and nothing once it is sent', () => {
    const timer = (status: TimerView['status']) => timerView({ state: 'running', status });
    const card = (status: TimerView['status']) => (
      <TimerCard timer={timer(status)} now={timer(status).asOf} billingIncrement={15} bridge={fakeBridge()} />
    );
    const { rerender } = render(card(savedHere('Work')));
    expect(screen.getByTestId('saved-here').getAttribute('title')).toBe('Saved here · sends when Work answers');
    rerender(card(SENT));
    expect(screen.queryByTestId('saved-here')).toBeNull();
  });
});

describe('QuickEntry: new project names', () => {
  it('refuses a 300-character name where it is typed and keeps the text', async () => {
    const bridge = fakeBridge();
    render(<QuickEntry projects={[website]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    const text = `1:00 @${'n'.repeat(300)} x`;
    type(box(), text);
    expect(screen.getByTestId('quick-preview').textContent).toBe(
      'A project name can be at most 255 characters; this one has 300.',
    );
    expect(box().value).toBe(text);
  });

  it('questions a likely typo: the first Enter asks, the second creates; Use takes the known name', async () => {
    const bridge = fakeBridge({
      quickEntry: async () =>
        ok({ minutes: 30, typedMinutes: 20, increment: 15, projectName: 'Remtoe', date: TODAY, key: 'op-1' }),
    });
    render(<QuickEntry projects={[remote]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    type(box(), '0:20 @Remtoe x');
    expect(screen.getByTestId('preview-project').textContent).toBe('Remtoenew project');
    expect(screen.getByTestId('preview-typo').textContent).toMatch(/^Did you mean Remote\?/);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(screen.getByTestId('preview-typo').textContent).toMatch(
      /Press Enter again to create the new project “Remtoe”/,
    );
    expect(bridge.quickEntry).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Use Remote' }));
    expect(box().value).toBe('0:20 @Remote x');
    expect(screen.queryByTestId('preview-typo')).toBeNull();

    type(box(), '0:20 @Remtoe x');
    fireEvent.keyDown(box(), { key: 'Enter' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(bridge.quickEntry).toHaveBeenCalledWith({ text: '0:20 @Remtoe x' }));
  });

  it('creates a plainly new name on the first Enter, saying it is new', async () => {
    const bridge = fakeBridge({
      quickEntry: async () =>
        ok({ minutes: 60, typedMinutes: 60, increment: 15, projectName: 'Zeta', date: TODAY, key: 'op-1' }),
    });
    render(<QuickEntry projects={[remote]} recentProjectIds={[]} today={TODAY} bridge={bridge} />);
    type(box(), '1:00 @Zeta');
    expect(screen.getByTestId('preview-project').textContent).toBe('Zetanew project');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(bridge.quickEntry).toHaveBeenCalledWith({ text: '1:00 @Zeta' }));
  });
});

describe('Recent first', () => {
  it('offers the recently used projects first in the @suggestions, then the rest alphabetically', () => {
    render(
      <QuickEntry projects={[acme, remote, website]} recentProjectIds={[1, 2]} today={TODAY} bridge={fakeBridge()} />,
    );
    type(box(), '1:00 @');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['@Website', '@Remote', '@Acme']);
  });

  it('shows up to twelve suggestions when there are that many projects', () => {
    const many = Array.from({ length: 15 }, (_, i) => project(10 + i, `P${String(i).padStart(2, '0')}`));
    render(<QuickEntry projects={many} recentProjectIds={[]} today={TODAY} bridge={fakeBridge()} />);
    type(box(), '1:00 @');
    expect(screen.getAllByRole('option')).toHaveLength(12);
  });

  it('orders the new timer picker recent first', () => {
    const { container } = render(
      <NewTimer projects={[acme, remote, website]} recentProjectIds={[2]} bridge={fakeBridge()} />,
    );
    const options = [...container.querySelectorAll('#project-names option')].map((o) => o.getAttribute('value'));
    expect(options).toEqual(['Remote', 'Acme', 'Website']);
  });
});

describe('EditForm: the same project-name rule', () => {
  const fields = [
    { field: 'time' as const, value: '1:00' },
    { field: 'project' as const, value: 'Website' },
    { field: 'description' as const, value: '' },
  ];

  it('says a new name will be created, and asks once more for a likely typo before saving', async () => {
    const saved: unknown[] = [];
    render(
      <EditForm
        id="e1"
        label="Edit entry"
        fields={fields}
        projects={[website, remote]}
        testId="edit-entry"
        save={async (values) => {
          saved.push(values);
          return ok(null);
        }}
        onClose={() => {}}
      />,
    );
    const projectField = screen.getByLabelText('Project');
    type(projectField, 'Zeta');
    expect(screen.getByTestId('edit-project-note').textContent).toBe('“Zeta” is a new project; it will be created.');
    type(projectField, 'Remtoe');
    expect(screen.getByTestId('edit-project-note').textContent).toMatch(/^Did you mean Remote\?/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([]);
    expect(screen.getByTestId('edit-project-note').textContent).toMatch(
      /Save again to create the new project “Remtoe”/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ time: '1:00', project: 'Remtoe', description: '' }]));
  });

  it('shows the refusal of a name too long at the project field', async () => {
    render(
      <EditForm
        id="e2"
        label="Edit entry"
        fields={fields}
        projects={[website]}
        testId="edit-entry"
        save={async () => fail('invalid_input', 'too long', 'project')}
        onClose={() => {}}
      />,
    );
    type(screen.getByLabelText('Project'), 'x'.repeat(256));
    expect(screen.getByTestId('edit-project-note').textContent).toBe(
      'A project name can be at most 255 characters; this one has 256.',
    );
  });

  it("says before Save the minutes the project's increment will store: 0:20 moved to Remote saves 0:30", () => {
    render(
      <EditForm
        id="e3"
        label="Edit entry"
        fields={fields}
        projects={[website, remote]}
        testId="edit-entry"
        save={async () => ok(null)}
        onClose={() => {}}
      />,
    );
    expect(screen.queryByTestId('edit-time-note')).toBeNull();
    type(screen.getByLabelText('Time'), '0:20');
    expect(screen.getByTestId('edit-time-note').textContent).toBe(
      "Saves 0:30 (0:20 rounded up to Website's 15 minutes)",
    );
    type(screen.getByLabelText('Project'), 'Remote');
    expect(screen.getByTestId('edit-time-note').textContent).toBe(
      "Saves 0:30 (0:20 rounded up to Remote's 30 minutes)",
    );
    type(screen.getByLabelText('Time'), '0:45');
    expect(screen.getByTestId('edit-time-note').textContent).toBe(
      "Saves 1:00 (0:45 rounded up to Remote's 30 minutes)",
    );
    type(screen.getByLabelText('Project'), '');
    expect(screen.queryByTestId('edit-time-note')).toBeNull();
  });
});
