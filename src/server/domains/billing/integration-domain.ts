/**
 * The worker jobs of billing's provider integration (issue 17; billing-integration): webhook event
 * processing, its sweep and the nightly reconciliation (`event-jobs.ts`). A domain of jobs only —
 * billing's operations are the `billing` domain's — registered by one line in src/server/domains.ts.
 */
import { defineDomain } from '../../kit/domain.ts';
import { billingIntegrationJobs } from './event-jobs.ts';

export const billingIntegrationDomain = defineDomain({
  tag: 'Billing',
  operations: {},
  jobs: billingIntegrationJobs,
});
