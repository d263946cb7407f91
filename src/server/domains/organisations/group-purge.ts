/**
 * The purge of a company group past its grace period (issue 33 item 6), run by the worker's
 * sweep (`groupPurgeSweepJob`). Steps, each idempotent, so a purge killed anywhere finishes on the
 * next sweep (the `company_groups` row, which selects the group for the sweep, goes last):
 *   1. its files (the keys its rows name, found while the rows still exist) are deleted;
 *   2. its schema is dropped, in a transaction of its own with a short `lock_timeout` (a drop
 *      that would wait behind a long reader gives up and is retried by the next sweep, instead of
 *      queueing every other request for those tables behind its exclusive lock);
 *   3. its core rows are deleted deepest first, `PURGE_BATCH` rows per statement, each statement
 *      its own short transaction: row locks only, never a lock on a whole shared table;
 *   4. its `tenant_schema_versions` row, then its `company_groups` row; an audit line is written.
 */
import { type Kysely, sql } from 'kysely';
import { baseDb, coreDb, tenantSchemaName } from '../../db/database.ts';
import { groupTablePlan, kyselyReader } from '../../db/group-core-rows.ts';
import { fileStore } from '../../files/store.ts';
import { log } from '../../logger.ts';
import { groupFileKeys } from './group-files.ts';

export const PURGE_BATCH = 1000;

/** What a purge did; `step` hooks let a test stop it midway (a crash between two steps). */
export interface PurgeOptions {
  batch?: number;
  afterStep?: (step: 'files' | 'schema' | 'rows') => Promise<void> | void;
}

export interface PurgeResult {
  groupId: number;
  schema: string;
  files: number;
  rows: number;
}

/** Deletes `where`'s rows of a core table in batches (ctid: core has no partitioned table). */
async function deleteInBatches(
  db: Kysely<unknown>,
  table: string,
  where: string,
  batch: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await sql`delete from core.${sql.id(table)} where ctid = any(array(
        select ctid from core.${sql.id(table)} where (${sql.raw(where)}) limit ${sql.lit(batch)}))`.execute(
      db,
    );
    const n = Number(r.numAffectedRows ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

/**
 * Purges one group when its grace period has passed (otherwise does nothing and answers null: a
 * restore won the race). Safe to run again after any failure.
 */
export async function purgeGroup(groupId: number, opts: PurgeOptions = {}): Promise<PurgeResult | null> {
  const g = await coreDb()
    .selectFrom('company_groups')
    .select(['id', 'name', 'schema_name'])
    .where('id', '=', groupId)
    .where(sql<boolean>`purge_after <= now()`)
    .executeTakeFirst();
  if (!g) return null;
  const db = baseDb();
  const schema = tenantSchemaName(g.schema_name);
  const store = fileStore();
  const plan = await groupTablePlan(kyselyReader(db), g.id);

  const keys = await groupFileKeys(db, plan, schema, store);
  for (const key of keys) await store.delete(key);
  await opts.afterStep?.('files');

  await db.transaction().execute(async (trx) => {
    await sql`set local lock_timeout = '5s'`.execute(trx);
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx);
  });
  await opts.afterStep?.('schema');

  // A provider admin's session switched into the group keeps working, without the group.
  await sql`update core.sessions set company_group_id = null, company_id = null
    where company_group_id = ${g.id}
      and user_id not in (select id from core.users where company_group_id = ${g.id})`.execute(db);
  let rows = 0;
  const order = [...plan].filter((t) => t.table !== 'company_groups').sort((a, b) => b.depth - a.depth);
  for (const t of order) rows += await deleteInBatches(db, t.table, t.where, opts.batch ?? PURGE_BATCH);
  await opts.afterStep?.('rows');

  await db.transaction().execute(async (trx) => {
    await sql`delete from core.tenant_schema_versions where schema_name = ${schema}`.execute(trx);
    await sql`delete from core.company_groups where id = ${g.id}`.execute(trx);
    await sql`insert into core.audit_log (user_id, company_group_id, action, details)
      values (null, null, 'company-group.purged', ${JSON.stringify({ groupId: g.id, name: g.name, schema, files: keys.length, rows: rows + 1 })}::jsonb)`.execute(
      trx,
    );
  });
  log.info('company group purged', { groupId: g.id, schema, files: keys.length, rows: rows + 1 });
  return { groupId: g.id, schema, files: keys.length, rows: rows + 1 };
}

/** Every group past its grace period, one at a time; a failing group is logged and retried next run. */
export async function purgeDueGroups(opts: PurgeOptions = {}): Promise<PurgeResult[]> {
  const due = await coreDb()
    .selectFrom('company_groups')
    .select('id')
    .where(sql<boolean>`purge_after <= now()`)
    .orderBy('purge_after')
    .execute();
  const done: PurgeResult[] = [];
  for (const { id } of due) {
    try {
      const r = await purgeGroup(id, opts);
      if (r) done.push(r);
    } catch (err) {
      log.error('company group purge failed; the next sweep resumes it', {
        groupId: id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return done;
}
