/**
 * Pages of this domain, loaded lazily through ./manifest.ts. Replace a page by exporting the
 * real component under the same name.
 */
export { DashboardPage, OperatorHomePage } from './dashboard-page.tsx';
