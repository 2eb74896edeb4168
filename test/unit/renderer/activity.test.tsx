// @vitest-environment happy-dom
// The Activity view (issue 14) as a user meets it, on a fake bridge: the waiting count per account,
// a proper table of the last changes with each state in words, and Export JSON saving main's text.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Activity, ActivityEntry } from '../../../common/activity';
import { ok } from '../../../common/result';
import { ActivityView } from '../../../renderer/components/activity/ActivityView';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot } from '../../support/snapshot';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const at = new Date(2025, 2, 10, 9, 5, 7).getTime();
const change = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: 'op-1',
  what: 'Log 0:20 on Website: standup',
  kind: 'createEntry',
  state: 'confirmed',
  queuedAt: at,
  sentAt: at + 100,
  settledAt: at + 400,
  tookMs: 400,
  serviceId: 812,
  message: null,
  ...over,
});
const activity: Activity = {
  entries: [
    change({
      id: 'op-2',
      what: 'Create project Café',
      kind: 'createProject',
      state: 'refused',
      settledAt: null,
      tookMs: null,
      serviceId: null,
      message: 'A project with that name already exists',
    }),
    change({}),
  ],
  waitingByAccount: [
    { accountId: 'local', label: 'This computer', waiting: 1 },
    { accountId: 'acme', label: 'Acme', waiting: 0 },
  ],
};

describe('ActivityView', () => {
  it('lists each change with its state in words, how long it took and the service id or message', async () => {
    const bridge = fakeBridge({ getSnapshot: async () => ok(snapshot()), getActivity: async () => ok(activity) });
    render(<ActivityView bridge={bridge} />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'What', 'State', 'Took', 'Service id or message']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        expect.stringContaining('9:05:07'),
        'Create project Café',
        'Refused',
        '–',
        'A project with that name already exists',
      ],
      [expect.stringContaining('9:05:07'), 'Log 0:20 on Website: standup', 'Confirmed', '0.4 s', 'id 812'],
    ]);
    const waiting = screen.getByRole('region', { name: 'Still to send' });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['This computer: 1 waiting', 'Acme: nothing waiting']);
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
  });

  it('asks again when a new snapshot comes', async () => {
    let push: (s: ReturnType<typeof snapshot>) => void = () => {};
    const bridge = fakeBridge({ getActivity: async () => ok(activity) });
    bridge.onSnapshot = (listener) => {
      push = listener;
      return () => {};
    };
    render(<ActivityView bridge={bridge} />);
    await screen.findByRole('table');
    const before = bridge.getActivity.mock.calls.length;
    push(snapshot());
    await waitFor(() => expect(bridge.getActivity.mock.calls.length).toBeGreaterThan(before));
  });

  it('Export JSON saves the text main gives, under its file name', async () => {
    const json = JSON.stringify({ app: 'Stint', ...activity });
    const bridge = fakeBridge({
      getActivity: async () => ok(activity),
      exportActivity: async () => ok({ json, fileName: 'stint-activity-2025-03-10T09-05-07.json' }),
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:activity';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    render(<ActivityView bridge={bridge} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export JSON' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(bridge.exportActivity).toHaveBeenCalledWith({});
    expect(clicked[0]!.download).toBe('stint-activity-2025-03-10T09-05-07.json');
    expect(await blobs[0]!.text()).toBe(json);
  });
});
