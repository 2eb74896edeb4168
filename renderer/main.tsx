// The renderer's entry: talks to main through window.stint (the preload's bridge in Electron), or
// through the web host's WebSocket where there is no preload.

import { render } from 'preact';
import { Root } from './components/settings/Root';
import { createConnection } from './hooks';
import { createWebBridge } from './webBridge';

function start() {
  const root = document.getElementById('app')!;
  if (window.stint) {
    render(<Root bridge={window.stint} />, root);
    return;
  }
  const connection = createConnection();
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge`;
  const bridge = createWebBridge({ url, onConnection: (up) => connection.set(up) });
  render(<Root bridge={bridge} connection={connection} />, root);
}

start();
