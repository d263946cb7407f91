/**
 * Every client feature, one line each. Route sets, the guard, menus, the route tree and the lazy
 * pages are built from these (src/client/routes/navigation.ts, router.tsx). A new feature adds
 * its `manifest.ts` and one line here.
 */
import { accountManifest } from './account/manifest.ts';
import { analyticsManifest } from './analytics/manifest.ts';
import { billingManifest } from './billing/manifest.ts';
import { catalogueManifest } from './catalogue/manifest.ts';
import { dashboardManifest } from './dashboard/manifest.ts';
import { fieldManifest } from './field/manifest.ts';
import { jobsManifest } from './jobs/manifest.ts';
import { landingManifest } from './landing/manifest.ts';
import { organisationsManifest } from './organisations/manifest.ts';
import { qrManifest } from './qr/manifest.ts';
import { reportsManifest } from './reports/manifest.ts';
import { serviceOrdersManifest } from './service-orders/manifest.ts';
import { tagsManifest } from './tags/manifest.ts';
import { videosManifest } from './videos/manifest.ts';

export const FEATURES = [
  landingManifest,
  dashboardManifest,
  accountManifest,
  serviceOrdersManifest,
  reportsManifest,
  catalogueManifest,
  tagsManifest,
  qrManifest,
  fieldManifest,
  organisationsManifest,
  billingManifest,
  videosManifest,
  analyticsManifest,
  jobsManifest,
] as const;
