// The contract's channel names without its schemas: common/contract.ts builds them with zod, and
// importing it at run time would put all of zod (about 450 KB) into the preload and the renderer.
// `satisfies` makes the compiler refuse a missing or an extra name, so this cannot drift.

import type { Channel } from '../common/contract';

const names = {
  getSnapshot: true,
  createProject: true,
  startTimer: true,
  pauseTimer: true,
  logTimer: true,
  discardTimer: true,
  toggleLastTimer: true,
  quickEntry: true,
  retryOperation: true,
  discardOperation: true,
  refresh: true,
} as const satisfies Record<Channel, true>;

export const channelNames = Object.keys(names) as Channel[];

/** The IPC channel name of a call; the same rule as ipcChannel in common/contract.ts. */
export const ipcChannelOf = (channel: Channel) => `stint:${channel}`;
/** As SNAPSHOT_CHANNEL in common/contract.ts. */
export const SNAPSHOT_IPC_CHANNEL = 'stint:snapshot';
