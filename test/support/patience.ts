// How long a test waits for a condition before it gives up. Generous on purpose: on a loaded
// machine (another test run beside this one) a moment can take seconds, and a wait that is met
// returns at once, so only a test that would fail anyway waits this long. Under the integration
// tests' own 30 s timeout, so a failure names what it waited for.
export const CONDITION_WAIT_MS = 25_000;
