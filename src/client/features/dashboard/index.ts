/** Pages of the dashboard, loaded lazily through ./manifest.ts (the charts are a chunk of their own). */
export { DashboardPage, OperatorHomePage } from './dashboard-page.tsx';
