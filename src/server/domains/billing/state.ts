/**
 * Applies what the provider says about a bill or a subscription to our rows — the one place a
 * bill's or subscription's state changes (webhooks, reconciliation, the sandbox all end here).
 * Idempotent and order-independent: applying an older state after a newer one changes nothing
 * that the newer one set. Then recomputes the company group's payment status.
 * (Owned by the billing-core work of issue 17.)
 */
import type { ProviderBill, ProviderSubscription } from './provider.ts';

export async function applyProviderBill(_bill: ProviderBill): Promise<void> {
  throw new Error('applyProviderBill: not built yet');
}

export async function applyProviderSubscription(_sub: ProviderSubscription): Promise<void> {
  throw new Error('applyProviderSubscription: not built yet');
}
