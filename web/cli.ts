// `npm run web [-- --port 7421 --data <dir>]`: the app's accounts (the embedded local one by
// default, with its service) with the web host in front, for a browser instead of Electron's window.

import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStintApp } from '../main/core/accounts/app';
import { startCliSocket } from '../main/core/cliSocket/server';
import { webHostDataDir } from '../main/core/desktop/dataDirs';
import { sessionSecretsNotice } from '../platform/keychain';
import { startWebHost } from './host';
import { openInBrowser } from './openInBrowser';

const DEFAULT_PORT = 7421;

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      'session-secrets': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log('Usage: npm run web -- [--port <n>] [--data <dir>] [--session-secrets]');
    return;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, not "${values.port}"`);
  const dataDir = values.data ?? webHostDataDir();

  // The default account (the embedded local one until another is added). Where no keychain
  // answers, the app keeps tokens in memory for this session and says so in the accounts list.
  // openStintApp takes the data folder first (main/core/dataFolderLock.ts): while another app
  // holds it, this start ends here (exit 1, "Another Stint is already running…") having opened
  // nothing there.
  const app = await openStintApp({
    dataDir,
    sessionOnly: values['session-secrets'],
    openExternal: openInBrowser,
    downloadsDir: join(homedir(), 'Downloads'),
    webHost: true,
  });
  const local = app.getSnapshot().accounts[0];
  if (local?.sessionOnly) console.warn(sessionSecretsNotice(values['session-secrets']));
  let host: Awaited<ReturnType<typeof startWebHost>>;
  let cli: Awaited<ReturnType<typeof startCliSocket>>;
  try {
    // The `stint` command line's socket; the folder is this app's already.
    cli = await startCliSocket({ handlers: app.handlers, exportCsv: app.exportCsv, dataDir });
  } catch (error) {
    await app.stop();
    throw error;
  }
  try {
    host = await startWebHost({ app, port });
  } catch (error) {
    await cli.close();
    await app.stop();
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? new Error(`Port ${port} is in use; pick another with --port.`)
      : error;
  }
  // The address carries this run's secret: only who can read this output can open the app.
  console.log(`Stint is running at ${host.openUrl}`);
  console.log(`Data: ${dataDir}. Command line: npm run stint -- --data ${dataDir} status. Press Ctrl+C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await host.close();
    await cli.close();
    await app.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
