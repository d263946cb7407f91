import { defineFeature, EVERYONE, lazyPage } from '../../lib/manifest.ts';

/**
 * The public check of a sealed record (issue 29 item 3): `/#/verify/<code>` is the URL the QR code
 * on a signed record's PDF encodes. Anyone, signed in or not.
 */
export const sealsManifest = defineFeature('seals', [
  {
    path: '/verify/$code',
    roles: EVERYONE,
    page: lazyPage(() => import('./index.ts'), 'VerifyPage'),
    operations: ['seals.verify'],
  },
]);
