// The renderer's entry: talks to main through window.stint (the preload's bridge in Electron), or
// through the web host's WebSocket where there is no preload.

import { render } from 'preact';
import { Root } from './app/Root';
import { createConnection } from './hooks';
import { INITIAL_SNAPSHOT_ID } from '../common/channels';
import type { Snapshot } from '../common/snapshot';
import { createWebBridge } from './webBridge';

function start() {
  const root = document.getElementById('app')!;
  if (window.stint) {
    render(<Root bridge={window.stint} />, root);
    return;
  }
  const connection = createConnection();
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge`;
  const bridge = createWebBridge({ url, onConnection: (up) => connection.set(up), initial: initialSnapshot() });
  render(<Root bridge={bridge} connection={connection} />, root);
}

/** The snapshot the web host wrote into the page (a JSON data block, which the CSP lets be: it never runs). */
function initialSnapshot(): Snapshot | null {
  const text = document.getElementById(INITIAL_SNAPSHOT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as Snapshot;
  } catch {
    return null;
  }
}

start();
