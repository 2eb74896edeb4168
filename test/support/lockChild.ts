// A process that takes a data folder as the app does first (main/core/dataFolderLock.ts), for the
// lock's tests: two starts at the same moment, a holder killed with SIGKILL.
//
//   node lockChild.mjs <dataDir>
//
// Prints "ready" once loaded, then waits for a line "go" on standard input (so that several
// children try at the same moment), tries, and prints "won" or "refused". A winner holds the
// folder until its standard input ends, then lets it go and exits 0; a refused child exits 1.
import { createInterface } from 'node:readline';
import { DataFolderInUseError, lockDataFolder } from '../../main/core/accounts/dataFolderLock';

const dataDir = process.argv[2]!;
const lines = createInterface({ input: process.stdin });
console.log('ready');
lines.once('line', async () => {
  try {
    const lock = await lockDataFolder(dataDir);
    console.log('won');
    lines.once('close', () => void lock.release().then(() => process.exit(0)));
  } catch (error) {
    console.log(error instanceof DataFolderInUseError ? 'refused' : `error ${(error as Error).message}`);
    process.exit(1);
  }
});
