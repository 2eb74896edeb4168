// Moved to test/support/ (offline.ts, tempDir.ts); this path stays for bench/, which imports it.
export { ACCOUNT, closedPortUrl, unreachableApi, until } from '../../../support/offline';
export { tempDir } from '../../../support/tempDir';
