// The web host's way to open the system browser for a sign-in (Electron's shell.openExternal in
// the desktop app): the platform's opener, given the URL as one argument (no shell), and the URL
// printed too, for a machine where no opener answers (a server reached over SSH).

import { spawn } from 'node:child_process';
import { isSafeExternalUrl } from '../main/core/desktop/externalLinks';

export function openInBrowser(url: string): void {
  if (!isSafeExternalUrl(url)) throw new Error('Stint opens only http(s) addresses in the browser.');
  console.log(`To sign in, open ${url}`);
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
  child.on('error', () => {}); // no opener here: the printed address is the way
  child.unref();
}
