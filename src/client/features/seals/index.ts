/** Pages of the seals feature, loaded lazily through ./manifest.ts. */
import './i18n.ts';

export { VerifyPage } from './verify-page.tsx';
