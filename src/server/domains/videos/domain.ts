import { defineDomain } from '../../kit/domain.ts';
import { videosOperations } from './operations.ts';
import { seedVideoLessons } from './seed.ts';

export const videosDomain = defineDomain({
  tag: 'Video lessons',
  operations: videosOperations,
  seed: seedVideoLessons,
});
