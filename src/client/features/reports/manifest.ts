import { defineFeature, EVERYONE, lazyPage, only, SIGNED_IN, searchOf } from '../../lib/manifest.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { GROUP_WIDE_ROLES } from './report-roles.ts';

const feature = () => import('./index.ts');

/**
 * The calls of the inspection report: the list, the equipment dialog (with the map's settings and
 * the per-inspection documents), the exports and their jobs, the catalogue selects (open to every
 * tenant role), the company select for group-wide roles.
 */
const inspectionReport = [
  'equipment.list',
  'equipment.get',
  'equipment.inspections',
  'equipment.snapshots',
  'config.public',
  'reports.export',
  'documents.inspection',
  'jobs.get',
  'catalogue.categories.options',
  'catalogue.inspectionTypes.options',
  'catalogue.products.options',
  'reports.cycles',
  ...only(GROUP_WIDE_ROLES, 'organisations.companies.list'),
  // equipment awaiting a tag, given tags in bulk (issue 31)
  ...only(ADMIN_ROLES, 'equipment.nextUnusedTags', 'equipment.assignTags'),
];

export const reportsManifest = defineFeature('reports', [
  {
    path: '/inspections',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'InspectionsPage'),
    menu: { group: 'reports', label: 'menu.inspections', order: 10 },
    operations: inspectionReport,
  },
  {
    path: '/maintenances',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'MaintenancesPage'),
    menu: { group: 'reports', label: 'menu.maintenances', order: 20 },
    operations: [
      'reports.maintenances',
      'equipment.get',
      'equipment.maintenances',
      'equipment.snapshots',
      'reports.export',
      'documents.maintenance',
      'jobs.get',
      'catalogue.categories.options',
      'catalogue.inspectionTypes.options',
      'catalogue.products.options',
      'reports.cycles',
    ],
  },
  {
    // The inspection report reached through its deep link; `view` is a preset, rewritten on entry.
    path: '/report',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'ReportPage'),
    search: searchOf('view'),
    operations: inspectionReport,
  },
  {
    // Seed 000 §2: the deep link of the inspection report (anonymous: after signing in).
    path: '/inspections-report',
    roles: EVERYONE,
    redirect: { to: '/report', search: { view: 'inspections-report' } },
    operations: [],
  },
]);
