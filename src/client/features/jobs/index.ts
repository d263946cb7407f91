/**
 * Pages of this domain, loaded lazily through ./manifest.ts.
 */
export { JobsPage } from './jobs-page.tsx';
