/**
 * Pages of this domain, loaded lazily through ./manifest.ts.
 */
export { VideoLessonsPage } from './video-lessons-page.tsx';
