// Moved to test/support/clock.ts; this path stays for bench/, which imports it.
export { fakeClock, type FakeClock } from '../../../support/clock';
