// `stint <command>`: the command line of a running Stint app (README.md "Command line"). Finds the
// app's socket (--data DIR, or the default folders), runs the command, exits 0 done or queued,
// 1 refused (or the app went away mid-command), 2 no app running (or gone before any answer), 3 gone
// after it received a change and before it answered (it may be saved), 64 usage.

import { createInterface } from 'node:readline';
import { cliSocketPath } from '../main/core/cliSocket/address';
import { desktopDataDirs, webHostDataDir } from '../main/core/desktop/dataDirs';
import { resolveLocale } from '../common/i18n/locales';
import { parseCommandLine } from './args';
import { connectToApp, NoAppError } from './appConnection';
import { openOutputFile, outputProblem, standardOutput } from './outputFile';
import { EXIT, type Io, runCommand } from './run';
import { UntrustedSocketError } from './socketTrust';

const io: Io = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  async readLines() {
    if (process.stdin.isTTY)
      process.stderr.write('Type one entry per line; end with Ctrl-D (Ctrl-Z, Enter on Windows).\n');
    const lines: string[] = [];
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY }))
      lines.push(line);
    return lines;
  },
  outputProblem,
  output: async (path) => (path === null ? standardOutput(process.stdout) : openOutputFile(path)),
  ...(process.stderr.isTTY ? { progress: (text: string) => process.stderr.write(`\r${text}\x1b[K`) } : {}),
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

async function main(): Promise<number> {
  const parsed = parseCommandLine(process.argv.slice(2));
  if (parsed.kind === 'help') {
    io.out(parsed.text);
    return EXIT.done;
  }
  if (parsed.kind === 'usage') {
    io.err(`stint: ${parsed.message}\n\n${parsed.text}`);
    return EXIT.usage;
  }
  const dirs = parsed.dataDir !== null ? [parsed.dataDir] : [...desktopDataDirs(), webHostDataDir()];
  let app: Awaited<ReturnType<typeof connectToApp>>;
  try {
    app = await connectToApp(dirs.map((dir) => cliSocketPath(dir)));
  } catch (error) {
    if (error instanceof UntrustedSocketError) {
      io.err(`stint: ${error.message}`);
      return EXIT.refused;
    }
    if (!(error instanceof NoAppError)) throw error;
    io.err(
      [
        `stint: Stint is not running (no app answered at ${error.tried.join(', ')}).`,
        'Start it with `npm start` (the desktop app) or `npm run web` (the web host);',
        'for an app started with --data DIR, give this command the same --data DIR.',
      ].join('\n'),
    );
    return EXIT.noApp;
  }
  try {
    return await runCommand(parsed.command, app, io, {
      account: parsed.account,
      locale: resolveLocale(
        [process.env.LC_ALL, process.env.LC_MESSAGES, process.env.LANG].filter((v) => !!v) as string[],
      ),
    });
  } finally {
    app.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    io.err(`stint: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = EXIT.refused;
  },
);
