/** Pages of the field flow, loaded lazily through ./manifest.ts. */
export { FieldTagPage } from './field-page.tsx';
export { OfflinePage } from './offline/offline-page.tsx';
