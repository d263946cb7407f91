import { defineFeature, lazyPage, SIGNED_IN } from '../../lib/manifest.ts';

export const videosManifest = defineFeature('videos', [
  {
    // Issue 18: every signed-in role (the operator too, beyond seed 000's route table).
    path: '/video-lessons',
    roles: SIGNED_IN,
    page: lazyPage(() => import('./index.ts'), 'VideoLessonsPage'),
    userMenu: { label: 'menu.videoLessons', order: 30 },
    // Videos play from the signed links the list gives; the provider admin's uploads go through
    // REST (PUT /web/video-lessons/{slug}/, the file as the body: videos.upload, not a procedure).
    operations: ['videos.list'],
  },
]);
