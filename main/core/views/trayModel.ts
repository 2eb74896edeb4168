// The tray as data: a pure function of the snapshot and the time, which main/shell/tray.ts shows.
// Electron shows tray text only on macOS, so there the running time is the title; on Windows and
// Linux it is drawn into the icon (iconText, drawn by trayIcon/) and the tooltip. Linux desktops often deliver no click on the
// icon, so the menu carries every action there, and is the same on all platforms for simplicity.
// Times are shown to the minute so the menu is rebuilt once a minute, not every second (some Linux
// trays close an open menu when it is replaced).

import type { Channel, RequestOf } from '../../../common/contract';
import { formatMinutes, type TimeFormat } from '../../../common/format';
import type { Snapshot, TimerView } from '../../../common/snapshot';
import { liveSeconds } from '../../../common/liveSeconds';
import { normalColor } from '../../../common/projectColor';
import { todayTotal } from '../../../common/todayTotal';
import { updateMenuItems } from '../desktop/updates/view';
import { ellipsize, TRAY_ITEM_MAX, TRAY_NAME_MAX, TRAY_TOOLTIP_MAX } from './trayText';

export type Platform = 'darwin' | 'win32' | 'linux';

export type TrayAction = { [C in Channel]: { channel: C; request: RequestOf<C> } }[Channel];

export interface MenuItemData {
  /** Stable per item; the shell handles 'open-window', 'quick-entry', 'week', 'settings', 'restart-to-update' and 'quit' itself. */
  id: string;
  label: string;
  enabled?: boolean;
  type?: 'separator' | 'normal';
  /** The call the item makes, through the same dispatch as the window's. */
  action?: TrayAction;
  /**
   * A timer's item: its project's colour as "#rrggbb", shown as a dot beside it (trayIcon/menuDot.ts);
   * null: the project has none or an invalid one (a grey dot). Absent: no dot.
   */
  color?: string | null;
}

export interface TrayModel {
  /** macOS menu bar text: running time and project ("1:05 Website"); '' elsewhere and when idle. */
  title: string;
  tooltip: string;
  icon: 'running' | 'paused' | 'idle' | 'offline';
  /** The running time drawn into the icon where there is no title (Windows, Linux): "1:05"; '' when none runs. */
  iconText: string;
  menu: MenuItemData[];
}

/** A timer's time as the user reads durations (Snapshot.timeFormat): "1:05", or "1.08" hours. */
const clockIn = (format: TimeFormat) => (t: Pick<TimerView, 'state' | 'seconds' | 'asOf'>, now: number) =>
  formatMinutes(liveSeconds(t, now) / 60, format);
/** Today as the window counts it: the running timer's minutes in, said so ("4:50 (with Website's timer)"). */
const todayWords = (snapshot: Snapshot, timers: readonly TimerView[], now: number): string => {
  const total = todayTotal(snapshot.today.totalMinutes, timers, now);
  return `${formatMinutes(total.minutes, snapshot.timeFormat)}${total.label ? ` (${total.label})` : ''}`;
};
const separator = (id: string): MenuItemData => ({ id, label: '', type: 'separator' });
const changes = (n: number) => `${n} change${n === 1 ? '' : 's'}`;

export function trayModel(snapshot: Snapshot, now: number, platform: Platform): TrayModel {
  const clock = clockIn(snapshot.timeFormat);
  // Nothing wraps in a tray: long project names are cut (trayText.ts).
  const timers = snapshot.timers.map((t) => ({ ...t, projectName: ellipsize(t.projectName, TRAY_NAME_MAX) }));
  const running = timers.find((t) => t.state === 'running');
  const paused = timers.filter((t) => t.state !== 'running');
  const waiting = snapshot.outbox.pending;
  const failed = snapshot.outbox.failed.length;

  const title = platform === 'darwin' && running ? `${clock(running, now)} ${running.projectName}` : '';
  const iconText = platform !== 'darwin' && running ? clock(running, now) : '';

  // Whether time is being tracked matters more at a glance than whether it has reached the service.
  const icon = running ? 'running' : !snapshot.online ? 'offline' : paused.length > 0 ? 'paused' : 'idle';

  const status = running
    ? `${running.projectName} ${clock(running, now)}`
    : paused.length > 0
      ? `${paused.length} paused timer${paused.length === 1 ? '' : 's'}`
      : 'No timer running';
  const sync = snapshot.online ? '' : ` · Offline${waiting ? `, ${changes(waiting)} waiting` : ''}`;
  const problems = failed ? ` · ${changes(failed)} failed` : '';
  const today = todayWords(snapshot, timers, now);
  // With several accounts, the one in use: the one the window's header and `stint status` name.
  const account = snapshot.accounts.length > 1 ? ellipsize(snapshot.account.label, TRAY_NAME_MAX) : null;
  const stint = account ? `Stint (${account})` : 'Stint';
  const tooltip = ellipsize(`${stint}: ${status} · Today ${today}${sync}${problems}`, TRAY_TOOLTIP_MAX);

  const menu = trayMenu(snapshot, { timers: { running, paused }, now, today, account, waiting, failed });
  return { title, tooltip, icon, iconText, menu };
}

