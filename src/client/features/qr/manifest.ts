import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage, only } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

export const qrManifest = defineFeature('qr', [
  {
    path: '/tags-qr-code',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'QrCodePage'),
    menu: { group: 'tags', label: 'menu.tagsQrCode', order: 30 },
    operations: [
      'qr.generatedCount',
      'qr.generate',
      'qr.labelSettings',
      'qr.templates.list',
      'jobs.get',
      ...only(['MOBCHECK_ADMIN'], 'qr.templates.create'),
    ],
  },
]);
