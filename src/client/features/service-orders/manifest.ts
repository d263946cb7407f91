import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

/** Not for the operator (seed 000 §2). */
export const serviceOrdersManifest = defineFeature('service-orders', [
  {
    path: '/create-os',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'CreateOsPage'),
    menu: { group: 'os', label: 'menu.osNew', order: 10 },
    operations: [],
  },
  {
    path: '/os',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'OsListPage'),
    menu: { group: 'os', label: 'menu.osList', order: 20 },
    operations: [],
  },
]);
