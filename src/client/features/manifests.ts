/**
 * Every client feature, one line each. Route sets, the guard, menus, the route tree and the lazy
 * pages are built from these (src/client/routes/navigation.ts, router.tsx). A new feature adds
 * its `manifest.ts` and one line here.
 */
import { accountManifest } from './account/manifest.ts';
import { analyticsManifest } from './analytics/manifest.ts';
import { auditManifest } from './audit/manifest.ts';
import { billingManifest } from './billing/manifest.ts';
import { catalogueManifest } from './catalogue/manifest.ts';
import { dashboardManifest } from './dashboard/manifest.ts';
import { fieldManifest } from './field/manifest.ts';
import { importsManifest } from './imports/manifest.ts';
import { jobsManifest } from './jobs/manifest.ts';
import { landingManifest } from './landing/manifest.ts';
import { organisationsManifest } from './organisations/manifest.ts';
import { qrManifest } from './qr/manifest.ts';
import { reportsManifest } from './reports/manifest.ts';
import { sealsManifest } from './seals/manifest.ts';
import { serviceOrdersManifest } from './service-orders/manifest.ts';
import { tagsManifest } from './tags/manifest.ts';
import { videosManifest } from './videos/manifest.ts';
import { visitsManifest } from './visits/manifest.ts';

export const FEATURES = [
  landingManifest,
  dashboardManifest,
  accountManifest,
  serviceOrdersManifest,
  visitsManifest,
  reportsManifest,
  catalogueManifest,
  importsManifest,
  tagsManifest,
  qrManifest,
  fieldManifest,
  sealsManifest,
  organisationsManifest,
  billingManifest,
  videosManifest,
  analyticsManifest,
  auditManifest,
  jobsManifest,
] as const;
