/**
 * Pages of this domain, imported (lazily) by src/client/routes/. Replace a page by exporting the
 * real component under the same name.
 */
export { DashboardPage, OperatorHomePage } from './dashboard-page.tsx';
