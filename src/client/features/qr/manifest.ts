import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage, SIGNED_IN } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

export const qrManifest = defineFeature('qr', [
  {
    // Toggling is allowed except for the operator (seed 001 §6).
    path: '/tags',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'TagsPage'),
    menu: { group: 'tags', label: 'menu.tagsList', order: 10 },
    operations: [],
  },
  {
    path: '/tags-replace',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'TagsReplacePage'),
    menu: { group: 'tags', label: 'menu.tagsReplace', order: 20 },
    operations: [],
  },
  {
    path: '/tags-qr-code',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'QrCodePage'),
    menu: { group: 'tags', label: 'menu.tagsQrCode', order: 30 },
    operations: ['qr.generatedCount', 'qr.generate', 'jobs.get'],
  },
  {
    // The phone-friendly field flow of a scanned tag (DESIGN §5).
    path: '/t/$serial',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'FieldTagPage'),
    operations: [],
  },
]);
