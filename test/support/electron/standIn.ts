// A stand-in for the part of Electron's main-process API that main/shell/ uses, for booting the
// shipped bundle (dist/main/index.cjs) where no Electron binary can be had. Each piece is declared
// against Electron's own types (`implements Pick<Electron.X, …>`, `satisfies Pick<…>`), so a
// signature that changes in electron.d.ts breaks the type check here, not silently the test.
//
// It records what the app does (the tray's title, tooltip, icon and menu; windows shown; dialogs,
// notifications, shortcuts) and lets a test act as the OS (power events, a second instance, a
// refused shortcut) and as the user (a menu click, a call through the preload's bridge). Nothing
// is global: each boot gets a new one.

import type * as Electron from 'electron';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { join } from 'node:path';
import { root } from '../../../scripts/electronBinary.mjs';
import { runSandboxedPreload, type PreloadWorld } from './preloadSandbox';

type Listener = (...args: unknown[]) => void;

/** An event a listener may cancel, as Electron passes to 'before-quit', 'close', 'will-navigate'... */
export const preventable = () => {
  const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
  return event;
};

export class StandInImage implements Pick<Electron.NativeImage, 'addRepresentation' | 'isEmpty'> {
  readonly representations: Array<{ scaleFactor: number; buffer: Buffer }> = [];
  constructor(readonly path: string | null = null) {}
  addRepresentation(options: Electron.AddRepresentationOptions): void {
    this.representations.push({ scaleFactor: options.scaleFactor ?? 1, buffer: Buffer.from(options.buffer ?? []) });
  }
  isEmpty(): boolean {
    return this.path === null && this.representations.length === 0;
  }
}

export class StandInMenu extends EventEmitter {
  constructor(readonly items: Electron.MenuItemConstructorOptions[]) {
    super();
  }
  /** The user opens the menu (Electron's 'menu-will-show'). */
  open(): void {
    this.emit('menu-will-show');
  }
  /** The user picks the item with this label (enabled ones only, as a real menu). */
  click(label: string): void {
    const item = this.items.find((i) => i.label === label);
    if (!item) throw new Error(`No tray menu item "${label}"; the menu has: ${this.labels().join(' | ')}`);
    if (item.enabled === false) throw new Error(`The tray menu item "${label}" is disabled`);
    (item.click as (() => void) | undefined)?.();
  }
  labels(): string[] {
    return this.items.filter((i) => i.type !== 'separator').map((i) => i.label ?? '');
  }
}

export class StandInTray
  extends EventEmitter
  implements
    Pick<
      Electron.Tray,
      'setTitle' | 'setToolTip' | 'setImage' | 'setContextMenu' | 'destroy' | 'isDestroyed' | 'getBounds'
    >
{
  title = '';
  tooltip = '';
  menu: StandInMenu | null = null;
  private destroyed = false;
  constructor(public image: StandInImage) {
    super();
  }
  setTitle(title: string): void {
    this.title = title;
  }
  setToolTip(toolTip: string): void {
    this.tooltip = toolTip;
  }
  setImage(image: Electron.NativeImage | string): void {
    this.image = typeof image === 'string' ? new StandInImage(image) : (image as unknown as StandInImage);
  }
  setContextMenu(menu: Electron.Menu | null): void {
    this.menu = menu as unknown as StandInMenu | null;
  }
  destroy(): void {
    this.destroyed = true;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getBounds(): Electron.Rectangle {
    // What Linux answers: trays there do not tell where they are.
    return { x: 0, y: 0, width: 0, height: 0 };
  }
}

/** A frame of a page: the main one, or a child frame (an iframe) that must not reach the contract. */
export class StandInFrame {
  constructor(readonly url: string) {}
}

export class StandInWebContents
  extends EventEmitter
  implements Pick<Electron.WebContents, 'isLoading' | 'send' | 'setWindowOpenHandler'>
{
  readonly mainFrame = new StandInFrame('file:///app/index.html');
  loading = true;
  /** The page's side of IPC: what the preload subscribed with ipcRenderer.on. */
  readonly rendererListeners = new Map<string, Set<Listener>>();
  windowOpenHandler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0] | null = null;
  constructor(readonly ipc: StandInIpcMain) {
    super();
  }
  isLoading(): boolean {
    return this.loading;
  }
  send(channel: string, ...args: unknown[]): void {
    // What crosses IPC is copied by the structured clone algorithm, as Electron does.
    const copies = args.map((a) => structuredClone(a));
    for (const listener of this.rendererListeners.get(channel) ?? []) listener({ sender: 'ipcRenderer' }, ...copies);
  }
  setWindowOpenHandler(handler: Parameters<Electron.WebContents['setWindowOpenHandler']>[0]): void {
    this.windowOpenHandler = handler;
  }
  /** A call made from one of this page's frames, as ipcRenderer.invoke sends it. */
  invokeFrom(frame: StandInFrame, channel: string, ...args: unknown[]): Promise<unknown> {
    return this.ipc.invoke({ sender: this, senderFrame: frame }, channel, ...args);
  }
}

