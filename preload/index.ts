// The sandboxed preload: exposes exactly the contract of common/contract.ts on window.stint, one
// method per channel plus the snapshot feed. No raw ipcRenderer, no process, nothing else.
// Bundled to one CommonJS file (a sandboxed preload cannot require local modules).

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { Handlers, StintBridge } from '../common/contract';
import type { Snapshot } from '../common/snapshot';
import { channelNames, ipcChannelOf, SNAPSHOT_IPC_CHANNEL } from './channels';

const calls = Object.fromEntries(
  channelNames.map((channel) => [channel, (request: unknown) => ipcRenderer.invoke(ipcChannelOf(channel), request)]),
) as unknown as Handlers;

const bridge: StintBridge = {
  ...calls,
  onSnapshot(listener) {
    // Wrapped so the page never sees the IPC event (it carries the sender).
    const forward = (_event: IpcRendererEvent, snapshot: Snapshot) => listener(snapshot);
    ipcRenderer.on(SNAPSHOT_IPC_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(SNAPSHOT_IPC_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('stint', bridge);
