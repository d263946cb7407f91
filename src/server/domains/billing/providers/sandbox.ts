/** The local sandbox provider (default). (Owned by the billing-core work of issue 17.) */
import type { BillingProvider } from '../provider.ts';

export class SandboxProvider implements Partial<BillingProvider> {
  readonly name = 'sandbox' as const;
}
