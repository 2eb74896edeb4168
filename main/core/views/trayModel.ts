// The tray as data: a pure function of the snapshot and the time, which main/shell/tray.ts shows.
// Electron shows tray text only on macOS, so there the running time is the title; on Windows and
// Linux it is drawn into the icon (iconText, drawn by trayIcon/) and the tooltip. Linux desktops often deliver no click on the
// icon, so the menu carries every action there, and is the same on all platforms for simplicity.
// Times are shown to the minute so the menu is rebuilt once a minute, not every second (some Linux
// trays close an open menu when it is replaced).
// Its words are the snapshot's language's (catalog area `tray`, a Words from main/core/mainWords.ts).
// Electron's Menu has no direction option: the items are in the language's words, and the OS
// draws the menu's direction (right to left under an Arabic or Hebrew system); the names and
// times inside an Arabic or Hebrew item are isolated in its message (FSI/PDI).

import type { Channel, RequestOf } from '../../../common/contract';
import type { Words } from '../../../common/i18n/words';
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
const todayWords = (snapshot: Snapshot, timers: readonly TimerView[], now: number, words: Words): string => {
  const total = todayTotal(snapshot.today.totalMinutes, timers, now);
  const minutes = formatMinutes(total.minutes, snapshot.timeFormat);
  return total.timerProject ? words.t('tray.todayWithTimer', { total: minutes, project: total.timerProject }) : minutes;
};
const separator = (id: string): MenuItemData => ({ id, label: '', type: 'separator' });

/** The tray in `words`' language: the snapshot's (main/shell/tray.ts passes main/core/mainWords.ts's for snapshot.locale). */
export function trayModel(snapshot: Snapshot, now: number, platform: Platform, words: Words): TrayModel {
  const clock = clockIn(snapshot.timeFormat);
  // Nothing wraps in a tray: long project names are cut (trayText.ts).
  const timers = snapshot.timers.map((t) => ({ ...t, projectName: ellipsize(t.projectName, TRAY_NAME_MAX) }));
  const running = timers.find((t) => t.state === 'running');
  const paused = timers.filter((t) => t.state !== 'running');
  const waiting = snapshot.outbox.pending;
  const failed = snapshot.outbox.failed.length;

  const title =
    platform === 'darwin' && running
      ? words.t('tray.title', { time: clock(running, now), project: running.projectName })
      : '';
  const iconText = platform !== 'darwin' && running ? clock(running, now) : '';

  // Whether time is being tracked matters more at a glance than whether it has reached the service.
  const icon = running ? 'running' : !snapshot.online ? 'offline' : paused.length > 0 ? 'paused' : 'idle';

  const status = running
    ? words.t('tray.statusRunning', { project: running.projectName, time: clock(running, now) })
    : paused.length > 0
      ? words.t('tray.statusPaused', { count: paused.length })
      : words.t('tray.statusNone');
  const today = todayWords(snapshot, timers, now, words);
  // With several accounts, the one in use: the one the window's header and `stint status` name.
  const account = snapshot.accounts.length > 1 ? ellipsize(snapshot.account.label, TRAY_NAME_MAX) : null;
  const head = account
    ? words.t('tray.tooltipAccount', { account, status, today })
    : words.t('tray.tooltip', { status, today });
  const sync = snapshot.online
    ? []
    : [waiting ? words.t('tray.tooltipOfflineWaiting', { count: waiting }) : words.t('tray.tooltipOffline')];
  const problems = failed ? [words.t('tray.tooltipFailed', { count: failed })] : [];
  const tooltip = ellipsize([head, ...sync, ...problems].join(' · '), TRAY_TOOLTIP_MAX);

  const menu = trayMenu(snapshot, words, { timers: { running, paused }, now, today, account, waiting, failed });
  return { title, tooltip, icon, iconText, menu };
}

