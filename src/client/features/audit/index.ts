/**
 * Pages of the audit domain, loaded lazily through ./manifest.ts.
 */
import './i18n.ts';

export { AuditLogPage, PlatformAuditLogPage } from './audit-log-page.tsx';
