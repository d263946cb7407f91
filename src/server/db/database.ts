import { Kysely, type LogConfig, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { config } from '../config.ts';
import { log } from '../logger.ts';
import { prepareStatements } from './prepared.ts';
import { noteStatement } from './read-tags.ts';
import { TenantQueryCompiler } from './tenant-compiler.ts';
import { closeNotifier, notifyWith, publishWrites } from './write-notify.ts';
import { recycleAfterSchemas } from './schema-recycle.ts';
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

/** Names this process's connections in `pg_stat_activity` (which process holds which backend). */
export function applicationName(): string {
  return `equipcheck:${process.pid}`;
}

/**
 * A dropped connection (`pg_terminate_backend`, a Postgres restart, a network cut) is an `error`
 * event on the client and, for an idle client, on the pool; without a listener Node ends the
 * process ("Unhandled 'error' event"). Both are handled here: one JSON warning per connection, and
 * the pool discards the dead client (idle: pg-pool removes it; checked out: its query fails, and on
 * release a client that is not queryable is removed), so the next query opens a fresh one.
 */
export function watchPoolErrors(p: pg.Pool): void {
  const reported = new WeakSet<object>();
  const report = (err: Error, client: object | undefined, where: 'idle' | 'in use') => {
    if (client) {
      if (reported.has(client)) return;
      reported.add(client);
    }
    const e = err as Error & { code?: string };
    log.warn('database connection lost', { where, code: e.code ?? null, error: e.message });
  };
  p.on('error', (err, client) => report(err, client, 'idle'));
  // A client checked out of the pool has no pool listener: one of our own, for its whole life.
  p.on('connect', (client) => {
    client.on('error', (err) => report(err, client, 'in use'));
  });
}

export function getPool(): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({
      connectionString: config().DATABASE_URL,
      max: config().DATABASE_POOL_SIZE,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
      // Recycled (issue 33): a backend's memory grows with the company groups it has served.
      maxLifetimeSeconds: config().DATABASE_POOL_MAX_LIFETIME_SECONDS,
      maxUses: config().DATABASE_POOL_MAX_USES || Number.POSITIVE_INFINITY,
      application_name: applicationName(),
      // The pool publishes its company-group writes after they commit (db/write-notify.ts); the
      // tables' triggers leave those NOTIFYs to it (core migration 1521).
      options: '-c equipcheck.publishes_writes=on',
    });
    notifyWith(
      () =>
        new pg.Client({
          connectionString: config().DATABASE_URL,
          application_name: `${applicationName()}-notify`,
          options: '-c synchronous_commit=off',
        }),
    );
    watchPoolErrors(pool);
    if (config().DATABASE_PREPARED_STATEMENTS) pool.on('connect', (client) => prepareStatements(client));
    // What a connection commits is published after the commit (db/write-notify.ts).
    pool.on('connect', (client) => publishWrites(client));
    // Replaced once it has served DATABASE_POOL_MAX_SCHEMAS company groups (db/schema-recycle.ts).
    const maxSchemas = config().DATABASE_POOL_MAX_SCHEMAS;
    if (maxSchemas > 0) pool.on('connect', (client) => recycleAfterSchemas(client, maxSchemas));
  }
  return pool;
}

/** What one executed statement looks like to an observer (tests, the benchmark). */
export interface ObservedQuery {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}
const observers = new Set<(q: ObservedQuery) => void>();

/**
 * Calls `fn` for every statement this process runs through Kysely until the returned function is
 * called: how tests hold a call's query count (tests/integration/platform/query-budget.test.ts).
 */
export function observeQueries(fn: (q: ObservedQuery) => void): () => void {
  observers.add(fn);
  return () => observers.delete(fn);
}

// Kysely calls this for every statement; with no observer it costs one Set size check.
const logQuery: LogConfig = (event) => {
  if (event.level === 'query') noteStatement(event.query.sql);
  if (observers.size === 0) return;
  const q = { sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis };
  for (const fn of observers) fn(q);
};

/** The one Kysely instance over the pool; use `coreDb()` and `tenantDb()` to reach tables. */
export function baseDb(): Kysely<unknown> {
  base ??= new Kysely<unknown>({ dialect: new PostgresDialect({ pool: getPool() }), log: logQuery });
  return base;
}

/** A company group's schema compiled in (db/tenant-compiler.ts), over the same pool. */
class TenantDialect extends PostgresDialect {
  constructor(readonly schema: string) {
    super({ pool: getPool() });
  }
  override createQueryCompiler() {
    return new TenantQueryCompiler(this.schema);
  }
}

// Kysely instances are immutable: one per schema over the pool, not one per call (issue 12).
let core: CoreDb | undefined;
const tenants = new Map<string, TenantDb>();

export function coreDb(): CoreDb {
  core ??= baseDb().withSchema('core') as unknown as CoreDb;
  return core;
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
export function tenantDb(schemaName: string, db?: Kysely<unknown>): TenantDb {
  if (db) return db.withSchema(tenantSchemaName(schemaName)) as unknown as TenantDb;
  let t = tenants.get(schemaName);
  if (!t) {
    // Its own instance over the shared pool (the driver holds no connection of its own).
    t = new Kysely<TenantDatabase>({
      dialect: new TenantDialect(tenantSchemaName(schemaName)),
      log: logQuery,
    });
    if (tenants.size >= 10_000) tenants.clear();
    tenants.set(schemaName, t);
  }
  return t;
}

/** Switches an existing transaction to another schema. */
export function withCore(db: Kysely<unknown> | Kysely<any>): CoreDb {
  return (db as Kysely<unknown>).withSchema('core') as unknown as CoreDb;
}

const closeHooks = new Set<() => Promise<void>>();
/** Runs `fn` when the database is closed (connections of their own, e.g. the LISTEN one). */
export function onDbClose(fn: () => Promise<void>): void {
  closeHooks.add(fn);
}

export async function closeDb(): Promise<void> {
  await Promise.allSettled([...closeHooks].map((fn) => fn()));
  await closeNotifier();
  const b = base;
  base = undefined;
  core = undefined;
  tenants.clear();
  pool = undefined;
  if (b) await b.destroy();
}

export async function pingDb(): Promise<void> {
  await sql`select 1`.execute(baseDb());
}
