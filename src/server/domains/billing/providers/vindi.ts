/** Vindi's REST API v1. (Owned by the billing-integration work of issue 17.) */
import type { BillingProvider } from '../provider.ts';

export class VindiProvider implements Partial<BillingProvider> {
  readonly name = 'vindi' as const;
  constructor(readonly options: { apiKey: string; baseUrl: string }) {}
}