export class StandInWindow
  extends EventEmitter
  implements
    Pick<
      Electron.BrowserWindow,
      'show' | 'hide' | 'focus' | 'isVisible' | 'isDestroyed' | 'getSize' | 'setPosition' | 'destroy'
    >
{
  readonly webContents: StandInWebContents;
  visible = false;
  position: [number, number] = [0, 0];
  loaded: { file: string; hash: string | null } | null = null;
  /** What the preload exposed to the page (contextBridge.exposeInMainWorld). */
  world: PreloadWorld | null = null;
  private destroyed = false;
  constructor(
    readonly options: Electron.BrowserWindowConstructorOptions,
    host: { ipcMain: StandInIpcMain; windows: StandInWindow[] },
  ) {
    super();
    this.webContents = new StandInWebContents(host.ipcMain);
    host.windows.push(this);
  }
  async loadFile(filePath: string, options?: Electron.LoadFileOptions): Promise<void> {
    this.loaded = { file: filePath, hash: options?.hash ?? null };
    await new Promise((resolve) => setImmediate(resolve));
    const preload = this.options.webPreferences?.preload;
    if (preload) this.world = runSandboxedPreload(preload, this.webContents);
    this.webContents.loading = false;
    this.webContents.emit('did-finish-load');
    this.emit('ready-to-show');
  }
  show(): void {
    this.visible = true;
    this.emit('show');
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {}
  isVisible(): boolean {
    return this.visible;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getSize(): number[] {
    return [this.options.width ?? 800, this.options.height ?? 600];
  }
  setPosition(x: number, y: number): void {
    this.position = [x, y];
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
  }
  /** The user clicks the window's close box. */
  close(): void {
    const event = preventable();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  }
}

type InvokeHandler = (event: { sender: StandInWebContents; senderFrame: StandInFrame }, ...args: unknown[]) => unknown;

export class StandInIpcMain extends EventEmitter implements Pick<Electron.IpcMain, 'handle' | 'removeHandler'> {
  private readonly handlers = new Map<string, InvokeHandler>();
  handle(channel: string, listener: (event: Electron.IpcMainInvokeEvent, ...args: any[]) => Promise<any> | any): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener as unknown as InvokeHandler);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  channels(): string[] {
    return [...this.handlers.keys()];
  }
  async invoke(
    event: { sender: StandInWebContents; senderFrame: StandInFrame },
    channel: string,
    ...args: unknown[]
  ): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler)
      throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
    return structuredClone(await handler(event, ...args.map((a) => structuredClone(a))));
  }
}

export class StandInNotification extends EventEmitter implements Pick<Electron.Notification, 'show' | 'close'> {
  static isSupported(): boolean {
    return true;
  }
  readonly title: string;
  readonly body: string;
  /** The buttons macOS would show; the test answers one by emitting 'action' with its index. */
  readonly actions: Electron.NotificationAction[];
  constructor(
    options: Electron.NotificationConstructorOptions | undefined,
    private readonly shown: StandInNotification[],
  ) {
    super();
    this.title = options?.title ?? '';
    this.body = options?.body ?? '';
    this.actions = options?.actions ?? [];
  }
  show(): void {
    this.shown.push(this);
  }
  close(): void {}
}

export interface StandInOptions {
  /** app.getPath('userData'): the app's data folder. */
  userData: string;
  /** Accelerators the OS refuses (another app holds them). */
  refusedAccelerators?: string[];
  /** Called as the app makes a tray (the start benchmark times the start by it). */
  onTray?(tray: StandInTray): void;
  /** app.getVersion(): package.json's version unless a test plays another (an update's tests). */
  version?: string;
  /** app.isPackaged: an installed Stint (electron-updater runs only there); false, a run from dist/. */
  packaged?: boolean;
  /** Certificates (PEM) the machine trusts besides the public roots, as a CA in the OS's store (the update feed's). */
  trustedCertificates?: string[];
}

