/**
 * Pages of the catalogue domain, loaded lazily through ./manifest.ts.
 */
import './i18n.ts';

export { CategoriesPage } from './categories-page.tsx';
/** /products: admin mode for MOBCHECK_ADMIN, non-admin otherwise (seed 000 §2). */
export { ProductsPage } from './products-page.tsx';
export { SubcategoriesPage } from './subcategories-page.tsx';
