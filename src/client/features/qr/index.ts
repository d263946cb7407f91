/**
 * Pages of this domain, loaded lazily through ./manifest.ts. Replace a placeholder by exporting
 * the real component under the same name, e.g. `export { CategoriesPage } from './categories-page.tsx';`.
 */
export { QrCodePage } from './qr-code-page.tsx';
