import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage } from '../../lib/manifest.ts';

export const videosManifest = defineFeature('videos', [
  {
    // The seed's operator route set has no /video-lessons.
    path: '/video-lessons',
    roles: ADMIN_ROLES,
    page: lazyPage(() => import('./index.ts'), 'VideoLessonsPage'),
    userMenu: { label: 'menu.videoLessons', order: 30 },
    operations: [],
  },
]);
