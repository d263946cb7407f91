import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

/** Not for the operator (seed 000 §2, §6: no /os, no /create-os, cannot create OS). */
export const serviceOrdersManifest = defineFeature('service-orders', [
  {
    path: '/create-os',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'CreateOsPage'),
    menu: { group: 'os', label: 'menu.osNew', order: 10 },
    operations: ['serviceOrders.create', 'serviceOrders.users', 'serviceOrders.equipmentSearch'],
  },
  {
    path: '/os',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'OsListPage'),
    menu: { group: 'os', label: 'menu.osList', order: 20 },
    // The view dialog's print follows its job with `jobs.get`.
    operations: [
      'serviceOrders.list',
      'serviceOrders.get',
      'serviceOrders.update',
      'serviceOrders.users',
      'serviceOrders.pdf',
      'jobs.get',
    ],
  },
]);
