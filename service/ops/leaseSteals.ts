// Webhook lease steals: an instance took over a delivery whose lease another instance held past
// its end (that instance died or stalled). Counted where a lease is taken over (events/webhookClaims.ts); one
// count per process, which every metrics registry of the process serves (ops/metrics.ts). A plain
// number, not a prom-client counter: the embedded app, which serves no metrics, never loads prom-client.
export const webhookLeaseSteals = {
  count: 0,
  inc(by = 1): void {
    this.count += by;
  },
};
