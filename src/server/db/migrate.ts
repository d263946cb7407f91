import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';
import { config } from '../config.ts';
import { log } from '../logger.ts';
import {
  allowTenantTriggers,
  citusEnabled,
  ensureCoreReferenceTables,
  distributeTenantSchema,
  undistributedTenantSchemas,
} from './citus.ts';
import { baseDb, tenantSchemaName } from './database.ts';
import { watchRowChanges } from './row-change-triggers.ts';
import { applyTemplate, tenantTemplate } from './tenant-template.ts';

/**
 * Migrations are read from disk at run time. From the sources (tsx, vitest) this file is
 * src/server/db/migrate.ts and they are migrations/*.ts; from the build (scripts/build.ts) it is
 * dist/server/db/migrate.js and they are the compiled dist/migrations/*.js. A migration's name
 * is its file name without the extension, so both record the same names.
 */
const self = fileURLToPath(import.meta.url);
const ext = path.extname(self) === '.js' ? '.js' : '.ts';
const root = path.resolve(path.dirname(self), ext === '.js' ? '../../migrations' : '../../../migrations');
const migrationFile = new RegExp(`^\\d{4}_[\\w-]+\\${ext}$`);

/** Reads `NNNN_name.ts` (`.js` when compiled) files of a folder. */
class FolderMigrationProvider implements MigrationProvider {
  constructor(private readonly folder: string) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.folder)).filter((f) => migrationFile.test(f)).sort();
    const out: Record<string, Migration> = {};
    for (const f of files) {
      out[f.slice(0, -ext.length)] = (await import(
        pathToFileURL(path.join(this.folder, f)).href
      )) as Migration;
    }
    return out;
  }
}

const coreProvider = new FolderMigrationProvider(path.join(root, 'core'));
const tenantProvider = new FolderMigrationProvider(path.join(root, 'tenant'));

/**
 * Migrates `core` with the same runner as the tenants (Kysely's Migrator introspects every table
 * of the database, ~215 per tenant): nothing at all when its bookkeeping lists every migration;
 * otherwise the missing ones in one transaction under core's own advisory lock.
 */
export async function migrateCore(db: Kysely<unknown> = baseDb()): Promise<number> {
  const names = await folderMigrationNames(path.join(root, 'core'));
  const before = await executedMigrations(db, 'core');
  if (before && names.every((n) => before.has(n))) return 0;
  const migrations = await coreProvider.getMigrations();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('migrate:core'))`.execute(trx);
    await ensureBookkeeping(trx, 'core');
    const done = (await executedMigrations(trx, 'core')) ?? new Set<string>();
    let ran = 0;
    for (const name of Object.keys(migrations).sort()) {
      if (done.has(name)) continue;
      await migrations[name]!.up(trx.withSchema('core'));
      await sql`insert into core.kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
        trx,
      );
      ran++;
    }
    await watchRowChanges(trx, 'core');
    return ran;
  });
}

/** One tenant migration: the schema's full name is its second argument. */
export type TenantMigration = (db: Kysely<unknown>, schema: string) => Promise<void>;

/** The tenant migrations in name order (the folder's, plus a caller's extra ones for tests and benches). */
async function tenantMigrationList(
  extra: Record<string, TenantMigration> = {},
): Promise<{ name: string; up: TenantMigration }[]> {
  const all = new Map<string, TenantMigration>();
  for (const [name, m] of Object.entries(await tenantProvider.getMigrations())) {
    all.set(name, m.up as TenantMigration);
  }
  for (const [name, up] of Object.entries(extra)) all.set(name, up);
  return [...all.keys()].sort().map((name) => ({ name, up: all.get(name)! }));
}

