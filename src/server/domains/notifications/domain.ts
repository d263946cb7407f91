import { defineDomain } from '../../kit/domain.ts';
import { notificationJobs } from './jobs.ts';
import { notificationsOperations } from './operations.ts';

export const notificationsDomain = defineDomain({
  tag: 'Notifications',
  operations: notificationsOperations,
  jobs: notificationJobs,
});
