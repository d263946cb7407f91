import { registerAccountRest } from './domains/account/rest.ts';
import { registerAuthRest } from './domains/auth/rest.ts';
import { registerCatalogueRest } from './domains/catalogue/rest.ts';
import { registerCepRest } from './domains/cep/rest.ts';
import { registerJobsRest } from './domains/jobs/rest.ts';
import { registerQrRest } from './domains/qr/rest.ts';
import { mountOperations } from './kit/rest-routes.ts';
import { operationList } from './operations.ts';
import type { RestApp } from './rest.ts';

/** Mounts every domain's REST shim routes. */
export function registerRestRoutes(app: RestApp): void {
  mountOperations(app, operationList);
  registerAuthRest(app);
  registerAccountRest(app);
  registerCatalogueRest(app);
  registerCepRest(app);
  registerJobsRest(app);
  registerQrRest(app);
}
