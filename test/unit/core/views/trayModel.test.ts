import { describe, expect, it } from 'vitest';
import type { AccountView, Snapshot } from '../../../../common/snapshot';
import { mainWords } from '../../../../main/core/mainWords';
import { trayModel as trayModelIn, type MenuItemData, type Platform } from '../../../../main/core/views/trayModel';
import { snapshot as emptySnapshot, timerView } from '../../../support/snapshot';

const NOW = new Date(2025, 2, 10, 10, 0).getTime();
// The tray in English, as before it had a language; the German and Arabic tests pass their own words.
const trayModel = (s: Snapshot, now: number, platform: Platform) => trayModelIn(s, now, platform, mainWords('en'));

/** Signed in, synced at NOW, 3:45 logged today. */
const snapshot = (over: Partial<Snapshot> = {}): Snapshot =>
  emptySnapshot({
    user: { name: 'Me', email: 'me@stint.local' },
    today: { date: '2025-03-10', entries: [], totalMinutes: 225 },
    lastSyncAt: NOW,
    ...over,
  });

// One hour, five minutes and nine seconds ago it started from zero.
const running = timerView({
  projectId: 1,
  projectName: 'Website',
  state: 'running',
  seconds: 0,
  asOf: NOW - 3_909_000,
});
const paused = [
  timerView({ projectId: 2, projectName: 'Backend', state: 'paused', seconds: 2530, asOf: NOW }),
  timerView({ projectId: 3, projectName: 'Docs', state: 'pending', seconds: 0, asOf: NOW }),
];

const labels = (menu: MenuItemData[]) => menu.map((i) => (i.type === 'separator' ? '---' : i.label));
const byId = (menu: MenuItemData[], id: string) => menu.find((i) => i.id === id);

