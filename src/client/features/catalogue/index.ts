/**
 * Pages of this domain, imported (lazily) by src/client/routes/. Replace a placeholder by exporting
 * the real component under the same name, e.g. `export { CategoriesPage } from './categories-page.tsx';`.
 */
import { placeholderPage } from '../../components/not-available-yet.tsx';

export const CategoriesPage = placeholderPage('menu.categories');
export const SubcategoriesPage = placeholderPage('menu.subcategories');
/** /products: admin mode for MOBCHECK_ADMIN, non-admin otherwise (seed 000 §2). */
export const ProductsPage = placeholderPage('menu.products');
