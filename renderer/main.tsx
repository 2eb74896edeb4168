// The renderer's entry: talks to main through window.stint (the preload's bridge in Electron), or
// through the web host's WebSocket where there is no preload.

import { render } from 'preact';
import { App } from './components/App';
import { createConnection } from './hooks';
import { createWebBridge } from './webBridge';

function start() {
  const root = document.getElementById('app')!;
  if (window.stint) {
    render(<App bridge={window.stint} />, root);
    return;
  }
  const connection = createConnection();
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge`;
  const bridge = createWebBridge({ url, onConnection: (up) => connection.set(up) });
  render(<App bridge={bridge} connection={connection} />, root);
}

start();