/** The tray's menu: the timers (this account's, then another's running one), quick entry, the sync, the app. */
function trayMenu(
  snapshot: Snapshot,
  {
    timers: { running, paused },
    now,
    today,
    account,
    waiting,
    failed,
  }: {
    timers: { running: TimerView | undefined; paused: TimerView[] };
    now: number;
    /** todayWords: today's total as the window counts it. */
    today: string;
    /** The account in use, named where there are several; null with one. */
    account: string | null;
    waiting: number;
    failed: number;
  },
): MenuItemData[] {
  const menu = timerItems(snapshot, { running, paused }, now);
  if (menu.length > 0) menu.push(separator('sep-timers'));
  menu.push(
    { id: 'quick-entry', label: 'Quick entry…' },
    // A long name in "with ...'s timer" is cut with the rest of the item, the total kept.
    {
      id: 'today',
      label: ellipsize(`Today${account ? ` on ${account}` : ''}: ${today}`, TRAY_ITEM_MAX),
      enabled: false,
    },
  );
  menu.push(...syncItems(snapshot, waiting, failed));
  // The app's own update: its progress, then "Restart to update" (the shell's item).
  const update = updateMenuItems(snapshot.update);
  if (update.length > 0) menu.push(separator('sep-update'), ...update);
  menu.push(
    separator('sep-app'),
    { id: 'open-window', label: 'Open Stint' },
    { id: 'week', label: 'This week…' },
    { id: 'settings', label: 'Settings…' },
    { id: 'quit', label: 'Quit Stint' },
  );
  return menu;
}

/** The timers' items: this account's running one with its actions, its paused ones, then other accounts' running ones. */
function timerItems(
  snapshot: Snapshot,
  { running, paused }: { running: TimerView | undefined; paused: TimerView[] },
  now: number,
): MenuItemData[] {
  const clock = clockIn(snapshot.timeFormat);
  const menu: MenuItemData[] = [];
  if (running) {
    const { projectId, projectName } = running;
    menu.push(
      {
        id: 'running',
        label: `${projectName} · ${clock(running, now)}`,
        enabled: false,
        color: normalColor(running.color),
      },
      {
        id: `pause:${projectId}`,
        label: `Pause ${projectName}`,
        action: { channel: 'pauseTimer', request: { projectId } },
      },
      {
        id: `log:${projectId}`,
        label: `Log ${clock(running, now)} on ${projectName}`,
        action: { channel: 'logTimer', request: { projectId } },
      },
    );
  }
  if (paused.length > 0) {
    if (menu.length > 0) menu.push(separator('sep-paused'));
    for (const t of paused) {
      const verb = t.state === 'pending' ? 'Start' : 'Resume';
      menu.push({
        id: `resume:${t.projectId}`,
        label: `${verb} ${t.projectName} (${clock(t, now)})`,
        action: { channel: 'startTimer', request: { projectId: t.projectId } },
        color: normalColor(t.color),
      });
    }
  }
  // A timer left running on another account: one click opens that account (it becomes the default).
  const elsewhere = snapshot.otherAccountTimers.filter((t) => t.state === 'running');
  if (elsewhere.length > 0) {
    if (menu.length > 0) menu.push(separator('sep-elsewhere'));
    for (const t of elsewhere) {
      menu.push({
        id: `elsewhere:${t.accountId}:${t.projectName}`,
        label: `${t.accountLabel}: ${t.projectName} ${clock(t, now)} (another account)`,
        action: { channel: 'setDefaultAccount', request: { accountId: t.accountId } },
      });
    }
  }
  return menu;
}

/** The sync's items when there is something to say: offline, changes waiting or failed, and a retry. */
function syncItems(snapshot: Snapshot, waiting: number, failed: number): MenuItemData[] {
  const menu: MenuItemData[] = [];
  if (!snapshot.online || waiting > 0 || failed > 0) {
    menu.push(separator('sep-sync'));
    if (!snapshot.online)
      menu.push({ id: 'offline', label: waiting ? `Offline: ${changes(waiting)} waiting` : 'Offline', enabled: false });
    // Online with a queue: the outbox is sending, or waiting out a backoff.
    else if (waiting > 0) menu.push({ id: 'outbox', label: `${changes(waiting)} waiting to sync`, enabled: false });
    if (failed > 0) menu.push({ id: 'failed', label: `${changes(failed)} failed: open Stint to fix`, enabled: false });
    menu.push({ id: 'refresh', label: 'Try again now', action: { channel: 'refresh', request: {} } });
  }
  return menu;
}

/**
 * The tray while the account opens (the embedded service, the keychain, the database: most of the
 * start), drawn before any of it so the icon is there at once. Nothing in it claims a state Stint
 * does not know yet; what the items ask for waits until the account is open.
 */
export function startingTrayModel(): TrayModel {
  return {
    title: '',
    tooltip: 'Stint: starting…',
    icon: 'idle',
    iconText: '',
    menu: [
      { id: 'starting', label: 'Starting…', enabled: false },
      separator('sep-timers'),
      { id: 'quick-entry', label: 'Quick entry…' },
      separator('sep-app'),
      { id: 'open-window', label: 'Open Stint' },
      { id: 'quit', label: 'Quit Stint' },
    ],
  };
}
