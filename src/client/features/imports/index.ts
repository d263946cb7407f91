/**
 * Pages of this domain, loaded lazily through ./manifest.ts.
 */
export { ImportsPage } from './imports-page.tsx';
