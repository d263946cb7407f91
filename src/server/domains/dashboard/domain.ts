import { defineDomain } from '../../kit/domain.ts';
import { dashboardOperations } from './operations.ts';

export const dashboardDomain = defineDomain({
  tag: 'Dashboard',
  operations: dashboardOperations,
});
