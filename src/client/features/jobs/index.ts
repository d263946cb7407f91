/**
 * Pages of this domain, imported (lazily) by src/client/routes/.
 */
export { JobsPage } from './jobs-page.tsx';
