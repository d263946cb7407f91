import type { Role } from '../../../src/shared/roles.ts';
import { operationList } from '../../../src/server/operations.ts';

/** Every REST route of the app (the operations tables' bindings), with the roles each admits. */
export function everyRestRoute(): { method: string; path: string; roles: readonly Role[] | 'public' }[] {
  return operationList.flatMap(({ operation }) =>
    operation.rest.map((b) => ({
      method: b.method,
      path: b.path,
      roles: operation.access.kind === 'public' ? ('public' as const) : operation.access.roles,
    })),
  );
}
