/**
 * Pages of the tags domain (seed 001 screens 6 and 7), loaded lazily through ./manifest.ts.
 */
import './i18n.ts';

/** /tags: the toggle for admins only (seed 001 §6). */
export { TagsPage } from './tags-page.tsx';
/** /tags-replace: the replacement requests and the replace dialog. */
export { TagsReplacePage } from './tags-replace-page.tsx';
