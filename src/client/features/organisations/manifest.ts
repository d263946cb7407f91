import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage, only, SIGNED_IN } from '../../lib/manifest.ts';
import { WEBHOOK_SETTINGS_OPERATIONS } from '../webhooks/operations.ts';

const feature = () => import('./index.ts');

export const organisationsManifest = defineFeature('organisations', [
  {
    path: '/company-users',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'CompanyUsersPage'),
    menu: { group: 'settings', label: 'menu.employees', order: 10 },
    operations: [
      'organisations.companyUsers.list',
      'organisations.companyUsers.create',
      'organisations.companyUsers.update',
      // the company choice (a company admin adds users to its own company only)
      ...only(['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'], 'organisations.companies.list'),
      // removal: the provider admin only (seed 000 §6)
      ...only(['MOBCHECK_ADMIN'], 'organisations.companyUsers.remove'),
    ],
  },
  {
    path: '/companies',
    roles: ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'],
    page: lazyPage(feature, 'CompaniesPage'),
    menu: { group: 'settings', label: 'menu.companies', order: 20 },
    operations: [
      'organisations.companies.list',
      'organisations.companies.create',
      'organisations.companies.update',
      // a row's "Dossiê AVCB/CLCB": the job, followed to its download
      'dossier.pdf',
      'jobs.get',
    ],
  },
  {
    path: '/company-groups',
    roles: ['MOBCHECK_ADMIN'],
    page: lazyPage(feature, 'CompanyGroupsPage'),
    menu: { group: 'settings', label: 'menu.companyGroups', order: 30 },
    operations: [
      'organisations.companyGroups.list',
      'organisations.companyGroups.create',
      'organisations.companyGroups.export',
      'organisations.companyGroups.requestDeletion',
      'organisations.companyGroups.restore',
      'organisations.switchCompany',
      'jobs.get',
      'jobs.list',
    ],
  },
  {
    path: '/user-companies',
    roles: ['COMPANY_GROUP_ADMIN'],
    page: lazyPage(feature, 'UserCompaniesPage'),
    menu: { group: 'settings', label: 'menu.userCompanies', order: 30 },
    operations: ['organisations.companyGroups.ofUser', 'organisations.switchCompany'],
  },
  {
    path: '/users',
    roles: ['MOBCHECK_ADMIN'],
    page: lazyPage(feature, 'UsersPage'),
    menu: { group: 'settings', label: 'menu.users', order: 40 },
    operations: [
      'organisations.users.list',
      'organisations.users.activateGeneric',
      'organisations.users.migratePending',
      'organisations.users.migrate',
      'organisations.users.setPassword',
      'organisations.users.remove',
      'organisations.companyGroups.list',
    ],
  },
  {
    // Everyone chooses the language here; the platform toggles are the provider admin's.
    path: '/config-system',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'ConfigSystemPage'),
    menu: { group: 'settings', label: 'menu.configSystem', order: 90, roles: ADMIN_ROLES },
    operations: [
      ...only(['MOBCHECK_ADMIN'], 'config.list', 'config.toggle'),
      ...only(
        ADMIN_ROLES,
        'organisations.companies.publicTagCard',
        'organisations.companies.setPublicTagCard',
      ),
      ...WEBHOOK_SETTINGS_OPERATIONS,
    ],
  },
]);
