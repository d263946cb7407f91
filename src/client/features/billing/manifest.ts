import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { ANONYMOUS, defineFeature, lazyPage } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

export const billingManifest = defineFeature('billing', [
  { path: '/plans', roles: ANONYMOUS, page: lazyPage(feature, 'PlansPage'), operations: [] },
  {
    path: '/my-plan',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'MyPlanPage'),
    // Seed 000 §2, §6: My plan is in the user menu of the provider admin and the group admin only.
    userMenu: { label: 'menu.myPlan', order: 50, roles: ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'] },
    operations: [],
  },
  { path: '/buy-tag', roles: ADMIN_ROLES, page: lazyPage(feature, 'BuyTagPage'), operations: [] },
]);
