/**
 * Pages of this domain, loaded lazily through ./manifest.ts. Replace a placeholder by exporting
 * the real component under the same name, e.g. `export { CategoriesPage } from './categories-page.tsx';`.
 */
import { placeholderPage } from '../../components/not-available-yet.tsx';

export const OsListPage = placeholderPage('menu.osList');
export const CreateOsPage = placeholderPage('menu.osNew');