async function ensureBookkeeping(trx: Kysely<unknown>, schema: string): Promise<void> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(trx);
  await sql`create table if not exists ${sql.table(`${schema}.kysely_migration`)} (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
    trx,
  );
  await sql`create table if not exists ${sql.table(`${schema}.kysely_migration_lock`)} (id varchar(255) primary key, is_locked integer not null default 0)`.execute(
    trx,
  );
  await sql`insert into ${sql.table(`${schema}.kysely_migration_lock`)} (id, is_locked) values ('migration_lock', 0) on conflict do nothing`.execute(
    trx,
  );
}

async function recordVersion(
  trx: Kysely<unknown>,
  schema: string,
  list: readonly { name: string }[],
): Promise<void> {
  const last = list.at(-1)?.name ?? '';
  await sql`insert into core.tenant_schema_versions (schema_name, migrations, last_migration, updated_at)
    values (${schema}, ${list.length}, ${last}, now())
    on conflict (schema_name) do update set migrations = excluded.migrations,
      last_migration = excluded.last_migration, updated_at = excluded.updated_at`.execute(trx);
}

/**
 * Runs a schema's pending migrations inside the caller's transaction, after taking the schema's
 * own advisory lock (released at commit): two runners never migrate the same schema at once, and
 * different schemas never wait for each other. Returns how many migrations it ran.
 */
async function migrateSchemaInTransaction(
  trx: Kysely<unknown>,
  schema: string,
  list: readonly { name: string; up: TenantMigration }[],
  record = true,
): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext(${`migrate:${schema}`}))`.execute(trx);
  // On Citus a company group's schema is distributed once migrated (db/citus.ts); the template's
  // throwaway schema (record false) stays local: pg_dump reads its rows on the coordinator.
  const citus = record && (await citusEnabled());
  if (citus) await allowTenantTriggers(trx);
  await ensureBookkeeping(trx, schema);
  const done = new Set(
    (
      await sql<{ name: string }>`select name from ${sql.table(`${schema}.kysely_migration`)}`.execute(trx)
    ).rows.map((r) => r.name),
  );
  let ran = 0;
  for (const m of list) {
    if (done.has(m.name)) continue;
    await m.up(trx.withSchema(schema), schema);
    await sql`insert into ${sql.table(`${schema}.kysely_migration`)} (name, timestamp) values (${m.name}, ${new Date().toISOString()})`.execute(
      trx,
    );
    ran++;
  }
  // On Citus the tenant tables get no NOTIFY trigger (db/citus.ts: the connections publish writes).
  if (ran > 0 && !citus) await watchRowChanges(trx, schema);
  if (record) await recordVersion(trx, schema, list);
  if (citus) await distributeTenantSchema(trx, schema);
  return ran;
}

/** Migrates one tenant schema in its own transaction (existing `kysely_migration` rows count as done). */
export async function migrateTenant(
  schemaName: string,
  db: Kysely<unknown> = baseDb(),
  extra?: Record<string, TenantMigration>,
): Promise<number> {
  const schema = tenantSchemaName(schemaName);
  const list = await tenantMigrationList(extra);
  return db.transaction().execute((trx) => migrateSchemaInTransaction(trx, schema, list));
}

/**
 * The company groups' schemas that are not up to date, in one query (no lock, no per-schema
 * work): those whose row in `core.tenant_schema_versions` is missing or records another count or
 * last name of tenant migrations than the current ones.
 */
export async function staleTenantSchemas(
  db: Kysely<unknown> = baseDb(),
  extra?: Record<string, TenantMigration>,
): Promise<{ schemas: string[]; total: number }> {
  const list = await tenantMigrationList(extra);
  const r = await sql<{ schema_name: string; migrations: number | null; last_migration: string | null }>`
    select g.schema_name, v.migrations, v.last_migration
    from core.company_groups g
    left join core.tenant_schema_versions v on v.schema_name =
      case when g.schema_name like 'cg\_%' then g.schema_name else 'cg_' || g.schema_name end
    -- A group past its deletion grace period is being purged (its schema may be gone already).
    where g.purge_after is null or g.purge_after > now()
    order by g.id`.execute(db);
  const last = list.at(-1)?.name ?? '';
  const schemas = r.rows
    .filter((x) => x.migrations !== list.length || x.last_migration !== last)
    .map((x) => tenantSchemaName(x.schema_name));
  return { schemas, total: r.rows.length };
}

export interface MigrateTenantsOptions {
  /** Schemas migrated at once (each holds one pool connection); default MIGRATE_CONCURRENCY. */
  concurrency?: number;
  /** Extra tenant migrations (tests, benches). */
  extra?: Record<string, TenantMigration>;
  /** Progress: called at most about once a second and at the end; default prints to stdout. */
  onProgress?: ((done: number, total: number, elapsedMs: number) => void) | false;
}

