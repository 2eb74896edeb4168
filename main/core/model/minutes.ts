// The minutes an entry will get: written once in common/ (the window previews a log with them).
export { DEFAULT_BILLING_INCREMENT, elapsedMinutes, roundUpToIncrement } from '../../../common/minutes';
