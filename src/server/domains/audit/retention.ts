/**
 * The audit trail's retention (issue 29 item 4): entries and headers older than
 * AUDIT_RETENTION_DAYS are deleted, one company group at a time (then core), in batches of short
 * transactions. The log refuses every UPDATE and DELETE (migrations 1121) except a DELETE of rows
 * older than the cutoff of an `audit_retention_runs` row inserted in the same transaction: each
 * batch inserts that ticket first, and the tickets themselves stay as the log of the sweeps.
 */
import type { Kysely } from 'kysely';
import { config } from '../../config.ts';
import '../../db/audit-tables.ts';
import { coreDb, tenantDb } from '../../db/database.ts';
import { log } from '../../logger.ts';

const DAY_MS = 86_400_000;
export const RETENTION_BATCH = 5000;

/** The audit tables of one schema (tenant or core have the same three). */
interface AuditTables {
  audit_entries: { id: number; at: Date };
  audit_transactions: { id: number; at: Date };
  audit_retention_runs: { id: number; at: Date; cutoff: Date | string };
}

type Table = keyof AuditTables;

/** Deletes one batch of `table`'s rows older than `cutoff` under a ticket; answers how many. */
async function deleteBatch(
  db: Kysely<AuditTables>,
  table: Table,
  cutoff: Date,
  batch: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom(table).select('id').where('at', '<', cutoff).limit(1).executeTakeFirst();
    if (!old) return 0;
    await trx
      .insertInto('audit_retention_runs')
      .values({ cutoff } as never)
      .execute();
    const r = await trx
      .deleteFrom(table)
      .where('id', 'in', trx.selectFrom(table).select('id').where('at', '<', cutoff).limit(batch))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  });
}

/** Sweeps one schema's audit tables; answers the entries deleted. */
export async function sweepAuditSchema(db: Kysely<AuditTables>, cutoff: Date, batch = RETENTION_BATCH) {
  let entries = 0;
  // The tickets stay: one row per batch, the log of the sweeps themselves.
  for (const table of ['audit_entries', 'audit_transactions'] as const) {
    for (;;) {
      const n = await deleteBatch(db, table, cutoff, batch);
      if (table === 'audit_entries') entries += n;
      if (n < batch) break;
    }
  }
  return entries;
}

export async function sweepAuditRetention(
  opts: { now?: Date; schemas?: string[]; batch?: number } = {},
): Promise<{ groups: number; deleted: number }> {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - config().AUDIT_RETENTION_DAYS * DAY_MS);
  const schemas =
    opts.schemas ??
    (await coreDb().selectFrom('company_groups').select('schema_name').orderBy('id').execute()).map(
      (g) => g.schema_name,
    );
  let deleted = 0;
  for (const schema of schemas) {
    try {
      deleted += await sweepAuditSchema(
        tenantDb(schema) as unknown as Kysely<AuditTables>,
        cutoff,
        opts.batch,
      );
    } catch (e) {
      // One group's failure (e.g. mid-migration) must not stop the others; the next run retries.
      log.error('audit retention failed', { schema, error: String(e) });
    }
  }
  deleted += await sweepAuditSchema(coreDb() as unknown as Kysely<AuditTables>, cutoff, opts.batch);
  return { groups: schemas.length, deleted };
}
