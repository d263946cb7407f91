/**
 * Pages of this domain, loaded lazily through ./manifest.ts.
 */
export { UsagePage } from './usage-page.tsx';
