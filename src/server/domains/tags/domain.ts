import { defineDomain } from '../../kit/domain.ts';
import { tagsOperations } from './operations.ts';

export const tagsDomain = defineDomain({
  tag: 'Tags',
  operations: tagsOperations,
});
