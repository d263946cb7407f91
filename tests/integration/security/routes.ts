import { registeredRoutes, type RouteMeta } from '../../../src/server/openapi.ts';
import { operationList } from '../../../src/server/operations.ts';

/**
 * Every REST route of the app, whichever way it is declared: the operations tables (the kit) and
 * the domains still registering with `restRoutes` (until they are moved), with the roles each admits.
 */
export function everyRestRoute(): Pick<RouteMeta, 'method' | 'path' | 'roles'>[] {
  const fromOperations = operationList.flatMap(({ operation }) =>
    operation.rest.map((b) => ({
      method: b.method,
      path: b.path,
      roles: operation.access.kind === 'public' ? ('public' as const) : operation.access.roles,
    })),
  );
  return [...fromOperations, ...registeredRoutes()];
}
