/**
 * The worker's side of a webhook event (issue 17; billing-integration): the stored event names a
 * bill or a subscription; its current state is re-read from the provider (an event is only a hint
 * — Vindi signs nothing, and events arrive late, twice or out of order) and applied with
 * `applyProviderBill` / `applyProviderSubscription`, which are idempotent and never move a state
 * back. The event row records the attempts, the last error and when it was processed.
 */
import { sql } from 'kysely';
import { coreDb } from '../../db/database.ts';
import { log } from '../../logger.ts';
import { billingProvider } from './provider.ts';
import { applyProviderBill, applyProviderSubscription } from './state.ts';
import { vindiEventTarget } from './vindi-event.ts';
import { parseVindiEvent } from './webhook-ingest.ts';
import './event-tables.ts';

export type ProcessedEvent = {
  /** what happened: applied, already processed, nothing to apply, or no such event row */
  outcome: 'applied' | 'already' | 'not-found-at-provider' | 'nothing' | 'missing';
  type?: string;
};

/**
 * Processes the event stored under `key`. Throws when the provider or the database fails (BullMQ
 * retries it); a bill or subscription the provider does not know is recorded, not retried.
 */
export async function processBillingEvent(
  key: string,
  opts: { finalAttempt?: boolean } = {},
): Promise<ProcessedEvent> {
  const db = coreDb();
  // Counts the attempt and reads the row in one statement; a processed event is left alone.
  const row = await db
    .updateTable('billing_events')
    .set({ attempts: sql`attempts + 1` })
    .where('dedup_key', '=', key)
    .where('processed_at', 'is', null)
    .returning(['id', 'type', 'payload'])
    .executeTakeFirst();
  if (!row) {
    const exists = await db
      .selectFrom('billing_events')
      .select('id')
      .where('dedup_key', '=', key)
      .executeTakeFirst();
    return { outcome: exists ? 'already' : 'missing' };
  }
  const done = (lastError: string | null) =>
    db
      .updateTable('billing_events')
      .set({ processed_at: new Date(), last_error: lastError })
      .where('id', '=', row.id)
      .execute();
  let target: ReturnType<typeof vindiEventTarget>;
  try {
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    target = vindiEventTarget(parseVindiEvent(payload));
  } catch {
    // Stored by an older release with another shape: retrying will not change it.
    await done('the stored event no longer parses');
    return { outcome: 'nothing', type: row.type };
  }
  try {
    const provider = await billingProvider();
    const missing: string[] = [];
    let applied = false;
    if (target.billId) {
      const bill = await provider.getBill(target.billId);
      if (bill) {
        await applyProviderBill(bill);
        applied = true;
      } else missing.push(`bill ${target.billId}`);
    }
    if (target.subscriptionId) {
      const sub = await provider.getSubscription(target.subscriptionId);
      if (sub) {
        await applyProviderSubscription(sub);
        applied = true;
      } else missing.push(`subscription ${target.subscriptionId}`);
    }
    if (missing.length) {
      // Re-reading again will not make it appear: recorded, not retried.
      log.warn('billing event names what the provider does not have', { type: row.type, missing });
      await done(`not found at the provider: ${missing.join(', ')}`);
      return { outcome: 'not-found-at-provider', type: row.type };
    }
    await done(null);
    return { outcome: applied ? 'applied' : 'nothing', type: row.type };
  } catch (e) {
    const message = String((e as Error)?.message ?? e).slice(0, 2000);
    await db
      .updateTable('billing_events')
      .set({ last_error: message })
      .where('id', '=', row.id)
      .execute()
      .catch(() => undefined);
    if (opts.finalAttempt) log.warn('billing event failed for good', { type: row.type, error: message });
    throw e;
  }
}
