// Shows core's tray model: title (macOS), tooltip, icon state and the menu. The model is a pure
// function of the snapshot and the time; this only re-renders when its output changes, so it can
// be asked every second while a timer runs.

import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';
import { join } from 'node:path';
import { dispatch } from '../../common/dispatch';
import { trayModel, type MenuItemData, type TrayModel } from '../core/trayModel';
import type { Core } from '../core/types';

export interface TrayOptions {
  core: Core;
  iconsDir: string;
  platform: NodeJS.Platform;
  onOpenWindow(): void;
  onQuickEntry(): void;
  onQuit(): void;
}

type Platform = 'darwin' | 'win32' | 'linux';
const asPlatform = (p: NodeJS.Platform): Platform => (p === 'darwin' || p === 'win32' ? p : 'linux');

export function createTrayPresenter(options: TrayOptions): { destroy(): void } {
  const platform = asPlatform(options.platform);
  const icon = (state: TrayModel['icon']) =>
    nativeImage.createFromPath(join(options.iconsDir, platform === 'darwin' ? 'trayTemplate.png' : `tray-${state}.png`));
  const tray = new Tray(icon('idle'));
  if (platform === 'darwin') tray.setImage(icon('idle')); // a template image follows the menu bar's colour

  const special: Record<string, () => void> = {
    'open-window': options.onOpenWindow,
    'quick-entry': options.onQuickEntry,
    quit: options.onQuit,
  };
  const toElectron = (item: MenuItemData): MenuItemConstructorOptions =>
    item.type === 'separator'
      ? { type: 'separator' }
      : {
          label: item.label,
          enabled: item.enabled ?? true,
          click: () => {
            if (item.action) void dispatch(options.core.handlers, item.action.channel, item.action.request);
            else special[item.id]?.();
          },
        };

  let shown = { title: '', tooltip: '', icon: '', menu: '' };
  const render = () => {
    const model = trayModel(options.core.getSnapshot(), Date.now(), platform);
    const menuKey = JSON.stringify(model.menu);
    if (model.title !== shown.title) tray.setTitle(model.title);
    if (model.tooltip !== shown.tooltip) tray.setToolTip(model.tooltip);
    if (platform !== 'darwin' && model.icon !== shown.icon) tray.setImage(icon(model.icon));
    if (menuKey !== shown.menu) tray.setContextMenu(Menu.buildFromTemplate(model.menu.map(toElectron)));
    shown = { title: model.title, tooltip: model.tooltip, icon: model.icon, menu: menuKey };
  };

  const unsubscribe = options.core.subscribe(render);
  const tick = setInterval(render, 1000);
  // Windows opens the window on a click; Linux often delivers no clicks, which is why every action
  // is also in the menu.
  tray.on('click', options.onOpenWindow);
  render();

  return {
    destroy() {
      clearInterval(tick);
      unsubscribe();
      tray.destroy();
    },
  };
}
