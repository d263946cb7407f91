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
 *   statement-level triggers that touch only their own schema, which lives on one node — except
 *   the NOTIFY-only ones, dropped (a NOTIFY on a worker fails its two-phase commit);
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
 * Drops the schema's NOTIFY-only triggers (`rows_changed`, `webhook_endpoints_changed`: a
 * trigger calling a `core.notify_…` function). On a worker their NOTIFY reaches no server, and a
 * transaction that wrote on two nodes fails at commit ("cannot PREPARE a transaction that has
 * executed LISTEN, UNLISTEN, or NOTIFY"): on Citus the connections publish writes instead
 * (db/write-notify.ts). The schema's relations through pg_depend's index, as watchRowChanges.
 */
export async function dropTenantNotifyTriggers(trx: Kysely<unknown>, schema: string): Promise<void> {
  const { rows } = await sql<{
    table: string;
    trigger: string;
  }>`select c.relname as "table", t.tgname as "trigger"
    from pg_catalog.pg_namespace n
      join pg_catalog.pg_depend d on d.refclassid = 'pg_catalog.pg_namespace'::regclass
        and d.refobjid = n.oid and d.refobjsubid = 0 and d.classid = 'pg_catalog.pg_class'::regclass
      join pg_catalog.pg_class c on c.oid = d.objid and c.relnamespace = n.oid
      join pg_catalog.pg_trigger t on t.tgrelid = c.oid and not t.tgisinternal
      join pg_catalog.pg_proc p on p.oid = t.tgfoid
    where n.nspname = ${schema} and c.relkind in ('r', 'p')
      and p.pronamespace = 'core'::regnamespace and left(p.proname, 7) = 'notify_'
    order by 1, 2`.execute(trx);
  for (const r of rows) {
    await sql`drop trigger ${sql.id(r.trigger)} on ${sql.table(`${schema}.${r.table}`)}`.execute(trx);
  }
}

const ADAPTED = '/* citus: transition rows as jsonb */';

/**
 * Rewrites a trigger function's body so that no statement joins a transition table with a table:
 * on a worker the statement names the schema's (distributed) tables, Citus plans it and cannot
 * deparse a transition table ("unrecognized RTE kind"). The rows are first gathered into jsonb
 * (a statement on the transition table alone, plain Postgres), and each `new_rows` / `old_rows`
 * becomes `jsonb_populate_recordset(null::<table>, …)`. Pure, for the test.
 */
export function adaptTransitionBody(body: string, rowType: string): string {
  if (body.includes(ADAPTED)) return body;
  const uses = (name: string) => new RegExp(`\\b${name}\\b`, 'i').test(body);
  const replaced = body
    .replace(/\bnew_rows\b/gi, `jsonb_populate_recordset(null::${rowType}, new_rows_j)`)
    .replace(/\bold_rows\b/gi, `jsonb_populate_recordset(null::${rowType}, old_rows_j)`);
  const prelude = [
    ADAPTED,
    uses('new_rows')
      ? "if tg_op <> 'DELETE' then new_rows_j := (select jsonb_agg(r) from new_rows r); end if;"
      : '',
    uses('old_rows')
      ? "if tg_op <> 'INSERT' then old_rows_j := (select jsonb_agg(r) from old_rows r); end if;"
      : '',
  ].join('\n');
  const vars = 'new_rows_j jsonb; old_rows_j jsonb;';
  const declared = /^\s*declare\b/i.test(replaced)
    ? replaced.replace(/^\s*declare\b/i, (d) => `${d} ${vars}`)
    : `declare ${vars}\n${replaced}`;
  return declared.replace(/\bbegin\b/i, (b) => `${b}\n${prelude}\n`);
}

/** Adapts (adaptTransitionBody) every function of `schema` a transition-table trigger calls. */
export async function adaptTransitionTriggers(trx: Kysely<unknown>, schema: string): Promise<void> {
  const { rows } = await sql<{ fn: string; body: string; table: string }>`select distinct
      format('%I.%I', pn.nspname, p.proname) as fn, p.prosrc as body, format('%I.%I', n.nspname, c.relname) as "table"
    from pg_catalog.pg_namespace n
      join pg_catalog.pg_depend d on d.refclassid = 'pg_catalog.pg_namespace'::regclass
        and d.refobjid = n.oid and d.refobjsubid = 0 and d.classid = 'pg_catalog.pg_class'::regclass
      join pg_catalog.pg_class c on c.oid = d.objid and c.relnamespace = n.oid
      join pg_catalog.pg_trigger t on t.tgrelid = c.oid and not t.tgisinternal
        and (t.tgnewtable is not null or t.tgoldtable is not null)
      join pg_catalog.pg_proc p on p.oid = t.tgfoid
      join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'p') and pn.nspname = ${schema}
    order by 1, 3`.execute(trx);
  for (const r of rows) {
    const body = adaptTransitionBody(r.body, r.table);
    if (body === r.body) continue;
    // The function's own settings (its pinned search_path) are kept: only the body changes.
    const def = await sql<{ d: string }>`select pg_get_functiondef(${r.fn}::regproc) as d`.execute(trx);
    const text = def.rows[0]!.d;
    const start = text.indexOf(r.body);
    if (start < 0) throw new Error(`cannot adapt ${r.fn} for Citus`);
    const quoted = `$citus$${body}$citus$`;
    const delim = text.slice(0, start).match(/\$[a-z_]*\$$/i)?.[0] ?? '';
    const head = text.slice(0, start - delim.length);
    const tail = text.slice(start + r.body.length + delim.length);
    await sql.raw(`${head}${quoted}${tail}`).execute(trx);
  }
}

/**
 * Makes `schema` a distributed schema inside the caller's transaction (placed on a worker, its
 * tables and rows moved there), unless it already is one; its NOTIFY-only triggers are dropped and
 * its transition-table triggers adapted.
 */
export async function distributeTenantSchema(trx: Kysely<unknown>, schema: string): Promise<void> {
  await dropTenantNotifyTriggers(trx, schema);
  await adaptTransitionTriggers(trx, schema);
  if (await isDistributedSchema(trx, schema)) return;
  await allowTenantTriggers(trx);
  await sql`select citus_schema_distribute(${schema}::regnamespace)`.execute(trx);
}

/**
 * The `core` tables tenant queries read, made reference tables (a copy on every node, so a query
 * routed to a tenant's worker can join them): only `core.company_names` (core migration 0904).
 * Every other core table stays coordinator-local (docs/decisions.md). Idempotent.
 */
export const CORE_REFERENCE_TABLES = ['core.company_names'] as const;

export async function ensureCoreReferenceTables(db: Kysely<unknown>): Promise<void> {
  for (const table of CORE_REFERENCE_TABLES) {
    const { rows } = await sql<{ done: boolean }>`select exists (select 1 from pg_catalog.pg_dist_partition
      where logicalrelid = to_regclass(${table})) as done`.execute(db);
    if (!rows[0]?.done) await sql`select create_reference_table(${table}::regclass)`.execute(db);
  }
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
