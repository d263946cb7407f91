/**
 * A row's company name in a tenant query. It reads `core.company_names` (core migration 0904), the
 * id → name shadow of `core.companies`: on Citus a reference table with a copy on the tenant's
 * worker, so the subquery is routed with the rest of the statement; `core.companies` itself stays
 * on the coordinator, where a query routed to a worker cannot read it (issue 28).
 */
import { type Expression, sql } from 'kysely';

/** The name of the company whose id is `companyId` (a correlated subquery), or null. */
export function companyNameOf(companyId: Expression<unknown>) {
  return sql<string | null>`(select c.name from core.company_names c where c.id = ${companyId})`;
}
