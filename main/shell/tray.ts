// Shows core's tray model: title (macOS), tooltip, icon and the menu. The model is a pure function
// of the snapshot and the time; this only re-renders when its output changes, so it can be asked
// every second while a timer runs. On Windows and Linux the icon carries the running time, drawn
// by core (trayIcon/) as PNGs; this only wraps them in a nativeImage.
// The tray is drawn as soon as the app has its data folder, before the account is open (that takes
// most of the start): until attach() hands it the core it shows that Stint is starting
// (startingTrayModel), and from then on the core's snapshot.

import { Menu, nativeImage, nativeTheme, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createTrayIconRenderer,
  type TrayIconRendererOptions,
  type TrayIconVariant,
} from '../core/views/trayIcon/renderer';
import { trayIconVariant } from '../core/views/trayIcon/variant';
import { menuDotImages, type MenuTheme } from '../core/views/trayIcon/menuDot';
import {
  startingTrayModel,
  trayModel,
  type MenuItemData,
  type TrayAction,
  type TrayModel,
} from '../core/views/trayModel';
import type { StintApp } from '../core/accounts/stintApp';
import { mainWords } from '../core/mainWords';
import { resolveLocale } from '../../common/i18n/locales';
import { systemLanguages } from '../../platform/systemLanguages';

/** What the tray shows once the account is open: its snapshot, and how a menu item's call is made. */
export interface TrayCore extends Pick<StintApp, 'getSnapshot' | 'subscribe'> {
  act(action: TrayAction): void;
}

export interface TrayOptions {
  iconsDir: string;
  platform: NodeJS.Platform;
  /**
   * The system's preferred languages, for the tray before an account is open (the settings'
   * language is not read yet); default the process's (platform/systemLanguages.ts).
   */
  systemLanguages?: readonly string[];
  onOpenWindow(): void;
  onQuickEntry(): void;
  /** Shows the window on the week view; the item does nothing until it is wired. */
  onOpenWeek?(): void;
  /** Opens the settings window; the item does nothing until it is wired. */
  onOpenSettings?(): void;
  onQuit(): void;
  /** "Restart to update", shown once an update is downloaded and verified (main/shell/updater.ts). */
  onRestartToUpdate?(): void;
  /** The menu is about to show (where the OS says so: macOS, Windows; Linux trays often do not). */
  onMenuOpened?(): void;
}

export interface TrayPresenter {
  /** The tray itself, for placing the window near it (placement.ts). */
  readonly tray: Tray;
  /** From now on the tray shows this core's state and its menu makes this core's calls. */
  attach(core: TrayCore): void;
  destroy(): void;
}

type Platform = 'darwin' | 'win32' | 'linux';
const asPlatform = (p: NodeJS.Platform): Platform => (p === 'darwin' || p === 'win32' ? p : 'linux');

/**
 * The tray's images. macOS: the template image (black and alpha, @2x beside it) follows the menu
 * bar's colour, and the time is the title. Elsewhere: the time or the state drawn into the icon,
 * per taskbar theme.
 */
function trayImages(iconsDir: string, platform: Platform) {
  const icons = createTrayIconRenderer({ drawnAhead: shippedIcons(iconsDir) });
  const variant = (): TrayIconVariant =>
    trayIconVariant(platform === 'win32' ? 'win32' : 'linux', {
      darkColors: nativeTheme.shouldUseDarkColors,
      ...(platform === 'win32' ? { darkSystemUI: nativeTheme.shouldUseDarkColorsForSystemIntegratedUI } : {}),
      ...(process.env.XDG_CURRENT_DESKTOP ? { desktop: process.env.XDG_CURRENT_DESKTOP } : {}),
    });
  const drawn = (state: TrayModel['icon'], text: string, theme: TrayIconVariant): NativeImage => {
    const image = nativeImage.createEmpty();
    for (const { scaleFactor, png } of icons.images(state, text, theme, platform === 'win32' ? 'win32' : 'linux'))
      image.addRepresentation({ scaleFactor, buffer: png });
    return image;
  };
  const first = () =>
    platform === 'darwin'
      ? nativeImage.createFromPath(join(iconsDir, 'trayTemplate.png'))
      : drawn('idle', '', variant());
  // One image per project colour and menu theme, drawn once (a handful of projects have timers).
  const dots = new Map<string, NativeImage>();
  const dot = (color: string | null, theme: MenuTheme): NativeImage => {
    const key = `${color ?? 'grey'}/${theme}`;
    let image = dots.get(key);
    if (!image) {
      image = nativeImage.createEmpty();
      for (const { scaleFactor, png } of menuDotImages(color, theme))
        image.addRepresentation({ scaleFactor, buffer: png });
      dots.set(key, image);
    }
    return image;
  };
  return { variant, drawn, first, dot };
}