/** The tray's menu: the timers (this account's, then another's running one), quick entry, the sync, the app. */
function trayMenu(
  snapshot: Snapshot,
  words: Words,
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
  const menu = timerItems(snapshot, words, { running, paused }, now);
  if (menu.length > 0) menu.push(separator('sep-timers'));
  menu.push(
    { id: 'quick-entry', label: words.t('tray.quickEntry') },
    // A long name in "with ...'s timer" is cut with the rest of the item, the total kept.
    {
      id: 'today',
      label: ellipsize(
        account ? words.t('tray.todayOn', { account, total: today }) : words.t('tray.today', { total: today }),
        TRAY_ITEM_MAX,
      ),
      enabled: false,
    },
  );
  menu.push(...syncItems(snapshot, words, waiting, failed));
  // The app's own update: its progress, then "Restart to update" (the shell's item).
  const update = updateMenuItems(snapshot.update, words);
  if (update.length > 0) menu.push(separator('sep-update'), ...update);
  menu.push(separator('sep-app'), ...appItems(words, true));
  return menu;
}

/** The timers' items: this account's running one with its actions, its paused ones, then other accounts' running ones. */
function timerItems(
  snapshot: Snapshot,
  words: Words,
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
        label: words.t('tray.running', { project: projectName, time: clock(running, now) }),
        enabled: false,
        color: normalColor(running.color),
      },
      {
        id: `pause:${projectId}`,
        label: words.t('tray.pause', { project: projectName }),
        action: { channel: 'pauseTimer', request: { projectId } },
      },
      {
        id: `log:${projectId}`,
        label: words.t('tray.log', { time: clock(running, now), project: projectName }),
        action: { channel: 'logTimer', request: { projectId } },
      },
    );
  }
  if (paused.length > 0) {
    if (menu.length > 0) menu.push(separator('sep-paused'));
    for (const t of paused) {
      const values = { project: t.projectName, time: clock(t, now) };
      menu.push({
        id: `resume:${t.projectId}`,
        label: t.state === 'pending' ? words.t('tray.start', values) : words.t('tray.resume', values),
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
        label: words.t('tray.elsewhere', { account: t.accountLabel, project: t.projectName, time: clock(t, now) }),
        action: { channel: 'setDefaultAccount', request: { accountId: t.accountId } },
      });
    }
  }
  return menu;
}

/** The sync's items when there is something to say: offline, changes waiting or failed, and a retry. */
function syncItems(snapshot: Snapshot, words: Words, waiting: number, failed: number): MenuItemData[] {
  const menu: MenuItemData[] = [];
  if (!snapshot.online || waiting > 0 || failed > 0) {
    menu.push(separator('sep-sync'));
    if (!snapshot.online)
      menu.push({
        id: 'offline',
        label: waiting ? words.t('tray.offlineWaiting', { count: waiting }) : words.t('tray.offline'),
        enabled: false,
      });
    // Online with a queue: the outbox is sending, or waiting out a backoff.
    else if (waiting > 0)
      menu.push({ id: 'outbox', label: words.t('tray.outbox', { count: waiting }), enabled: false });
    if (failed > 0) menu.push({ id: 'failed', label: words.t('tray.failed', { count: failed }), enabled: false });
    menu.push({ id: 'refresh', label: words.t('tray.retry'), action: { channel: 'refresh', request: {} } });
  }
  return menu;
}

/** The app's own items; before an account is open only opening the window and quitting. */
function appItems(words: Words, open: boolean): MenuItemData[] {
  const window = { id: 'open-window', label: words.t('tray.openWindow') };
  const quit = { id: 'quit', label: words.t('tray.quit') };
  if (!open) return [window, quit];
  return [
    window,
    { id: 'week', label: words.t('tray.week') },
    { id: 'settings', label: words.t('tray.settings') },
    quit,
  ];
}

/**
 * The tray while the account opens (the embedded service, the keychain, the database: most of the
 * start), drawn before any of it so the icon is there at once. Nothing in it claims a state Stint
 * does not know yet; what the items ask for waits until the account is open.
 */
export function startingTrayModel(words: Words): TrayModel {
  return {
    title: '',
    tooltip: words.t('tray.startingTooltip'),
    icon: 'idle',
    iconText: '',
    menu: [
      { id: 'starting', label: words.t('tray.starting'), enabled: false },
      separator('sep-timers'),
      { id: 'quick-entry', label: words.t('tray.quickEntry') },
      separator('sep-app'),
      ...appItems(words, false),
    ],
  };
}
