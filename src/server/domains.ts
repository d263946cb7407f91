/**
 * Every server domain, registered once: the tRPC router, the REST shim, the OpenAPI document, the
 * worker's jobs and the demo data all come from this object. A new domain adds one line.
 */
import { accountDomain } from './domains/account/domain.ts';
import { analyticsDomain } from './domains/analytics/domain.ts';
import { authDomain } from './domains/auth/domain.ts';
import { billingDomain } from './domains/billing/domain.ts';
import { catalogueDomain } from './domains/catalogue/domain.ts';
import { cepDomain } from './domains/cep/domain.ts';
import { configDomain } from './domains/config/domain.ts';
import { dashboardDomain } from './domains/dashboard/domain.ts';
import { documentsDomain } from './domains/documents/domain.ts';
import { dossierDomain } from './domains/dossier/domain.ts';
import { equipmentDomain } from './domains/equipment/domain.ts';
import { photosDomain } from './domains/photos/domain.ts';
import { fieldDomain } from './domains/field/domain.ts';
import { importsDomain } from './domains/imports/domain.ts';
import { jobsDomain } from './domains/jobs/domain.ts';
import { notificationsDomain } from './domains/notifications/domain.ts';
import { organisationsDomain } from './domains/organisations/domain.ts';
import { qrDomain } from './domains/qr/domain.ts';
import { reportsDomain } from './domains/reports/domain.ts';
import { sealsDomain } from './domains/seals/domain.ts';
import { serviceOrdersDomain } from './domains/service-orders/domain.ts';
import { tagsDomain } from './domains/tags/domain.ts';
import { webhooksDomain } from './domains/webhooks/domain.ts';
import { videosDomain } from './domains/videos/domain.ts';
import { visitsDomain } from './domains/visits/domain.ts';
import { auditDomain } from './domains/audit/domain.ts';
import { registerSubscriptions } from './kit/events.ts';

// biome-ignore format: one registration line per domain
export const domains = {
  auth: authDomain,
  account: accountDomain,
  organisations: organisationsDomain,
  catalogue: catalogueDomain,
  cep: cepDomain,
  config: configDomain,
  jobs: jobsDomain,
  qr: qrDomain,
  tags: tagsDomain,
  reports: reportsDomain, // before equipment: its /web/equipments/… paths mount ahead of /:tag/
  equipment: equipmentDomain,
  photos: photosDomain,
  field: fieldDomain,
  seals: sealsDomain,
  documents: documentsDomain,
  serviceOrders: serviceOrdersDomain,
  dossier: dossierDomain,
  visits: visitsDomain,
  imports: importsDomain,
  dashboard: dashboardDomain,
  webhooks: webhooksDomain,
  notifications: notificationsDomain,
  billing: billingDomain,
  videos: videosDomain,
  analytics: analyticsDomain,
  audit: auditDomain,
};

// Every domain's `subscribes`, in this order: the in-transaction events' handlers (kit/events.ts).
registerSubscriptions(domains);
