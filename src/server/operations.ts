/**
 * Every domain's operation table, registered once here: the tRPC router (router.ts), the REST
 * shim routes (rest-routes.ts), the OpenAPI document and the permission-matrix tests all come
 * from this object. A new domain adds one line.
 */
import { accountOperations } from './domains/account/operations.ts';
import { authOperations } from './domains/auth/operations.ts';
import { cepOperations } from './domains/cep/operations.ts';
import { catalogueOperations } from './domains/catalogue/operations.ts';
import { configOperations } from './domains/config/operations.ts';
import { jobsOperations } from './domains/jobs/operations.ts';
import { qrOperations } from './domains/qr/operations.ts';
import { organisationsOperations } from './domains/organisations/operations.ts';
import type { OpenApiSource } from './kit/openapi.ts';
import { flattenOperations } from './kit/operation.ts';

export const operations = {
  auth: authOperations,
  account: accountOperations,
  cep: cepOperations,
  catalogue: catalogueOperations,
  config: configOperations,
  jobs: jobsOperations,
  qr: qrOperations,
  organisations: organisationsOperations,
};

/** Every operation with its tRPC path (`config.list`, …). */
export const operationList = flattenOperations(operations);

/** OpenAPI tags: one per domain. */
const TAGS: Record<keyof typeof operations, string> = {
  auth: 'Authentication',
  account: 'Logged user, registration and password reset',
  cep: 'CEP',
  catalogue: 'Catalogue',
  config: 'System configuration',
  jobs: 'Jobs',
  qr: 'QR codes',
  organisations: 'Organisations',
};

export function openApiSources(): OpenApiSource[] {
  return Object.entries(operations).map(([key, table]) => ({
    tag: TAGS[key as keyof typeof operations],
    operations: flattenOperations(table, key),
  }));
}
