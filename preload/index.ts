// The sandboxed preload: exposes exactly the contract of common/contract.ts on window.stint, one
// method per channel plus the snapshot and UI-command feeds. No raw ipcRenderer, no process,
// nothing else. Bundled to one CommonJS file (a sandboxed preload cannot require local modules).

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { channels, ipcChannel, isUiCommand, SNAPSHOT_CHANNEL, UI_COMMAND_CHANNEL } from '../common/channels';
import type { Handlers, StintBridge } from '../common/contract';
import type { Snapshot } from '../common/snapshot';

const calls = Object.fromEntries(
  channels.map((channel) => [channel, (request: unknown) => ipcRenderer.invoke(ipcChannel(channel), request)]),
) as unknown as Handlers;

/** Subscribes to a push channel; the page never sees the IPC event (it carries the sender). */
function feed<T>(channel: string, accept: (value: unknown) => value is T, listener: (value: T) => void): () => void {
  const forward = (_event: IpcRendererEvent, value: unknown) => {
    if (accept(value)) listener(value);
  };
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
}

const isObject = (value: unknown): value is Snapshot => typeof value === 'object' && value !== null;

const bridge: StintBridge = {
  ...calls,
  onSnapshot: (listener) => feed(SNAPSHOT_CHANNEL, isObject, listener),
  onUiCommand: (listener) => feed(UI_COMMAND_CHANNEL, isUiCommand, listener),
};

contextBridge.exposeInMainWorld('stint', bridge);
