/** Pages of the service orders (seed 000 §2 /os and /create-os), loaded lazily through ./manifest.ts. */
import './i18n.ts';

export { CreateOsPage } from './create-os-page.tsx';
export { OsListPage } from './os-list-page.tsx';
