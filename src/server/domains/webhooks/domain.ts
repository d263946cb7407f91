import { defineDomain } from '../../kit/domain.ts';
import { webhookJobs } from './jobs.ts';
import { webhookSubscriptions } from './domain-subscriptions.ts';
import { webhooksOperations } from './operations.ts';

export const webhooksDomain = defineDomain({
  tag: 'Webhooks',
  operations: webhooksOperations,
  jobs: webhookJobs,
  subscribes: webhookSubscriptions,
});
