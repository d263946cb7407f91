/**
 * The nightly reconciliation (issue 17; billing-integration): a lost or failed webhook must not
 * leave a bill or subscription wrong for good. Pages (keyset on id, never loading all) through every
 * open subscription and every unfinished bill of the configured provider, re-reads each from the
 * provider (one at a time: the provider's own rate limit handling paces the run) and applies it with
 * the same idempotent `applyProviderSubscription` / `applyProviderBill` the webhooks use. Then
 * recomputes the payment status of the groups with overdue bills (time passes without any event:
 * a pending bill past its due date turns its group PENDING, later BLOCKED).
 */
import { sql } from 'kysely';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../logger.ts';
import { type BillingProvider, billingProvider } from './provider.ts';
import {
  applyProviderBill,
  applyProviderSubscription,
  overdueGroups,
  recomputeGroupPaymentStatus,
} from './state.ts';

// Left alone: subscriptions `canceled` or `expired` (a reactivation is an action of ours, applied
// when it happens) and bills `paid` or `canceled` (final).

const PAGE = 100;
/** This many provider failures in a row end the run (the provider is down): the job retries later. */
const MAX_CONSECUTIVE_FAILURES = 5;

export interface ReconcileSummary {
  subscriptions: number;
  bills: number;
  /** re-read but unknown at the provider */
  missing: number;
  /** failed re-reads or applies (logged) */
  failed: number;
  /** groups whose payment status was recomputed */
  groups: number;
}

export interface ReconcileOptions {
  /** defaults to the configured provider */
  provider?: BillingProvider;
  progress?: (percent: number) => Promise<void>;
}

export async function reconcileBilling(opts: ReconcileOptions = {}): Promise<ReconcileSummary> {
  const provider = opts.provider ?? (await billingProvider());
  const summary: ReconcileSummary = { subscriptions: 0, bills: 0, missing: 0, failed: 0, groups: 0 };
  let consecutive = 0;
  /** Runs one re-read-and-apply; counts it; ends the run when the provider keeps failing. */
  const attempt = async (what: string, fn: () => Promise<boolean>) => {
    try {
      if (!(await fn())) summary.missing++;
      consecutive = 0;
    } catch (e) {
      summary.failed++;
      consecutive++;
      log.warn('billing reconcile: item failed', { what, error: String((e as Error)?.message ?? e) });
      if (consecutive >= MAX_CONSECUTIVE_FAILURES) {
        if (e instanceof AppError && e.code === 'BILLING_PROVIDER_UNAVAILABLE') throw e;
        throw new Error(
          `billing reconcile stopped after ${consecutive} failures in a row: ${(e as Error)?.message}`,
        );
      }
    }
  };

  let after = 0;
  for (;;) {
    const rows = await coreDb()
      .selectFrom('billing_subscriptions')
      .select(['id', 'provider_id'])
      .where('provider', '=', provider.name)
      .where('provider_id', 'is not', null)
      // Literal, as the partial index's predicate (billing_subscriptions_open_idx), so the plan uses it.
      .where(sql<boolean>`status not in ('canceled', 'expired')`)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      await attempt(`subscription ${row.id}`, async () => {
        const sub = await provider.getSubscription(row.provider_id!);
        if (sub) await applyProviderSubscription(sub);
        return sub !== null;
      });
      summary.subscriptions++;
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  await opts.progress?.(40);

  after = 0;
  for (;;) {
    const rows = await coreDb()
      .selectFrom('billing_bills')
      .select(['id', 'provider_id'])
      .where('provider', '=', provider.name)
      .where(sql<boolean>`status not in ('paid', 'canceled')`) // billing_bills_open_idx
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      await attempt(`bill ${row.id}`, async () => {
        const bill = await provider.getBill(row.provider_id);
        if (bill) await applyProviderBill(bill);
        return bill !== null;
      });
      summary.bills++;
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  await opts.progress?.(80);

  for (const groupId of await overdueGroups()) {
    await recomputeGroupPaymentStatus(groupId);
    summary.groups++;
  }
  await opts.progress?.(100);
  log.info('billing reconciled', { ...summary });
  return summary;
}
