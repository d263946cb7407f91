/**
 * Many company groups fast (issue 33), for tests and benches: each is registered like
 * provisioning does (a `core.company_groups` row, its first company) and its schema is made from
 * the tenant template (db/tenant-template.ts), one transaction per group, a few at once.
 * 300 groups take seconds, not the minutes of replaying every migration per schema.
 */
import { type Kysely, sql } from 'kysely';
import { baseDb, tenantSchemaName, withCore } from './database.ts';
import { createTenantSchema, prepareTenantTemplate } from './migrate.ts';

export interface ManyTenantsOptions {
  db?: Kysely<unknown>;
  /** Schema names are `<prefix><n>` (with the `cg_` prefix in Postgres); default `mt`. */
  prefix?: string;
  /** Numbering starts here (to add more later); default 1. */
  start?: number;
  /** Groups created at once; default 4. */
  concurrency?: number;
}

export interface ManyTenant {
  id: number;
  companyId: number;
  /** As in `core.company_groups.schema_name`. */
  schemaName: string;
  /** The Postgres schema. */
  schema: string;
}

export async function createManyTenants(n: number, opts: ManyTenantsOptions = {}): Promise<ManyTenant[]> {
  const db = opts.db ?? baseDb();
  const prefix = opts.prefix ?? 'mt';
  const start = opts.start ?? 1;
  const width = String(start + n - 1).length;
  const out: ManyTenant[] = new Array(n);
  await prepareTenantTemplate();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const schemaName = `${prefix}${String(start + i).padStart(width, '0')}`;
      out[i] = await db.transaction().execute(async (trx) => {
        const core = withCore(trx);
        const g = await core
          .insertInto('company_groups')
          .values({ name: `Group ${schemaName}`, schema_name: schemaName })
          .returning('id')
          .executeTakeFirstOrThrow();
        const c = await core
          .insertInto('companies')
          .values({
            company_group_id: g.id,
            name: `Company ${schemaName}`,
            main_contact_name: 'Contact',
            email: `${schemaName}@example.test`,
            enabled: true,
            tags_limit: 100,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await createTenantSchema(schemaName, trx);
        return {
          id: Number(g.id),
          companyId: Number(c.id),
          schemaName,
          schema: tenantSchemaName(schemaName),
        };
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, n) }, worker));
  return out;
}

/** Drops groups made by createManyTenants (schemas and core rows). */
export async function dropManyTenants(
  tenants: readonly ManyTenant[],
  db: Kysely<unknown> = baseDb(),
): Promise<void> {
  for (const t of tenants) {
    await db.transaction().execute(async (trx) => {
      await sql`drop schema if exists ${sql.id(t.schema)} cascade`.execute(trx);
      await sql`delete from core.tenant_schema_versions where schema_name = ${t.schema}`.execute(trx);
      await sql`delete from core.company_groups where id = ${t.id}`.execute(trx);
    });
  }
}
