/**
 * A report's rows for an export: exactly the list's rows for the same filters (the equipment
 * domain's one WHERE and sort map), in the list's order, read through a server-side cursor in
 * batches of REPORT_BATCH and mapped by the lists' own loader — never the whole result in memory.
 */
import { sql } from 'kysely';
import type { Equipment } from '../../../shared/equipment/schemas.ts';
import type { SortDirection } from '../../../shared/list.ts';
import type { TenantDb } from '../../db/database.ts';
import { loadEquipment } from '../equipment/index.ts';
import {
  type EquipmentReportFilters,
  equipmentReportBase,
  equipmentReportSorts,
  type ReportSpec,
} from '../equipment/index.ts';
import type { Db, Trx } from '../../kit/tenant-tx.ts';
import type { Scope } from '../../kit/scope.ts';

/** Equipment loaded and rendered at a time: a few MB, whatever the report's size. */
export const REPORT_BATCH = 1000;

export interface ReportQuery {
  filters: EquipmentReportFilters & { sort: string; direction: SortDirection };
  spec: ReportSpec;
}

/** How many rows the report has, counting no further than `limit` (what the checks need). */
export async function countReportRows(db: Db, scope: Scope, q: ReportQuery, limit: number): Promise<number> {
  const base = equipmentReportBase(db, scope, q.filters, q.spec);
  const r = await sql<{ n: number }>`select count(*)::int as n from (${base
    .select(sql`1`.as('one'))
    .limit(limit)}) as capped`.execute(db);
  return r.rows[0]!.n;
}

export interface ReportRows {
  /** the transaction the rows are read in (one snapshot for the count, names and rows) */
  trx: Trx;
  /** rows of the report, up to `limit` + 1 (see `withReportRows`) */
  total: number;
  batches: AsyncIterable<Equipment[]>;
}

/**
 * Runs `fn` with the report's rows: one REPEATABLE READ transaction, so the count, the names the
 * header shows and the rows are one snapshot. The cursor orders as the list does (`fetchPage`:
 * the sort key, then the id, both in the asked direction).
 */
export async function withReportRows<T>(
  db: TenantDb,
  scope: Scope,
  q: ReportQuery,
  limit: number,
  fn: (rows: ReportRows) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const total = await countReportRows(trx, scope, q, limit + 1);
      const sorts = equipmentReportSorts(trx, q.spec);
      const sortKey = sorts[q.filters.sort] ?? sorts.createdAt!;
      const dir = q.filters.direction === 'desc' ? sql`desc` : sql`asc`;
      const ordered = equipmentReportBase(trx, scope, q.filters, q.spec)
        .select('e.id')
        .orderBy(sql`${sortKey} ${dir}`)
        .orderBy(sql`e.id ${dir}`)
        .limit(limit);
      await sql`declare report_rows no scroll cursor for ${ordered}`.execute(trx);
      const fetchBatch = async (): Promise<Equipment[]> => {
        const r = await sql<{ id: number }>`fetch forward ${sql.lit(REPORT_BATCH)} from report_rows`.execute(
          trx,
        );
        return r.rows.length
          ? loadEquipment(
              trx,
              r.rows.map((row) => row.id),
              q.spec.day,
            )
          : [];
      };
      // One batch read ahead: Postgres loads the next while the renderer writes this one.
      async function* batches(): AsyncGenerator<Equipment[]> {
        let next = fetchBatch();
        for (;;) {
          const batch = await next;
          if (batch.length === 0) return;
          next = fetchBatch();
          // A consumer that stops early must not leave the read-ahead's rejection unhandled.
          next.catch(() => undefined);
          yield batch;
        }
      }
      return fn({ trx, total, batches: batches() });
    });
}
