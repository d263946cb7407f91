/**
 * Where a due-date notification leads: the inspection report filtered to the same equipment the
 * digest and the bell count (`./schemas.ts`), one link per date — the report combines its filters
 * with "and", so "next inspection or due date in notice" is two links. Pure and shared: the
 * digest mail, the bell and tests/integration/notifications prove each count is the report's total
 * for its link. Tags: the report's default (active tags only), as the digest counts.
 */
import { INSPECTION_REPORT_PATH, type ReportSearch } from '../dashboard/drill-down.ts';
import { EXPIRED_OR_EXPIRING } from '../equipment/status.ts';

export { INSPECTION_REPORT_PATH, type ReportSearch };

function base(companyId: number | null): ReportSearch {
  return companyId === null ? {} : { companyId: String(companyId) };
}

/** The report's params for the equipment whose next inspection is in its notice window or past. */
export function dueInspectionsLink(companyId: number | null): ReportSearch {
  return { ...base(companyId), lastInspectionExpirationStatus: EXPIRED_OR_EXPIRING };
}

/** The report's params for the equipment whose due date is in its notice window or past. */
export function dueDatesLink(companyId: number | null): ReportSearch {
  return { ...base(companyId), dueDateExpirationStatus: EXPIRED_OR_EXPIRING };
}

export function dueLinks(companyId: number | null): { inspections: ReportSearch; dueDates: ReportSearch } {
  return { inspections: dueInspectionsLink(companyId), dueDates: dueDatesLink(companyId) };
}

/** An absolute link into the app (hash routing): `<publicUrl>/#/inspections?…`. */
export function appLink(publicUrl: string, path: string, search: ReportSearch = {}): string {
  const q = new URLSearchParams(search).toString();
  return `${publicUrl.replace(/\/$/, '')}/#${path}${q ? `?${q}` : ''}`;
}

/** The absolute link of a report search. */
export function reportLink(publicUrl: string, search: ReportSearch): string {
  return appLink(publicUrl, INSPECTION_REPORT_PATH, search);
}

/** The equipment's own page (the tag's page of the field flow). */
export function equipmentPath(serial: string): string {
  return `/t/${encodeURIComponent(serial)}`;
}