/** The idle icons shipped in dist/assets/trayIcons/ (drawn by the renderer at build time), read instead of drawn. */
function shippedIcons(iconsDir: string): TrayIconRendererOptions['drawnAhead'] {
  return (state, size, variant) => {
    if (state !== 'idle') return null;
    try {
      return readFileSync(join(iconsDir, 'trayIcons', `idle-${variant}-${size}.png`));
    } catch {
      return null; // drawn instead
    }
  };
}

export function createTrayPresenter(options: TrayOptions): TrayPresenter {
  const platform = asPlatform(options.platform);
  const { variant, drawn, first, dot } = trayImages(options.iconsDir, platform);
  // Menus follow the apps' theme (the tray icon's variant may follow the taskbar's instead).
  const menuTheme = (): MenuTheme => (nativeTheme.shouldUseDarkColors ? 'dark' : 'light');
  const tray = new Tray(first());
  const startingWords = mainWords(resolveLocale(options.systemLanguages ?? systemLanguages()));

  const special: Record<string, (() => void) | undefined> = {
    'open-window': options.onOpenWindow,
    'quick-entry': options.onQuickEntry,
    week: options.onOpenWeek,
    settings: options.onOpenSettings,
    quit: options.onQuit,
    'restart-to-update': options.onRestartToUpdate,
  };
  const toElectron = (item: MenuItemData): MenuItemConstructorOptions =>
    item.type === 'separator'
      ? { type: 'separator' }
      : {
          label: item.label,
          // A timer's project colour as a dot beside it.
          ...(item.color === undefined ? {} : { icon: dot(item.color, menuTheme()) }),
          // An item nothing handles yet (settings before its window is wired) is shown greyed out.
          enabled: (item.enabled ?? true) && (item.action !== undefined || special[item.id] !== undefined),
          click: () => {
            if (item.action) core?.act(item.action);
            else special[item.id]?.();
          },
        };

  let core: TrayCore | null = null;
  let shown = { title: '', tooltip: '', icon: '', menu: '' };
  const render = () => {
    const snapshot = core?.getSnapshot();
    // The snapshot's language once there is one; Electron's Menu has no direction of its own (the OS draws it).
    const model = snapshot
      ? trayModel(snapshot, Date.now(), platform, mainWords(snapshot.locale))
      : startingTrayModel(startingWords);
    const menuKey = `${JSON.stringify(model.menu)}/${menuTheme()}`;
    const theme = platform === 'darwin' ? 'template' : variant();
    // Changes once a minute while a timer runs; the renderer keeps the last image of each key.
    const iconKey = `${model.icon}/${model.iconText}/${theme}`;
    if (model.title !== shown.title) tray.setTitle(model.title);
    if (model.tooltip !== shown.tooltip) tray.setToolTip(model.tooltip);
    if (theme !== 'template' && iconKey !== shown.icon) tray.setImage(drawn(model.icon, model.iconText, theme));
    if (menuKey !== shown.menu) {
      const menu = Menu.buildFromTemplate(model.menu.map(toElectron));
      if (options.onMenuOpened) menu.on('menu-will-show', options.onMenuOpened);
      tray.setContextMenu(menu);
    }
    shown = { title: model.title, tooltip: model.tooltip, icon: iconKey, menu: menuKey };
  };

  let unsubscribe = () => {};
  const tick = setInterval(render, 1000);
  // The taskbar may turn dark or light while we run.
  nativeTheme.on('updated', render);
  // Windows opens the window on a click; Linux often delivers no clicks (a StatusNotifierItem panel
  // keeps the click to open the menu: https://github.com/electron/electron/issues/6773), which is
  // why every action is also in the menu.
  tray.on('click', options.onOpenWindow);
  render();

  return {
    tray,
    attach(next) {
      unsubscribe();
      core = next;
      unsubscribe = next.subscribe(render);
      render();
    },
    destroy() {
      clearInterval(tick);
      unsubscribe();
      nativeTheme.off('updated', render);
      tray.destroy();
    },
  };
}
