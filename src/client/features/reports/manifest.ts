import { defineFeature, EVERYONE, lazyPage, SIGNED_IN, searchOf } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

export const reportsManifest = defineFeature('reports', [
  {
    path: '/inspections',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'InspectionsPage'),
    menu: { group: 'reports', label: 'menu.inspections', order: 10 },
    operations: [],
  },
  {
    path: '/maintenances',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'MaintenancesPage'),
    menu: { group: 'reports', label: 'menu.maintenances', order: 20 },
    operations: [],
  },
  {
    path: '/report',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'ReportPage'),
    search: searchOf('view'),
    operations: [],
  },
  {
    // Seed 000 §2: the deep link of the inspection report (anonymous: after signing in).
    path: '/inspections-report',
    roles: EVERYONE,
    redirect: { to: '/report', search: { view: 'inspections-report' } },
    operations: [],
  },
]);
