import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

export const auditManifest = defineFeature('audit', [
  {
    path: '/audit-log',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'AuditLogPage'),
    menu: { group: 'settings', label: 'menu.auditLog', order: 80 },
    operations: ['audit.list', 'audit.export', 'jobs.get'],
  },
  {
    path: '/platform-audit-log',
    roles: ['MOBCHECK_ADMIN'],
    page: lazyPage(feature, 'PlatformAuditLogPage'),
    menu: { group: 'settings', label: 'menu.platformAuditLog', order: 85 },
    operations: ['audit.platform'],
  },
]);
