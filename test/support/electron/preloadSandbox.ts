// Runs the shipped preload bundle as Electron runs a sandboxed preload: in a context of its own,
// whose `require` answers only 'electron' (the renderer's side: contextBridge and ipcRenderer) and
// throws for anything else, so a preload that needs Node, a local module or a package fails here
// as it would in the window. What it exposes is what the page gets.

import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import type * as Electron from 'electron';
import type { StandInWebContents } from './standIn';

/** The page's globals that the preload set: `world.stint` is the bridge. */
export type PreloadWorld = Record<string, unknown>;

type Listener = (event: unknown, ...args: unknown[]) => void;

export function runSandboxedPreload(path: string, contents: StandInWebContents): PreloadWorld {
  const world: PreloadWorld = {};
  const contextBridge = {
    exposeInMainWorld(apiKey: string, api: unknown): void {
      if (apiKey in world)
        throw new Error(`Cannot bind an API on top of an existing property on the window object: ${apiKey}`);
      world[apiKey] = api;
    },
  } satisfies Pick<Electron.ContextBridge, 'exposeInMainWorld'>;
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => contents.invokeFrom(contents.mainFrame, channel, ...args),
    on(channel: string, listener: Listener) {
      const set = contents.rendererListeners.get(channel) ?? new Set();
      set.add(listener as (...args: unknown[]) => void);
      contents.rendererListeners.set(channel, set);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: Listener) {
      contents.rendererListeners.get(channel)?.delete(listener as (...args: unknown[]) => void);
      return ipcRenderer;
    },
  };
  const electron = { contextBridge, ipcRenderer };
  const require = (id: string) => {
    if (id === 'electron') return electron;
    throw new Error(`module not found: ${id}`);
  };
  const module = { exports: {} as unknown };
  const code = readFileSync(path, 'utf8');
  const run = runInNewContext(`(function (exports, require, module) {${code}\n})`, { console }, { filename: path }) as (
    exports: unknown,
    require: (id: string) => unknown,
    module: { exports: unknown },
  ) => void;
  run(module.exports, require, module);
  return world;
}
