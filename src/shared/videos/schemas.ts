import { z } from 'zod';
import { VIDEO_LESSON_SLUGS } from './lessons.ts';

export const videoLessonSlugSchema = z.enum(VIDEO_LESSON_SLUGS);

/**
 * One lesson of the grid. `url` is a link valid VIDEO_LINK_TTL_SECONDS (a signed link of this
 * server, or the bucket's own signed URL on GCS) and `expiresAt` when it stops working; both null
 * when the lesson has no video yet (the client shows a placeholder card).
 */
export const videoLessonSchema = z.object({
  slug: videoLessonSlugSchema,
  title: z.string(),
  url: z.string().nullable(),
  expiresAt: z.date().nullable(),
  contentType: z.string().nullable(),
  size: z.number().int().nullable(),
  updatedAt: z.date().nullable(),
});
export type VideoLesson = z.infer<typeof videoLessonSchema>;

export const videoLessonListSchema = z.array(videoLessonSchema);

export const videoLessonBySlugSchema = z.object({ slug: videoLessonSlugSchema });
