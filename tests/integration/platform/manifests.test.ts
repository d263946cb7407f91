import { describe, expect, it } from 'vitest';
import { operationName } from '../../../src/client/lib/manifest.ts';
import { ROUTES } from '../../../src/client/routes/navigation.ts';
import { rolesOf } from '../../../src/server/kit/operation.ts';
import { operationList } from '../../../src/server/operations.ts';

/**
 * The client's feature manifests against the server: every operation a route says its page calls
 * exists, and every role that opens the route (or, for `only(...)` entries, the roles named there)
 * may call it. A route may not list an operation its roles cannot call.
 */
const kit = new Map(operationList.map((o) => [o.name, o.operation]));

describe('feature manifests × server operations', () => {
  it('reads the manifests and the operations', () => {
    expect(ROUTES.length).toBeGreaterThan(20);
    expect(kit.size).toBeGreaterThan(0);
  });

  it('every operation a route names exists in the operations table and is a tRPC procedure', () => {
    const missing: string[] = [];
    for (const route of ROUTES) {
      const names = route.operations.map(operationName);
      expect(new Set(names).size, `${route.path}: an operation listed twice`).toBe(names.length);
      for (const name of names) if (!kit.get(name)?.trpc) missing.push(`${route.path}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it("every role that calls an operation from a route is admitted by the operation's access", () => {
    const refused: string[] = [];
    let checked = 0;
    for (const route of ROUTES) {
      for (const ref of route.operations) {
        const op = kit.get(operationName(ref));
        if (!op) continue;
        const callers = typeof ref === 'string' ? route.roles : ref.roles;
        for (const role of callers) {
          checked++;
          const admitted =
            role === 'ANONYMOUS' ? op.access.kind === 'public' : rolesOf(op.access).includes(role);
          if (!admitted) refused.push(`${route.path} (${role}) → ${operationName(ref)}`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
