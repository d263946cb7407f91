import { defineFeature, lazyPage, only, SIGNED_IN } from '../../lib/manifest.ts';

export const jobsManifest = defineFeature('jobs', [
  {
    path: '/jobs',
    roles: SIGNED_IN,
    page: lazyPage(() => import('./index.ts'), 'JobsPage'),
    userMenu: { label: 'menu.jobs', order: 40 },
    // Results download from the signed links the list gives; the queue board is the provider admin's.
    operations: ['jobs.list', ...only(['MOBCHECK_ADMIN'], 'jobs.boardLink')],
  },
]);
