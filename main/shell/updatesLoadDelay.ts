// electron-updater takes a few hundred milliseconds to load (measured 265–486 ms here): it is
// loaded this long after the account opened, off the start's path, and its first look follows.
// A file of its own so that the update tests' own bundle (scripts/build.mjs's updatesLoadDelayMs,
// never dist/) can start looking at once: twelve boots waiting 5 s each were most of their minute.
export const UPDATES_LOAD_DELAY_MS = 5000;
