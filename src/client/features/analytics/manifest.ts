import { defineFeature, lazyPage, searchOf } from '../../lib/manifest.ts';

export const analyticsManifest = defineFeature('analytics', [
  {
    // Issue 18: page views per route and company over time, for the provider admin.
    path: '/usage',
    roles: ['MOBCHECK_ADMIN'],
    page: lazyPage(() => import('./index.ts'), 'UsagePage'),
    search: searchOf('from', 'to', 'route', 'companyId'),
    menu: { group: 'settings', label: 'menu.usage', order: 50 },
    operations: ['analytics.usage'],
  },
]);
