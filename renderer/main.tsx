// The renderer's entry: talks to main through window.stint (the preload's bridge in Electron), or
// through the web host's WebSocket where there is no preload, once this tab holds the host's
// secret (renderer/webSecret.ts).

import { render } from 'preact';
import { bridgeProtocols } from '../common/webHostSecret';
import { Root } from './app/Root';
import { createConnection } from './hooks';
import { createWebBridge } from './webBridge';
import { takeWebSecret } from './webSecret';

function start() {
  const root = document.getElementById('app')!;
  if (window.stint) {
    render(<Root bridge={window.stint} />, root);
    return;
  }
  // Before anything reads the route: the address may still carry the secret in its fragment.
  const secret = takeWebSecret();
  // The printed address opened again in this tab changes only the fragment (no new load): take
  // the secret out at once, before the route reads it, and start over if it is a new run's.
  window.addEventListener('hashchange', () => {
    const now = takeWebSecret();
    if (now && now !== secret) location.reload();
  });
  if (!secret) {
    render(<NeedsPrintedAddress />, root);
    return;
  }
  const connection = createConnection();
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge`;
  const bridge = createWebBridge({
    url,
    protocols: bridgeProtocols(secret),
    onConnection: (up) => connection.set(up),
  });
  render(<Root bridge={bridge} connection={connection} />, root);
}

/** A tab that never opened the printed address (typed by hand, or a new tab): it has no key. */
function NeedsPrintedAddress() {
  return (
    <main class="needs-address" data-testid="needs-address">
      <p>
        Open the address Stint printed when it started (<code>{location.origin}/#k=…</code>). This tab does not hold
        this run's key, so it shows nothing.
      </p>
    </main>
  );
}

start();
