/**
 * A server domain as the app registers it: its operations (→ tRPC, REST, OpenAPI), its OpenAPI
 * tag, its job definitions (→ the worker) and its demo data (→ `npm start` on an empty database).
 * Its tables join the Kysely database types from its own `tables.ts` (declaration merging), so
 * adding a domain is its folder plus one line in `src/server/domains.ts`.
 */
import type { JobDefinition } from '../jobs/define.ts';
import type { SeedContext } from '../seed/context.ts';
import type { Subscription } from './events.ts';
import type { OperationTable } from './operation.ts';

export interface Domain<T extends OperationTable = OperationTable> {
  /** OpenAPI tag of its REST calls */
  tag: string;
  operations: T;
  jobs?: readonly JobDefinition[];
  /** Demo data, run in order of registration inside the seed's transaction. */
  seed?: (ctx: SeedContext) => Promise<void>;
  /**
   * The other domains' events it reacts to, in the publisher's transaction (`on(event, handler)`,
   * kit/events.ts); they run in the registry's order of domains, then in this list's order.
   */
  subscribes?: readonly Subscription[];
}

export function defineDomain<const T extends OperationTable>(domain: Domain<T>): Domain<T> {
  return domain;
}