describe('trayModel', () => {
  it('writes durations as the user chose on the service: hours to two decimals for fractions (issue 22)', () => {
    const model = trayModel(snapshot({ timers: [running, ...paused], timeFormat: 'fraction' }), NOW, 'darwin');
    expect(model.title).toBe('1.08 Website');
    expect(model.tooltip).toContain("Today 4.83 (with Website's timer)");
    expect(byId(model.menu, 'today')?.label).toBe("Today: 4.83 (with Website's timer)");
    expect(labels(model.menu)).toContain('Resume Backend (0.70)');
  });

  it('on macOS puts the running time and project in the title', () => {
    const model = trayModel(snapshot({ timers: [running] }), NOW, 'darwin');
    expect(model.title).toBe('1:05 Website');
    expect(model.iconText).toBe(''); // the template icon stays as it is
  });

  it.each(['win32', 'linux'] as const)(
    'on %s leaves the title empty (Electron shows it only on macOS) and tells it by icon and tooltip',
    (platform) => {
      const model = trayModel(snapshot({ timers: [running] }), NOW, platform);
      expect(model.title).toBe('');
      expect(model.icon).toBe('running');
      expect(model.iconText).toBe('1:05');
      expect(model.tooltip).toBe("Stint: Website 1:05 · Today 4:50 (with Website's timer)");
    },
  );

  it('with a running timer offers pause and log of it, and resume of the paused ones', () => {
    const { menu } = trayModel(snapshot({ timers: [running, ...paused] }), NOW, 'darwin');
    expect(labels(menu)).toEqual([
      'Website · 1:05',
      'Pause Website',
      'Log 1:05 on Website',
      '---',
      'Resume Backend (0:42)',
      'Start Docs (0:00)',
      '---',
      'Quick entry…',
      "Today: 4:50 (with Website's timer)",
      '---',
      'Open Stint',
      'This week…',
      'Settings…',
      'Quit Stint',
    ]);
    expect(byId(menu, 'pause:1')?.action).toEqual({ channel: 'pauseTimer', request: { projectId: 1 } });
    expect(byId(menu, 'log:1')?.action).toEqual({ channel: 'logTimer', request: { projectId: 1 } });
    expect(byId(menu, 'resume:2')?.action).toEqual({ channel: 'startTimer', request: { projectId: 2 } });
    expect(byId(menu, 'running')?.enabled).toBe(false);
    expect(byId(menu, 'today')?.enabled).toBe(false);
  });

  it('with only paused timers shows the paused icon and no title', () => {
    const model = trayModel(snapshot({ timers: paused }), NOW, 'darwin');
    expect(model).toMatchObject({
      title: '',
      icon: 'paused',
      iconText: '',
      tooltip: 'Stint: 2 paused timers · Today 3:45',
    });
    expect(byId(model.menu, 'pause:2')).toBeUndefined();
  });

  it('with several accounts names the one in use (the window’s and the command line’s) in the tooltip and the menu', () => {
    const view = (id: string, label: string, isOpen: boolean): AccountView => ({
      id,
      label,
      kind: id === 'local' ? 'local' : 'remote',
      baseUrl: id === 'local' ? null : 'https://time.example.com',
      auth: id === 'local' ? 'embedded' : 'personal',
      // Acme Corp is the default but could not open, so This computer is in use: the tray names that one.
      isDefault: !isOpen,
      isOpen,
      state: 'ok',
      sessionOnly: false,
      problem: null,
    });
    const several = snapshot({
      account: { id: 'local', label: 'This computer', kind: 'local' },
      accounts: [view('local', 'This computer', true), view('acc-acme', 'Acme Corp', false)],
      timers: [running],
    });
    const model = trayModel(several, NOW, 'linux');
    expect(model.tooltip).toBe("Stint (This computer): Website 1:05 · Today 4:50 (with Website's timer)");
    expect(byId(model.menu, 'today')?.label).toBe("Today on This computer: 4:50 (with Website's timer)");
  });

  it('with no timer is idle and still offers quick entry, the window and quit', () => {
    const model = trayModel(snapshot({ today: { date: '2025-03-10', entries: [], totalMinutes: 0 } }), NOW, 'win32');
    expect(model.icon).toBe('idle');
    expect(model.tooltip).toBe('Stint: No timer running · Today 0:00');
    expect(labels(model.menu)).toEqual([
      'Quick entry…',
      'Today: 0:00',
      '---',
      'Open Stint',
      'This week…',
      'Settings…',
      'Quit Stint',
    ]);
    expect(model.iconText).toBe('');
  });

  it('offline shows the offline icon, unless time is being tracked, and says how much is waiting', () => {
    const offline = { online: false, outbox: { pending: 3, failed: [] } };
    const idle = trayModel(snapshot({ ...offline, timers: paused }), NOW, 'linux');
    expect(idle.icon).toBe('offline');
    expect(idle.tooltip).toBe('Stint: 2 paused timers · Today 3:45 · Offline, 3 changes waiting');
    expect(byId(idle.menu, 'offline')).toMatchObject({ label: 'Offline: 3 changes waiting', enabled: false });
    expect(byId(idle.menu, 'refresh')?.action).toEqual({ channel: 'refresh', request: {} });

    expect(trayModel(snapshot({ ...offline, timers: [running] }), NOW, 'linux').icon).toBe('running');
  });

  it('online with changes still queued, says how many are waiting to sync', () => {
    const model = trayModel(snapshot({ outbox: { pending: 2, failed: [] } }), NOW, 'win32');
    expect(byId(model.menu, 'outbox')).toMatchObject({ label: '2 changes waiting to sync', enabled: false });
    expect(byId(model.menu, 'offline')).toBeUndefined();
    expect(byId(model.menu, 'refresh')).toBeDefined();
    expect(byId(trayModel(snapshot(), NOW, 'win32').menu, 'outbox')).toBeUndefined();
  });

  it('draws the running time into the icon once a minute on Windows and Linux, H:MM past ten hours too', () => {
    const long = timerView({
      projectId: 1,
      projectName: 'Website',
      state: 'running',
      seconds: 12 * 3600 + 34 * 60 + 59,
      asOf: NOW,
    });
    expect(trayModel(snapshot({ timers: [long] }), NOW, 'linux').iconText).toBe('12:34');
    expect(trayModel(snapshot({ timers: [long] }), NOW + 1000, 'linux').iconText).toBe('12:35');
    expect(trayModel(snapshot({ timers: [long] }), NOW + 60_000, 'linux').iconText).toBe('12:35');
  });

  it('tells about failed changes and where to fix them', () => {
    const failed = [{ id: 'x', summary: 'Log 1:30 on Website', message: 'refused', editable: [] }];
    const model = trayModel(snapshot({ outbox: { pending: 0, failed } }), NOW, 'linux');
    expect(model.tooltip).toContain('1 change failed');
    expect(byId(model.menu, 'failed')?.label).toBe('1 change failed: open Stint to fix');
  });

  it('on Linux, where clicks on the icon often never arrive, carries every action in the menu', () => {
    const { menu } = trayModel(
      snapshot({ timers: [running, ...paused], online: false, outbox: { pending: 1, failed: [] } }),
      NOW,
      'linux',
    );
    const ids = menu.map((i) => i.id);
    for (const id of [
      'pause:1',
      'log:1',
      'resume:2',
      'resume:3',
      'quick-entry',
      'refresh',
      'open-window',
      'week',
      'settings',
      'quit',
    ])
      expect(ids).toContain(id);
  });

  it("counts the running timer's time into today, said as the window says it, and today's logged minutes alone without one (issue 22 item 4)", () => {
    // 3:45 logged and Website's 1:05 running: the window's Today and week say 4:50 (with Website's timer).
    const model = trayModel(snapshot({ timers: [running, ...paused] }), NOW, 'linux');
    expect(model.tooltip).toBe("Stint: Website 1:05 · Today 4:50 (with Website's timer)");
    expect(byId(model.menu, 'today')?.label).toBe("Today: 4:50 (with Website's timer)");
    // Paused timers are not counted, as in the window.
    expect(byId(trayModel(snapshot({ timers: paused }), NOW, 'linux').menu, 'today')?.label).toBe('Today: 3:45');
  });

  it('changes its menu at most once a minute while a timer runs, so an open menu is not replaced every second', () => {
    const snap = snapshot({ timers: [running] });
    const at = (ms: number) => JSON.stringify(trayModel(snap, ms, 'linux').menu);
    expect(at(NOW + 1000)).toBe(at(NOW + 50_000));
    expect(at(NOW + 51_000)).not.toBe(at(NOW));
  });

  it('cuts a long project name with an ellipsis in the menu, the title and the tooltip, where nothing wraps', () => {
    const name = `Client ${'x'.repeat(293)}`;
    const long = { ...running, projectName: name };
    const other = { ...paused[0]!, projectName: name.toUpperCase() };
    const cut = `${name.slice(0, 39)}…`;
    const model = trayModel(snapshot({ timers: [long, other] }), NOW, 'darwin');
    expect(model.title).toBe(`1:05 ${cut}`);
    expect(byId(model.menu, 'pause:1')!.label).toBe(`Pause ${cut}`);
    expect(byId(model.menu, 'resume:2')!.label).toBe(`Resume ${cut.toUpperCase()} (0:42)`);
    for (const { label } of model.menu) expect(label.length).toBeLessThanOrEqual(60);
    // Windows shows 127 characters of a tooltip at most.
    const tooltip = trayModel(snapshot({ timers: [long], outbox: { pending: 0, failed: [] } }), NOW, 'win32').tooltip;
    expect(tooltip).toBe(`Stint: ${cut} 1:05 · Today 4:50 (with ${cut}'s timer)`);
    expect(tooltip.length).toBeLessThanOrEqual(127);
  });

  it('gives every item a distinct id', () => {
    const { menu } = trayModel(
      snapshot({
        timers: [running, ...paused],
        online: false,
        outbox: { pending: 1, failed: [{ id: 'x', summary: 's', message: 'm', editable: [] }] },
      }),
      NOW,
      'darwin',
    );
    expect(new Set(menu.map((i) => i.id)).size).toBe(menu.length);
  });

  it("lists a timer running on another account, whose click opens that account, beside the open account's own", () => {
    const work = {
      accountId: 'acc-work',
      accountLabel: 'Work',
      projectName: 'Website',
      state: 'running' as const,
      seconds: 3600,
      asOf: NOW - 120_000,
    };
    const { menu } = trayModel(
      snapshot({ timers: [paused[0]!], otherAccountTimers: [work, { ...work, projectName: 'Idle', state: 'paused' }] }),
      NOW,
      'linux',
    );
    expect(labels(menu).slice(0, 4)).toEqual([
      'Resume Backend (0:42)',
      '---',
      'Work: Website 1:02 (another account)',
      '---',
    ]);
    const item = menu.find((i) => i.label.startsWith('Work:'));
    expect(item?.action).toEqual({ channel: 'setDefaultAccount', request: { accountId: 'acc-work' } });
    expect(new Set(menu.map((i) => i.id)).size).toBe(menu.length);
  });

  it("marks each timer's item with its project's colour, grey (null) for a missing or invalid one, and no other item (issue 22)", () => {
    const timers = [
      { ...running, color: '#E53935' },
      { ...paused[0]!, color: 'tomato' },
      { ...paused[1]!, color: null },
    ];
    const { menu } = trayModel(snapshot({ timers }), NOW, 'linux');
    expect(byId(menu, 'running')?.color).toBe('#e53935');
    expect(byId(menu, 'resume:2')?.color).toBeNull();
    expect(byId(menu, 'resume:3')?.color).toBeNull();
    const dotted = menu.filter((i) => i.color !== undefined).map((i) => i.id);
    expect(dotted).toEqual(['running', 'resume:2', 'resume:3']);
  });
});
