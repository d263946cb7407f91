import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage, type MenuEntry } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');
const menu: MenuEntry = { group: 'dashboard', label: 'menu.dashboard', order: 0 };

/** '/' signed in: the dashboard, or a simpler home for the operator (seed 000 §2). */
export const dashboardManifest = defineFeature('dashboard', [
  { path: '/', roles: ADMIN_ROLES, page: lazyPage(feature, 'DashboardPage'), menu, operations: [] },
  {
    path: '/',
    roles: ['COMPANY_OPERATOR'],
    page: lazyPage(feature, 'OperatorHomePage'),
    menu,
    operations: [],
  },
]);
