// The minutes an entry will get: written once in common/ (the window previews what it will store with them).

export {
  billingIncrement,
  DEFAULT_BILLING_INCREMENT,
  elapsedMinutes,
  minutesToLog,
  roundUpToIncrement,
} from '../../../common/minutes';
