import type { Kysely } from 'kysely';

/**
 * What a domain's demo seed gets (`seed` of its domain, run by `seed.ts` in the registry's order).
 * A file of its own: the domains import it, and `seed.ts` imports the domain registry.
 */
export interface SeedContext {
  db: Kysely<unknown>;
  companyGroupId: number;
  companyId: number;
  schemaName: string;
  users: Record<string, number>;
}
