/**
 * The operations of every registered domain (src/server/domains.ts), keyed by domain: the tRPC
 * router (router.ts), the REST shim routes (rest-routes.ts), the OpenAPI document and the
 * permission-matrix tests all come from here.
 */
import { domains } from './domains.ts';
import type { OpenApiSource } from './kit/openapi.ts';
import { flattenOperations } from './kit/operation.ts';

type Domains = typeof domains;

export const operations = Object.fromEntries(
  Object.entries(domains).map(([name, d]) => [name, d.operations]),
) as { [K in keyof Domains]: Domains[K]['operations'] };

/** Every operation with its tRPC path (`config.list`, …). */
export const operationList = flattenOperations(operations);

export function openApiSources(): OpenApiSource[] {
  return Object.entries(domains).map(([name, d]) => ({
    tag: d.tag,
    operations: flattenOperations(d.operations, name),
  }));
}