export interface MigrateTenantsResult {
  /** Company groups in `core.company_groups`. */
  tenants: number;
  /** Schemas the catalog query found not up to date (each got a transaction and a lock). */
  touched: number;
  /** Of those, schemas where at least one migration ran. */
  migrated: number;
}

function defaultConcurrency(): number {
  const fromEnv = Number(process.env.MIGRATE_CONCURRENCY);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(1, Math.min(4, config().DATABASE_POOL_SIZE - 1));
}

const printProgress = (done: number, total: number, ms: number) =>
  console.log(`migrated ${done}/${total} schemas (${Math.round(ms / 1000)} s)`);

/**
 * Migrates every company group's schema that is not up to date: one catalog query picks them,
 * then a bounded number at once, each in ONE transaction under its own advisory lock. A run that
 * is killed leaves each schema migrated or not (its transaction committed or not); the next run
 * finds the rest. After the first failure no new schema starts; the error is thrown once the
 * running ones end.
 */
export async function migrateTenants(
  db: Kysely<unknown> = baseDb(),
  opts: MigrateTenantsOptions = {},
): Promise<MigrateTenantsResult> {
  const list = await tenantMigrationList(opts.extra);
  const stale = await staleTenantSchemas(db, opts.extra);
  const { total } = stale;
  // On Citus, a schema not distributed yet (a database that became a Citus one) is behind too.
  const schemas = (await citusEnabled(db))
    ? [...new Set([...stale.schemas, ...(await undistributedTenantSchemas(db))])]
    : stale.schemas;
  const concurrency = Math.max(1, opts.concurrency ?? defaultConcurrency());
  const progress = opts.onProgress === undefined ? printProgress : opts.onProgress || undefined;
  const started = Date.now();
  let lastReport = started;
  let next = 0;
  let done = 0;
  let migrated = 0;
  let failure: { error: unknown; schema: string } | undefined;
  const worker = async () => {
    while (!failure && next < schemas.length) {
      const schema = schemas[next++]!;
      try {
        const ran = await db.transaction().execute((trx) => migrateSchemaInTransaction(trx, schema, list));
        if (ran > 0) migrated++;
      } catch (error) {
        failure ??= { error, schema };
        log.error('migration failed', { where: schema, error: String(error) });
        return;
      }
      done++;
      const now = Date.now();
      if (progress && now - lastReport >= 1000) {
        lastReport = now;
        progress(done, schemas.length, now - started);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, schemas.length) }, worker));
  if (progress && schemas.length > 0) progress(done, schemas.length, Date.now() - started);
  if (failure) {
    const e = failure.error instanceof Error ? failure.error : new Error(String(failure.error));
    e.message = `${failure.schema}: ${e.message}`;
    throw e;
  }
  return { tenants: total, touched: schemas.length, migrated };
}

/** Creates a company group's schema by replaying every tenant migration (no template). */
async function createByMigrations(schema: string, trx: Kysely<unknown>): Promise<void> {
  await migrateSchemaInTransaction(trx, schema, await tenantMigrationList());
  if (!(await citusEnabled())) await watchRowChanges(trx, schema);
}

/**
 * Creates a company group's schema inside the caller's transaction (or its own): from the tenant
 * template of the current migrations (db/tenant-template.ts; one multi-statement batch), or, when
 * none can be made (no `pg_dump`), by replaying the migrations.
 */
export async function createTenantSchema(schemaName: string, trx?: Kysely<unknown>): Promise<void> {
  const schema = tenantSchemaName(schemaName);
  const template = await prepareTenantTemplate();
  const run = async (t: Kysely<unknown>) => {
    if (template) {
      await applyTemplate(t, template, schema);
      await recordVersion(t, schema, await tenantMigrationList());
      // On Citus: made local from the template, then distributed in the same transaction.
      if (await citusEnabled()) await distributeTenantSchema(t, schema);
    } else await createByMigrations(schema, t);
  };
  if (trx) return run(trx);
  await baseDb().transaction().execute(run);
}

/**
 * The template of the current migrations, captured now if needed (on connections of its own:
 * callers creating many schemas at once call this first, so captures never wait for the pool).
 */
