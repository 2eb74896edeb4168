// What a write may carry beside its input.

export interface CreateOptions {
  /**
   * Sent as the Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header): the same key
   * on every attempt of one operation, so a service that honours it carries the POST out once and
   * answers a retry with the first answer (Stint's own service does; one that ignores the header
   * creates again, so the caller still looks for what an earlier attempt made).
   */
  idempotencyKey?: string;
}
