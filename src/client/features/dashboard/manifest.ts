import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage, type MenuEntry, only } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');
const menu: MenuEntry = { group: 'dashboard', label: 'menu.dashboard', order: 0 };

/**
 * '/' signed in: the dashboard (seed 000 §2; its charts' links open /inspections, declared by the
 * reports), or the operator's simpler home: summary, monthly chart and recent activity only.
 */
export const dashboardManifest = defineFeature('dashboard', [
  {
    path: '/',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'DashboardPage'),
    menu,
    operations: [
      'dashboard.summary',
      'dashboard.monthlyInspections',
      'dashboard.equipmentStatus',
      'dashboard.employeeInspections',
      'dashboard.productInspections',
      'dashboard.inspectionTypeInspections',
      'dashboard.recentActivity',
      'dashboard.cycles',
      // the subcategory bars' links name the category by id
      'catalogue.categories.options',
      // the scope pickers: the provider admin's groups (with their companies), a group admin's
      // companies; a link from another group's charts switches the provider admin's session first
      ...only(['MOBCHECK_ADMIN'], 'organisations.companyGroups.list', 'organisations.switchCompany'),
      ...only(['COMPANY_GROUP_ADMIN'], 'organisations.companies.list'),
      // the company admin's "Dossiê AVCB/CLCB" (the others have it in the companies list)
      ...only(['COMPANY_ADMIN'], 'dossier.pdf', 'jobs.get'),
    ],
  },
  {
    path: '/',
    roles: ['COMPANY_OPERATOR'],
    page: lazyPage(feature, 'OperatorHomePage'),
    menu,
    operations: ['dashboard.summary', 'dashboard.monthlyInspections', 'dashboard.recentActivity'],
  },
]);
