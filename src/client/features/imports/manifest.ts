import { defineFeature, lazyPage, only, searchOf } from '../../lib/manifest.ts';

/** Who imports: the group admin (any company of the group) and the company admin (its own). */
export const IMPORT_ROLES = ['COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN'] as const;

export const importsManifest = defineFeature('imports', [
  {
    // Issue 31: equipment (and companies, users) from a CSV or XLSX; `kind` and `companyId` in the URL.
    path: '/imports',
    roles: IMPORT_ROLES,
    page: lazyPage(() => import('./index.ts'), 'ImportsPage'),
    search: searchOf('kind', 'companyId'),
    menu: { group: 'registrations', label: 'menu.imports', order: 40 },
    operations: [
      'imports.upload',
      'imports.preview',
      'imports.dryRun',
      'imports.run',
      'imports.template',
      'jobs.get',
      'catalogue.inspectionTypes.options',
      ...only(['COMPANY_GROUP_ADMIN'], 'organisations.companies.list'),
    ],
  },
]);
