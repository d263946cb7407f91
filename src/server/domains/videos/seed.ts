import { VIDEO_LESSONS } from '../../../shared/videos/lessons.ts';
import { fileStore } from '../../files/store.ts';
import type { SeedContext } from '../../seed/context.ts';
import { demoLessonVideo } from './demo-video/lesson-video.ts';
import { lessonKey } from './service.ts';

/**
 * Demo lessons: a short generated MP4 (demo-video/) for every lesson but the last, which stays
 * missing so the page shows its placeholder card. A lesson that already has a video (one the
 * provider admin uploaded) is left alone: the lessons belong to the platform, not to the demo group.
 */
export async function seedVideoLessons(_ctx: SeedContext): Promise<void> {
  const store = fileStore();
  for (const [i, { slug }] of VIDEO_LESSONS.slice(0, -1).entries()) {
    if ((await store.stat(lessonKey(slug, 'mp4'))) || (await store.stat(lessonKey(slug, 'webm')))) continue;
    await store.put(lessonKey(slug, 'mp4'), Buffer.from(demoLessonVideo({ number: i + 1 })), 'video/mp4');
  }
}
