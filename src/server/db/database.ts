import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { config } from '../config.ts';
import type { CoreDatabase, TenantDatabase } from './schema.ts';

// int8 (counts, identities) as JS numbers: ids stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric as number (money and quantities have few digits).
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
// date (no time) stays a YYYY-MM-DD string: no timezone shifts.
pg.types.setTypeParser(1082, (v) => v);

export type CoreDb = Kysely<CoreDatabase>;
export type TenantDb = Kysely<TenantDatabase>;

let base: Kysely<unknown> | undefined;
let pool: pg.Pool | undefined;

export function getPool(): pg.Pool {
  pool ??= new pg.Pool({
    connectionString: config().DATABASE_URL,
    max: config().DATABASE_POOL_SIZE,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
  });
  return pool;
}

/** The one Kysely instance over the pool; use `coreDb()` and `tenantDb()` to reach tables. */
export function baseDb(): Kysely<unknown> {
  base ??= new Kysely<unknown>({ dialect: new PostgresDialect({ pool: getPool() }) });
  return base;
}

export function coreDb(): CoreDb {
  return baseDb().withSchema('core') as unknown as CoreDb;
}

/** Prefix of every company group's schema. */
export const TENANT_SCHEMA_PREFIX = 'cg_';
const TENANT_SCHEMA = /^cg_[a-z][a-z0-9_]{0,61}$/;

export function tenantSchemaName(schemaName: string): string {
  const full = schemaName.startsWith(TENANT_SCHEMA_PREFIX)
    ? schemaName
    : `${TENANT_SCHEMA_PREFIX}${schemaName}`;
  if (!TENANT_SCHEMA.test(full)) throw new Error(`invalid tenant schema name: ${schemaName}`);
  return full;
}

/** A Kysely bound to one company group's schema (never `SET search_path`). */
export function tenantDb(schemaName: string, db: Kysely<unknown> = baseDb()): TenantDb {
  return db.withSchema(tenantSchemaName(schemaName)) as unknown as TenantDb;
}

/** Switches an existing transaction to another schema. */
export function withCore(db: Kysely<unknown> | Kysely<any>): CoreDb {
  return (db as Kysely<unknown>).withSchema('core') as unknown as CoreDb;
}

export async function closeDb(): Promise<void> {
  const b = base;
  base = undefined;
  pool = undefined;
  if (b) await b.destroy();
}

export async function pingDb(): Promise<void> {
  await sql`select 1`.execute(baseDb());
}
