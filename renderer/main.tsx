// The renderer's entry: talks to main through window.stint (the preload's bridge in Electron), or
// through the web host's WebSocket where there is no preload, once this tab holds the host's
// secret (renderer/webSecret.ts).

import { render } from 'preact';
import { bridgeProtocols } from '../common/webHostSecret';
import { loadFirstWords } from './app/loadWords';
import { Root } from './app/Root';
import { createConnection } from './hooks';
import { createWebBridge } from './webBridge';
import { takeWebSecret } from './webSecret';

function start() {
  const root = document.getElementById('app')!;
  if (window.stint) {
    const bridge = window.stint;
    void loadFirstWords(bridge).finally(() => render(<Root bridge={bridge} />, root));
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
  // The browser's languages are this user's "system" ones (web/bridgeServer.ts pageLanguages).
  const languages = encodeURIComponent([...navigator.languages].join(','));
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge?languages=${languages}`;
  const bridge = createWebBridge({
    url,
    protocols: bridgeProtocols(secret),
    onConnection: (up) => connection.set(up),
    hostAnswers: () =>
      fetch('/', { method: 'HEAD', cache: 'no-store' }).then(
        (answer) => answer.ok,
        () => false,
      ),
    onEarlierRun: () => render(<EarlierRun />, root),
  });
  void loadFirstWords(bridge).finally(() => render(<Root bridge={bridge} connection={connection} />, root));
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

/** A tab of a run that has stopped, whose address a later run answers with a key this tab does not hold. */
function EarlierRun() {
  return (
    <main class="needs-address" data-testid="earlier-run">
      <p role="alert">
        This page belongs to an earlier run of Stint, which has stopped; Stint was started again since. Open the address
        the new run printed (<code>{location.origin}/#k=…</code>), here or in a new tab: this page does not hold its
        key.
      </p>
    </main>
  );
}

start();
