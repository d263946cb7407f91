import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { ANONYMOUS, defineFeature, lazyPage, only } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

/** Seed 000 §6: the group's plan is the provider admin's and the group admin's. */
const PLAN_OWNERS = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'] as const;

export const billingManifest = defineFeature('billing', [
  { path: '/plans', roles: ANONYMOUS, page: lazyPage(feature, 'PlansPage'), operations: ['billing.plans'] },
  {
    path: '/my-plan',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'MyPlanPage'),
    // Seed 000 §2, §6: My plan is in the user menu of the provider admin and the group admin only;
    // the company admin reaches the route (seed §2's route set) and is told who manages the plan.
    userMenu: { label: 'menu.myPlan', order: 50, roles: PLAN_OWNERS },
    operations: [
      ...only(
        PLAN_OWNERS,
        'billing.myPlan',
        'billing.plans',
        'billing.subscriptionRows',
        'billing.changePlan',
        'billing.changeQuote',
        'billing.startSubscription',
        'billing.cancelSubscription',
        'billing.reactivateSubscription',
      ),
    ],
  },
  {
    path: '/buy-tag',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'BuyTagPage'),
    operations: [
      'billing.tagPrices',
      'billing.tagOrders.list',
      'billing.tagOrders.create',
      'billing.tagOrders.shippingAddress',
    ],
  },
  {
    // Issue 17: paid tag orders are shipped by the provider; the fulfilment list is theirs.
    path: '/tag-orders',
    roles: ['MOBCHECK_ADMIN'],
    page: lazyPage(feature, 'TagOrdersPage'),
    menu: { group: 'tags', label: 'menu.tagOrders', order: 40 },
    operations: ['billing.tagOrders.list', 'billing.tagOrders.markShipped'],
  },
  {
    // Issue 17: the provider admin edits the plans' prices and limits (ids stable) and the tag prices.
    path: '/plans-admin',
    roles: ['MOBCHECK_ADMIN'],
    page: lazyPage(feature, 'PlansAdminPage'),
    menu: { group: 'settings', label: 'menu.plansAdmin', order: 95 },
    operations: ['billing.plans', 'billing.tagPrices', 'billing.updatePlan', 'billing.updateTagPrice'],
  },
]);
