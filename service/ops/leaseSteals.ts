// Webhook lease steals: an instance took over a delivery whose lease another instance held past
// its end (that instance died or stalled). Counted where a lease is taken over (events/webhookClaims.ts); one
// counter per process, served by every metrics registry of the process (ops/metrics.ts).
import { Counter } from 'prom-client';

export const webhookLeaseSteals = new Counter({
  name: 'stint_webhook_lease_steals_total',
  help: 'Webhook deliveries this process took over from another instance whose lease had run out',
  registers: [],
});
