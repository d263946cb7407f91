import { defineDomain } from '../../kit/domain.ts';
import { sealsOperations } from './operations.ts';
import { sealSubscriptions } from './subscriptions.ts';

export const sealsDomain = defineDomain({
  tag: 'Seals',
  operations: sealsOperations,
  subscribes: sealSubscriptions,
});
