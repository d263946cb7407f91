/** Pages of the billing feature (issue 17), loaded lazily through ./manifest.ts. */
export { BuyTagPage } from './buy-tag-page.tsx';
export { MyPlanPage } from './my-plan-page.tsx';
/** /plans: the public plan cards (same as the landing page). */
export { PlansPage } from './plans-page.tsx';
export { PlansAdminPage } from './plans-admin-page.tsx';
export { TagOrdersPage } from './tag-orders-page.tsx';
