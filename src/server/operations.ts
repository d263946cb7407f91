/**
 * Every domain's operation table, registered once here: the tRPC router (router.ts), the REST
 * shim routes (rest-routes.ts), the OpenAPI document and the permission-matrix tests all come
 * from this object. A new domain adds one line.
 */
import { configOperations } from './domains/config/operations.ts';
import { organisationsOperations } from './domains/organisations/operations.ts';
import type { OpenApiSource } from './kit/openapi.ts';
import { flattenOperations } from './kit/operation.ts';

export const operations = {
  config: configOperations,
  organisations: organisationsOperations,
};

/** Every operation with its tRPC path (`config.list`, …). */
export const operationList = flattenOperations(operations);

/** OpenAPI tags: one per domain. */
const TAGS: Record<keyof typeof operations, string> = {
  config: 'System configuration',
  organisations: 'Organisations',
};

export function openApiSources(): OpenApiSource[] {
  return Object.entries(operations).map(([key, table]) => ({
    tag: TAGS[key as keyof typeof operations],
    operations: flattenOperations(table, key),
  }));
}
