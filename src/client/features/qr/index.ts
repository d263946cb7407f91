/**
 * Pages of this domain, loaded lazily through ./manifest.ts. Replace a placeholder by exporting
 * the real component under the same name, e.g. `export { CategoriesPage } from './categories-page.tsx';`.
 */
import { placeholderPage } from '../../components/not-available-yet.tsx';

export { QrCodePage } from './qr-code-page.tsx';
/** /tags: toggle allowed except for the operator. */
export const TagsPage = placeholderPage('menu.tags');
export const TagsReplacePage = placeholderPage('menu.tagsReplace');
/** /t/$serial: the phone-friendly field flow of a tag (read the serial with useParams({ from: '/t/$serial' })). */
export const FieldTagPage = placeholderPage('pages.fieldTag');
