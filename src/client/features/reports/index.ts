/** Pages of the reports, loaded lazily through ./manifest.ts. */
import './i18n.ts';

export { InspectionsPage } from './inspections-page.tsx';
export { MaintenancesPage } from './maintenances-page.tsx';
/** /report?view=inspections-report (the deep link target of /inspections-report): the inspection report. */
export { InspectionsPage as ReportPage } from './inspections-page.tsx';
