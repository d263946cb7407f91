import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
  sql,
} from 'kysely';
import { log } from '../logger.ts';
import { baseDb, tenantSchemaName } from './database.ts';
import { watchRowChanges } from './row-change-triggers.ts';

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
 * Tenant migrations get the schema's full name as a second argument: the builder applies
 * `withSchema` by itself, but raw SQL (triggers, functions) must name the schema.
 */
type TenantMigrationFn = (db: Kysely<unknown>, schema: string) => Promise<void>;
async function tenantMigrations(schema: string): Promise<Record<string, Migration>> {
  const out: Record<string, Migration> = {};
  for (const [name, m] of Object.entries(await tenantProvider.getMigrations())) {
    const up = m.up as TenantMigrationFn;
    const down = m.down as TenantMigrationFn | undefined;
    out[name] = { up: (db) => up(db, schema), down: down && ((db) => down(db, schema)) };
  }
  return out;
}

function check(result: MigrationResultSet, where: string): void {
  for (const r of result.results ?? []) {
    if (r.status === 'Error') log.error('migration failed', { where, migration: r.migrationName });
  }
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
}

export async function migrateCore(db: Kysely<unknown> = baseDb()): Promise<void> {
  await sql`create schema if not exists core`.execute(db);
  const migrator = new Migrator({
    db: db.withSchema('core'),
    provider: coreProvider,
    migrationTableSchema: 'core',
    allowUnorderedMigrations: true,
  });
  check(await migrator.migrateToLatest(), 'core');
  await watchRowChanges(db, 'core');
}

/** Migrates one tenant schema with Kysely's Migrator (its own transaction and lock). */
export async function migrateTenant(schemaName: string, db: Kysely<unknown> = baseDb()): Promise<void> {
  const schema = tenantSchemaName(schemaName);
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({
    db: db.withSchema(schema),
    provider: { getMigrations: () => tenantMigrations(schema) },
    migrationTableSchema: schema,
    allowUnorderedMigrations: true,
  });
  check(await migrator.migrateToLatest(), schema);
  await watchRowChanges(db, schema);
}

/**
 * Migrates a tenant schema inside a caller's transaction (Kysely's Migrator cannot run inside
 * one). Writes the same bookkeeping tables as the Migrator, so later `migrateTenant` calls
 * continue from here.
 */
async function migrateTenantInTransaction(schemaName: string, trx: Kysely<unknown>): Promise<void> {
  const schema = tenantSchemaName(schemaName);
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
  const done = new Set(
    (
      await sql<{ name: string }>`select name from ${sql.table(`${schema}.kysely_migration`)}`.execute(trx)
    ).rows.map((r) => r.name),
  );
  const migrations = await tenantMigrations(schema);
  for (const name of Object.keys(migrations).sort()) {
    if (done.has(name)) continue;
    await migrations[name]!.up(trx.withSchema(schema));
    await sql`insert into ${sql.table(`${schema}.kysely_migration`)} (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
      trx,
    );
  }
  await watchRowChanges(trx, schema);
}

/** Creates a company group's schema and migrates it in one transaction. */
export async function createTenantSchema(schemaName: string, trx?: Kysely<unknown>): Promise<void> {
  if (trx) return migrateTenantInTransaction(schemaName, trx);
  await baseDb()
    .transaction()
    .execute((t) => migrateTenantInTransaction(schemaName, t));
}

export async function listTenantSchemas(db: Kysely<unknown> = baseDb()): Promise<string[]> {
  const r = await sql<{
    schema_name: string;
  }>`select schema_name from core.company_groups order by id`.execute(db);
  return r.rows.map((x) => tenantSchemaName(x.schema_name));
}

/** `npm run migrate`: core first, then every tenant in parallel batches. */
export async function migrateAll(
  db: Kysely<unknown> = baseDb(),
  batchSize = 8,
): Promise<{ tenants: number }> {
  await migrateCore(db);
  const schemas = await listTenantSchemas(db);
  for (let i = 0; i < schemas.length; i += batchSize) {
    await Promise.all(schemas.slice(i, i + batchSize).map((s) => migrateTenant(s, db)));
  }
  return { tenants: schemas.length };
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
  const out: { schema: string; pending: string[] }[] = [];
  for (const schema of await listTenantSchemas(db)) {
    const done = await executedMigrations(db, schema);
    const pending = tenantNames.filter((n) => !done?.has(n));
    if (pending.length) out.push({ schema, pending });
  }
  return out;
}
