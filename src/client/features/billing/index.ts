/**
 * Pages of this domain, loaded lazily through ./manifest.ts. Replace a placeholder by exporting
 * the real component under the same name, e.g. `export { CategoriesPage } from './categories-page.tsx';`.
 */
import { placeholderPage } from '../../components/not-available-yet.tsx';

export const MyPlanPage = placeholderPage('menu.myPlan');
export const BuyTagPage = placeholderPage('pages.buyTag');
/** /plans: the public plan cards (same as the landing page). */
export { PlansPage } from './plans-page.tsx';