/** The stand-in: the `electron` module as main/shell/ imports it, plus what the test reads and does. */
export type ElectronStandIn = ReturnType<typeof createElectronStandIn>;

export function createElectronStandIn(options: StandInOptions) {
  const notifications: StandInNotification[] = [];
  const errorBoxes: Array<{ title: string; content: string }> = [];
  const externalUrls: string[] = [];
  const trays: StandInTray[] = [];
  /** app.relaunch's calls: what Electron would start once this app has exited. */
  const relaunches: Electron.RelaunchOptions[] = [];
  const shortcuts = new Map<string, () => void>();
  const refused = new Set(options.refusedAccelerators ?? []);
  /** Every registration the OS refused, in order (an accelerator each time it was asked for). */
  const refusedRegistrations: string[] = [];
  /** What the app appended to Chromium's command line (app.commandLine.appendSwitch), in order. */
  const switches: Array<{ name: string; value: string | undefined }> = [];
  let exitCode: number | null = null;
  let quitted!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (quitted = resolve));

  const windows: StandInWindow[] = [];
  const ipcMain = new StandInIpcMain();

  const app = Object.assign(new EventEmitter(), {
    commandLine: {
      appendSwitch(name: string, value?: string): void {
        switches.push({ name, value });
      },
    } satisfies Pick<Electron.CommandLine, 'appendSwitch'>,
    // Run from dist/, as `npm start` does, unless a test plays an installed package (updates).
    isPackaged: options.packaged ?? false,
    getVersion: () => options.version ?? STINT_VERSION,
    getName: () => 'Stint',
    // The OS's languages as Electron reads them: English, so the e2e tests read the app in English.
    getPreferredSystemLanguages: () => ['en-US'],
    getAppPath: () => process.cwd(),
    requestSingleInstanceLock: () => true,
    whenReady: () => new Promise<void>((resolve) => setImmediate(resolve)),
    getPath: (name: Parameters<Electron.App['getPath']>[0]) =>
      name === 'userData' ? options.userData : `${options.userData}/../${name}`,
    setLoginItemSettings: (_settings: Electron.Settings) => {},
    relaunch: (relaunchOptions: Electron.RelaunchOptions = {}) => void relaunches.push(relaunchOptions),
    exit(code = 0) {
      exitCode = code;
      quitted(code);
    },
    // Electron's order: before-quit (cancellable), every window's close (cancellable), will-quit, quit.
    quit() {
      const before = preventable();
      app.emit('before-quit', before);
      if (before.defaultPrevented) return;
      for (const window of windows.filter((w) => !w.isDestroyed())) {
        window.close();
        if (!window.isDestroyed()) return;
      }
      const will = preventable();
      app.emit('will-quit', will);
      if (will.defaultPrevented) return;
      app.emit('quit', preventable(), 0);
      exitCode = 0;
      quitted(0);
    },
  }) satisfies Pick<
    Electron.App,
    | 'isPackaged'
    | 'getVersion'
    | 'getName'
    | 'getPreferredSystemLanguages'
    | 'getAppPath'
    | 'requestSingleInstanceLock'
    | 'whenReady'
    | 'getPath'
    | 'setLoginItemSettings'
    | 'relaunch'
    | 'exit'
    | 'quit'
  >;

  const electron = {
    app,
    ipcMain,
    BrowserWindow: class extends StandInWindow {
      constructor(windowOptions: Electron.BrowserWindowConstructorOptions = {}) {
        super(windowOptions, { ipcMain, windows });
      }
    },
    Tray: class extends StandInTray {
      constructor(image: Electron.NativeImage | string) {
        super(typeof image === 'string' ? new StandInImage(image) : (image as unknown as StandInImage));
        trays.push(this);
        options.onTray?.(this);
      }
    },
    Menu: {
      buildFromTemplate: (template: Array<Electron.MenuItemConstructorOptions | Electron.MenuItem>) =>
        new StandInMenu(template as Electron.MenuItemConstructorOptions[]),
    },
    nativeImage: {
      createFromPath: (path: string) => new StandInImage(path),
      createEmpty: () => new StandInImage(),
    },
    nativeTheme: Object.assign(new EventEmitter(), {
      shouldUseDarkColors: false,
      shouldUseDarkColorsForSystemIntegratedUI: false,
      themeSource: 'system' as Electron.NativeTheme['themeSource'],
    }),
    Notification: class extends StandInNotification {
      constructor(notificationOptions?: Electron.NotificationConstructorOptions) {
        super(notificationOptions, notifications);
      }
    },
    globalShortcut: {
      register(accelerator: string, callback: () => void): boolean {
        if (refused.has(accelerator)) {
          refusedRegistrations.push(accelerator);
          return false;
        }
        shortcuts.set(accelerator, callback);
        return true;
      },
      unregister(accelerator: string): void {
        shortcuts.delete(accelerator);
      },
      unregisterAll(): void {
        shortcuts.clear();
      },
    } satisfies Pick<Electron.GlobalShortcut, 'register' | 'unregister' | 'unregisterAll'>,
    powerMonitor: Object.assign(new EventEmitter(), {
      idleSeconds: 0,
      getSystemIdleTime: (): number => electron.powerMonitor.idleSeconds,
    }),
    screen: {
      getAllDisplays: () =>
        [
          { bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 32, width: 1920, height: 1048 } },
        ] as Electron.Display[],
      getCursorScreenPoint: (): Electron.Point => ({ x: 960, y: 0 }),
    } satisfies Pick<Electron.Screen, 'getAllDisplays' | 'getCursorScreenPoint'>,
    shell: {
      openExternal: async (url: string, _options?: Electron.OpenExternalOptions): Promise<void> => {
        externalUrls.push(url);
      },
    } satisfies Pick<Electron.Shell, 'openExternal'>,
    dialog: {
      showErrorBox: (title: string, content: string): void => {
        errorBoxes.push({ title, content });
      },
    } satisfies Pick<Electron.Dialog, 'showErrorBox'>,
    // electron-updater's: its HTTP goes through net.request on a session of its own, and a
    // quitAndInstall tells autoUpdater 'before-quit-for-update'.
    net: {
      request: (request: Electron.ClientRequestConstructorOptions | string) => standInNetRequest(request, options),
    },
    autoUpdater: new EventEmitter(),
    session: {
      fromPartition: (_partition: string, _options?: Electron.FromPartitionOptions) => ({}),
      defaultSession: {
        permissionRequests: null as unknown,
        permissionChecks: null as unknown,
        setPermissionRequestHandler(handler: Parameters<Electron.Session['setPermissionRequestHandler']>[0]) {
          this.permissionRequests = handler;
        },
        setPermissionCheckHandler(handler: Parameters<Electron.Session['setPermissionCheckHandler']>[0]) {
          this.permissionChecks = handler;
        },
      },
    },
  };

  return {
    /** What `require('electron')` answers in the app's main process. */
    module: electron,
    windows,
    trays,
    notifications,
    errorBoxes,
    externalUrls,
    relaunches,
    shortcuts,
    refusedRegistrations,
    switches,
    /** Resolves with the exit code when the app has quit or exited. */
    exited,
    exitCode: () => exitCode,
    /** The OS: a second launch with these arguments (`stint --toggle`). */
    secondInstance: (argv: string[]) => app.emit('second-instance', preventable(), ['stint', ...argv], '/'),
    /** The OS: sleep, wake, lock, unlock. */
    power: (event: 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen') => electron.powerMonitor.emit(event),
    /** The user presses a global shortcut. */
    press(accelerator: string): void {
      const callback = shortcuts.get(accelerator);
      if (!callback) throw new Error(`No global shortcut ${accelerator} is registered`);
      callback();
    },
  };
}

/** package.json's version, as Electron's app.getVersion() answers for a packaged app. */
const STINT_VERSION: string = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
  .version;

/**
 * Electron's net.request (Chromium's network stack) played by Node's http: electron-updater gives it
 * Node-style options (protocol, hostname, port, path, headers; `redirect: 'manual'`, following a
 * Location itself) and reads the answer as Node's IncomingMessage, which Electron's mirrors.
 */
function standInNetRequest(
  options: Electron.ClientRequestConstructorOptions | string,
  machine: StandInOptions,
): Electron.ClientRequest {
  if (typeof options === 'string') return http.request(options) as unknown as Electron.ClientRequest;
  const { session: _session, redirect: _redirect, partition: _partition, ...rest } = options;
  if (rest.protocol !== 'https:') return http.request(rest as http.RequestOptions) as unknown as Electron.ClientRequest;
  // Chromium trusts the OS's roots, and the machine's own CAs with them.
  const ca = machine.trustedCertificates ? [...rootCertificates, ...machine.trustedCertificates] : undefined;
  return https.request({
    ...(rest as https.RequestOptions),
    ...(ca ? { ca } : {}),
  }) as unknown as Electron.ClientRequest;
}
