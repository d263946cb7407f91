import { defineDomain } from '../../kit/domain.ts';
import { photosOperations } from './operations.ts';
import { photoSubscriptions } from './subscriptions.ts';

export const photosDomain = defineDomain({
  tag: 'Photos',
  operations: photosOperations,
  subscribes: photoSubscriptions,
});
