/**
 * Takes one Vindi-shaped webhook event (`{ event: { type, created_at, data } }`): stores the raw
 * event under a deduplication key (type + resource id + created_at — Vindi sends no event id) and
 * enqueues its processing in the worker. Used by `POST /web/billing/webhooks/vindi/{secret}` and by
 * the sandbox provider, which fires the same events. Answers in milliseconds: nothing here calls
 * the provider. (Owned by the billing-integration work of issue 17.)
 */
export async function ingestVindiEvent(_raw: unknown): Promise<{ stored: boolean; duplicate: boolean }> {
  throw new Error('ingestVindiEvent: not built yet');
}