export function prepareTenantTemplate(db: Kysely<unknown> = baseDb()) {
  return tenantTemplate({ fingerprint: tenantMigrationsFingerprint, build: migrateTemplateSchema }, db);
}

/** Creates a schema by replaying the migrations (the template's reference; tests compare both). */
export async function createTenantSchemaByMigrations(
  schemaName: string,
  trx?: Kysely<unknown>,
): Promise<void> {
  const schema = tenantSchemaName(schemaName);
  if (trx) return createByMigrations(schema, trx);
  await baseDb()
    .transaction()
    .execute((t) => createByMigrations(schema, t));
}

/**
 * Builds a throwaway schema named `token` by replaying the migrations, committed (pg_dump reads
 * it from another connection); tenant-template.ts dumps and drops it.
 */
export async function migrateTemplateSchema(token: string, db: Kysely<unknown> = baseDb()): Promise<void> {
  const list = await tenantMigrationList();
  await db.transaction().execute(async (trx) => {
    await migrateSchemaInTransaction(trx, token, list, false);
    await watchRowChanges(trx, token);
  });
}

/** Fingerprint of the tenant migrations (names and contents): one template per fingerprint. */
export async function tenantMigrationsFingerprint(): Promise<string> {
  const folder = path.join(root, 'tenant');
  const h = createHash('sha256').update('template-v1\n');
  for (const name of await folderMigrationNames(folder)) {
    h.update(`${name}\n`);
    h.update(await readFile(path.join(folder, `${name}${ext}`)));
  }
  return h.digest('hex').slice(0, 32);
}

export async function listTenantSchemas(db: Kysely<unknown> = baseDb()): Promise<string[]> {
  const r = await sql<{
    schema_name: string;
  }>`select schema_name from core.company_groups order by id`.execute(db);
  return r.rows.map((x) => tenantSchemaName(x.schema_name));
}

/**
 * `npm run migrate` and start-up: core, then the tenants that are not up to date (migrateTenants),
 * then the tenant template of the current migrations when it is not stored yet. Capturing it
 * replays the migrations into a throwaway schema and runs `pg_dump`, which reads the catalog of
 * every schema (~20 s at 1,000 groups): paid here, once per deploy that changes the tenant
 * migrations, not by the first group created after it (issue 33 item 5).
 */
export async function migrateAll(
  db: Kysely<unknown> = baseDb(),
  opts: MigrateTenantsOptions = {},
): Promise<MigrateTenantsResult> {
  await migrateCore(db);
  if (await citusEnabled(db)) await ensureCoreReferenceTables(db);
  const result = await migrateTenants(db, opts);
  if (!opts.extra) await prepareTenantTemplate(db);
  return result;
}

/** Migration names a folder holds (file names only: nothing is imported). */
async function folderMigrationNames(folder: string): Promise<string[]> {
  return (await readdir(folder))
    .filter((f) => migrationFile.test(f))
    .map((f) => f.slice(0, -ext.length))
    .sort();
}

/** Executed migration names of one schema; `null` when it has no migrations table. */
async function executedMigrations(db: Kysely<unknown>, schema: string): Promise<Set<string> | null> {
  const table = `${schema}.kysely_migration`;
  const exists = await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(db);
  if (!exists.rows[0]?.t) return null;
  const r = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db);
  return new Set(r.rows.map((x) => x.name));
}

/**
 * The migrations of the folders that this database has not run: `core` first (all of them when it
 * has no `core` schema or migrations table), then each company group's schema. Empty = current.
 */
export async function pendingMigrations(
  db: Kysely<unknown> = baseDb(),
): Promise<{ schema: string; pending: string[] }[]> {
  const [coreNames, tenantNames] = await Promise.all([
    folderMigrationNames(path.join(root, 'core')),
    folderMigrationNames(path.join(root, 'tenant')),
  ]);
  const coreDone = await executedMigrations(db, 'core');
  const corePending = coreNames.filter((n) => !coreDone?.has(n));
  if (corePending.length) return [{ schema: 'core', pending: corePending }];
  // Tenants: the one catalog query of the runner (no per-schema query at 1,000 tenants).
  const { schemas } = await staleTenantSchemas(db);
  return schemas.map((schema) => ({ schema, pending: tenantNames }));
}
