import { defineDomain } from '../../kit/domain.ts';
import { billingSubscriptions } from './domain-subscriptions.ts';
import { billingIntegrationJobs } from './event-jobs.ts';
import { billingOperations } from './operations.ts';
import { seedBilling } from './seed.ts';

export const billingDomain = defineDomain({
  tag: 'Billing',
  operations: billingOperations,
  // Webhook event processing, its sweep and the nightly reconciliation (event-jobs.ts).
  jobs: billingIntegrationJobs,
  seed: seedBilling,
  subscribes: billingSubscriptions,
});
