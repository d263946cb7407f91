/**
 * Running on a Citus cluster (issue 28). With DATABASE_URL at a Citus coordinator whose database
 * has the `citus` extension and its workers added, the product detects it (one catalog read, kept
 * per process and database) and:
 * - distributes every company group's schema (`citus_schema_distribute`): each is a distributed
 *   schema placed whole on one worker, its tables single-shard tables colocated together, so a
 *   query naming the schema is routed to that worker unchanged. Existing schemas are distributed
 *   when migrated (db/migrate.ts: a schema not yet distributed counts as behind), new ones in the
 *   transaction that creates them, right after the template (or the migrations) made them local;
 * - lets the tenant tables keep their triggers (`citus.enable_unsafe_triggers`, set for the
 *   migrating and creating transactions only): counters and sort keys are maintained by
 *   statement-level triggers that touch only their own schema, which lives on one node;
 * - keeps `core` on the coordinator (plain tables) and never depends on a NOTIFY sent by a tenant
 *   table's trigger (it runs on the worker): the connection itself publishes the schemas a
 *   committed transaction wrote (db/write-notify.ts).
 * Every write goes through the coordinator (the identity columns' sequences live there).
 */
import { type Kysely, sql } from 'kysely';
import { config } from '../config.ts';
import { baseDb, onDbClose } from './database.ts';

let detected: { url: string; on: Promise<boolean> } | undefined;

/** Whether the database is a Citus coordinator's (its `citus` extension); one read per process. */
export function citusEnabled(db: Kysely<unknown> = baseDb()): Promise<boolean> {
  const url = config().DATABASE_URL;
  if (detected?.url === url) return detected.on;
  const on = sql<{
    on: boolean;
  }>`select exists (select 1 from pg_catalog.pg_extension where extname = 'citus') as "on"`
    .execute(db)
    .then((r) => r.rows[0]?.on === true);
  const entry = { url, on };
  detected = entry;
  // A failed read (database not ready) is asked again next time.
  on.catch(() => {
    if (detected === entry) detected = undefined;
  });
  return on;
}

onDbClose(async () => {
  detected = undefined;
});

/**
 * For a transaction that creates or changes tenant tables on Citus: triggers are allowed on
 * distributed tables (Citus refuses them by default). Transaction-local.
 */
export async function allowTenantTriggers(trx: Kysely<unknown>): Promise<void> {
  await sql`select set_config('citus.enable_unsafe_triggers', 'on', true)`.execute(trx);
}

/** Whether `schema` is already a distributed schema. */
export async function isDistributedSchema(trx: Kysely<unknown>, schema: string): Promise<boolean> {
  const r = await sql<{ d: boolean }>`select exists (select 1 from pg_catalog.pg_dist_schema
    where schemaid = to_regnamespace(${schema})) as d`.execute(trx);
  return r.rows[0]?.d === true;
}

/**
 * Makes `schema` a distributed schema inside the caller's transaction (placed on a worker, its
 * tables and rows moved there), unless it already is one.
 */
export async function distributeTenantSchema(trx: Kysely<unknown>, schema: string): Promise<void> {
  if (await isDistributedSchema(trx, schema)) return;
  await allowTenantTriggers(trx);
  await sql`select citus_schema_distribute(${schema}::regnamespace)`.execute(trx);
}

/** The company groups' schemas (full names) that are not distributed yet, in one query. */
export async function undistributedTenantSchemas(db: Kysely<unknown>): Promise<string[]> {
  const r = await sql<{ schema: string }>`select s.schema from (
      select case when g.schema_name like 'cg\_%' then g.schema_name else 'cg_' || g.schema_name end as schema
      from core.company_groups g where g.purge_after is null or g.purge_after > now()) s
    where to_regnamespace(s.schema) is not null
      and not exists (select 1 from pg_catalog.pg_dist_schema d where d.schemaid = to_regnamespace(s.schema))`.execute(
    db,
  );
  return r.rows.map((x) => x.schema);
}
